package io.meridian.core.geo;

import org.apache.lucene.util.SloppyMath;

/**
 * Great-circle distances as Elasticsearch's {@code geo_distance} (arc) computes them: Lucene's
 * haversine ({@link SloppyMath#haversinMeters(double, double, double, double)}, the function behind
 * {@code GeoUtils.arcDistance}) on a sphere of radius {@value #EARTH_RADIUS_METERS} m, the mean
 * radius of Lucene's {@code GeoUtils}. Using the very function, not a re-derivation, keeps the
 * in-memory point index, the query matcher and the search index in agreement to the last bit on the
 * same coordinates (Elasticsearch itself stores points rounded to about a centimetre).
 *
 * <p>Lucene evaluates the haversine with table-based cosine and arcsine: within 40 cm of the exact
 * formula on its documented worst case, and far closer at city distances. Lower bounds used to
 * prune a search allow for that ({@link #SLACK_METERS}, {@link #SLACK_RATIO}).
 */
public final class Distances {
  /** The radius of the sphere, metres: Lucene's {@code GeoUtils.EARTH_MEAN_RADIUS_METERS}. */
  public static final double EARTH_RADIUS_METERS = 6_371_008.7714;

  /** Absolute allowance, metres, for Lucene's approximation when pruning by a lower bound. */
  static final double SLACK_METERS = 1.0;

  /** Relative allowance for the same, dominant near antipodal distances. */
  static final double SLACK_RATIO = 1e-6;

  private Distances() {}

  /** The distance in metres between two points given in degrees. */
  public static double meters(double lat1, double lon1, double lat2, double lon2) {
    return SloppyMath.haversinMeters(lat1, lon1, lat2, lon2);
  }

  /**
   * A lower bound, in metres, of the distance from a point to any point of the latitude/longitude
   * rectangle, valid across the antimeridian and at the poles, with no trigonometric call: on the
   * sphere, {@code hav(d) = hav(dLat) + cos(lat1) cos(lat2) hav(dLon)}, each gap is at least the
   * rectangle's, {@code cos(lat2)} at least {@code cosMinLat} (the smallest cosine over the
   * rectangle's latitudes), {@code sin x >= x - x^3/6} and {@code asin y >= y}. The result is then
   * lowered by the allowance for Lucene's approximation so it never exceeds {@link #meters}.
   */
  static double lowerBound(
      double latitude,
      double longitude,
      double cosLatitude,
      double minLat,
      double maxLat,
      double minLon,
      double maxLon,
      double cosMinLat) {
    double dLat = Math.max(0, Math.max(minLat - latitude, latitude - maxLat));
    double dLon = 0;
    if (longitude < minLon || longitude > maxLon) {
      double east = minLon - longitude;
      if (east < 0) {
        east += 360;
      }
      double west = longitude - maxLon;
      if (west < 0) {
        west += 360;
      }
      dLon = Math.min(180, Math.min(east, west));
    }
    double a = Math.toRadians(dLat) * 0.5;
    double b = Math.toRadians(dLon) * 0.5;
    double sinA = a - a * a * a / 6;
    double sinB = b - b * b * b / 6;
    double hav = sinA * sinA + cosLatitude * cosMinLat * sinB * sinB;
    double bound = 2 * EARTH_RADIUS_METERS * Math.sqrt(hav);
    return bound - SLACK_METERS - SLACK_RATIO * bound;
  }
}
