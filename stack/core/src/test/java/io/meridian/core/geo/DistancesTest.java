package io.meridian.core.geo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.apache.lucene.geo.GeoUtils;
import org.junit.jupiter.api.Test;

class DistancesTest {
  private final SplittableRandom random = new SplittableRandom(7);

  private static double exactHaversine(double lat1, double lon1, double lat2, double lon2) {
    double dLat = Math.toRadians(lat2 - lat1);
    double dLon = Math.toRadians(lon2 - lon1);
    double h =
        Math.pow(Math.sin(dLat / 2), 2)
            + Math.cos(Math.toRadians(lat1))
                * Math.cos(Math.toRadians(lat2))
                * Math.pow(Math.sin(dLon / 2), 2);
    return 2 * Distances.EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
  }

  private double latitude() {
    return random.nextInt(10) == 0 ? 90 - 3 * random.nextDouble() : -90 + 180 * random.nextDouble();
  }

  private double longitude() {
    return random.nextInt(10) == 0
        ? 180 - 3 * random.nextDouble()
        : -180 + 360 * random.nextDouble();
  }

  @Test
  void uses_the_mean_radius_elasticsearch_measures_with() {
    assertThat(Distances.EARTH_RADIUS_METERS).isEqualTo(GeoUtils.EARTH_MEAN_RADIUS_METERS);
  }

  @Test
  void measures_known_distances() {
    double degree = 2 * Math.PI * Distances.EARTH_RADIUS_METERS / 360;
    assertThat(Distances.meters(10, 20, 11, 20)).isCloseTo(degree, within(0.01));
    assertThat(Distances.meters(0, 179.9, 0, -179.9)).isCloseTo(0.2 * degree, within(0.01));
    assertThat(Distances.meters(90, 0, 90, 120)).isCloseTo(0, within(0.01));
    assertThat(Distances.meters(37.7749, -122.4194, 37.8044, -122.2712))
        .isCloseTo(exactHaversine(37.7749, -122.4194, 37.8044, -122.2712), within(0.01))
        .isCloseTo(13_430, within(1.0));
  }

  @Test
  void stays_within_forty_centimetres_of_the_exact_haversine() {
    for (int i = 0; i < 100_000; i++) {
      double lat1 = latitude(), lon1 = longitude();
      double lat2 = i % 2 == 0 ? latitude() : lat1 + random.nextDouble() * 0.01;
      double lon2 = i % 2 == 0 ? longitude() : lon1 + random.nextDouble() * 0.01;
      lat2 = Math.min(90, lat2);
      assertThat(Distances.meters(lat1, lon1, lat2, lon2))
          .isCloseTo(exactHaversine(lat1, lon1, lat2, lon2), within(0.4));
    }
  }

  @Test
  void the_lower_bound_never_exceeds_the_distance_to_any_point_of_the_rectangle() {
    for (int i = 0; i < 200_000; i++) {
      double minLat = Math.max(-90, latitude() - 2 * random.nextDouble());
      double maxLat = Math.min(90, minLat + random.nextDouble() * (i % 3 == 0 ? 40 : 0.05));
      double minLon = Math.max(-180, longitude() - 2 * random.nextDouble());
      double maxLon = Math.min(180, minLon + random.nextDouble() * (i % 3 == 0 ? 90 : 0.05));
      double lat = i % 2 == 0 ? latitude() : minLat - random.nextDouble() * 0.1;
      double lon = i % 2 == 0 ? longitude() : maxLon + random.nextDouble() * 0.1;
      lat = Math.max(-90, Math.min(90, lat));
      lon = lon > 180 ? lon - 360 : lon;
      double pointLat = minLat + (maxLat - minLat) * random.nextDouble();
      double pointLon = minLon + (maxLon - minLon) * random.nextDouble();
      double cosMin = Math.min(Math.cos(Math.toRadians(minLat)), Math.cos(Math.toRadians(maxLat)));

      double bound =
          Distances.lowerBound(
              lat,
              lon,
              Math.cos(Math.toRadians(lat)),
              minLat,
              maxLat,
              minLon,
              maxLon,
              Math.max(0, cosMin));

      assertThat(bound).isLessThanOrEqualTo(Distances.meters(lat, lon, pointLat, pointLon));
    }
  }

  @Test
  void the_lower_bound_of_a_point_is_close_to_its_distance_at_city_scale() {
    for (int i = 0; i < 10_000; i++) {
      double lat = -80 + 160 * random.nextDouble(), lon = longitude();
      double lat2 = lat + 0.5 * (random.nextDouble() - 0.5);
      double lon2 = lon + 0.5 * (random.nextDouble() - 0.5);
      double meters = Distances.meters(lat, lon, lat2, lon2);
      double cos2 = Math.cos(Math.toRadians(lat2));

      double bound =
          Distances.lowerBound(
              lat, lon, Math.cos(Math.toRadians(lat)), lat2, lat2, lon2, lon2, cos2);

      assertThat(bound).isBetween(meters * 0.999 - 2, meters);
    }
  }
}
