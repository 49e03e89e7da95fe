package io.meridian.loadtests.scenarios;

/** Great-circle distance as Elasticsearch computes it for geo_distance (haversine, mean radius). */
final class Distances {
  static final double EARTH_RADIUS = 6_371_008.7714;

  private Distances() {}

  static double meters(double lat1, double lon1, double lat2, double lon2) {
    double dLat = Math.toRadians(lat2 - lat1);
    double dLon = Math.toRadians(lon2 - lon1);
    double h =
        Math.sin(dLat / 2) * Math.sin(dLat / 2)
            + Math.cos(Math.toRadians(lat1))
                * Math.cos(Math.toRadians(lat2))
                * Math.sin(dLon / 2)
                * Math.sin(dLon / 2);
    return 2 * EARTH_RADIUS * Math.asin(Math.min(1, Math.sqrt(h)));
  }
}
