package io.meridian.index.query;

import static io.meridian.index.query.QueryMatcherTest.matches;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** {@code within}: great-circle distance to the locations the index would have. */
class QueryMatcherGeoTest {
  /** Oslo; Bergen is 305,067 m away. */
  private static final String OSLO = "within %d of 59.9139, 10.7522";

  private static final String BERGEN =
      "{\"location\": {\"latitude\": 60.3913, \"longitude\": 5.3221}}";

  @Test
  void measures_great_circle_distances() {
    assertThat(QueryMatcher.distanceMeters(59.9139, 10.7522, 60.3913, 5.3221))
        .isCloseTo(305_067.13, within(0.01));
    assertThat(QueryMatcher.distanceMeters(0, 0, 0, 180))
        .isCloseTo(Math.PI * QueryMatcher.EARTH_RADIUS_METERS, within(1e-6));
    assertThat(QueryMatcher.distanceMeters(12.5, -3, 12.5, -3)).isZero();
  }

  @Test
  void matches_a_location_inside_the_radius_and_not_outside() {
    assertThat(matches("location " + OSLO.formatted(305_068), BERGEN)).isTrue();
    assertThat(matches("location " + OSLO.formatted(305_066), BERGEN)).isFalse();
  }

  @Test
  void measures_across_the_antimeridian_and_near_the_poles() {
    String east = "{\"p\": {\"latitude\": 0, \"longitude\": 179.9}}";
    String north = "{\"p\": {\"latitude\": 89.9, \"longitude\": 0}}";

    assertThat(matches("p within 22240 of 0, -179.9", east)).isTrue();
    assertThat(matches("p within 22238 of 0, -179.9", east)).isFalse();
    assertThat(matches("p within 22240 of 89.9, 180", north)).isTrue();
  }

  @Test
  void reads_nested_locations_arrays_of_them_and_geojson_points() {
    String nested = "{\"home\": {\"location\": {\"latitude\": 60.3913, \"longitude\": 5.3221}}}";
    String several =
        "{\"stops\": [{\"latitude\": 0, \"longitude\": 0}, {\"latitude\": 60.3913, \"longitude\":"
            + " 5.3221}]}";
    String geoJson = "{\"at\": {\"type\": \"point\", \"coordinates\": [5.3221, 60.3913]}}";

    assertThat(matches("home.location " + OSLO.formatted(305_068), nested)).isTrue();
    assertThat(matches("stops " + OSLO.formatted(305_068), several)).isTrue();
    assertThat(matches("at " + OSLO.formatted(305_068), geoJson)).isTrue();
  }

  @Test
  void ignores_what_the_index_does_not_read_as_a_location() {
    assertThat(matches("p within 1 of 1, 2", "{\"p\": {\"lat\": 1, \"lon\": 2}}")).isFalse();
    assertThat(matches("p within 1 of 1, 2", "{\"p\": {\"latitude\": \"1\", \"longitude\": 2}}"))
        .isFalse();
    assertThat(matches("p within 1 of 1, 2", "{\"p\": [1, 2]}")).isFalse();
    assertThat(
            matches("p within 1 of 1, 2", "{\"p\": {\"type\": \"Line\", \"coordinates\": [2, 1]}}"))
        .isFalse();
    assertThat(matches("p within 1e7 of 0, 0", "{\"p\": {\"latitude\": 91, \"longitude\": 0}}"))
        .isFalse();
    assertThat(
            matches(
                "metadata within 1 of 1, 2", "{\"metadata\": {\"latitude\": 1, \"longitude\": 2}}"))
        .isFalse();
  }

  @Test
  void indexes_the_coordinates_of_a_location_as_numbers_too() {
    assertThat(matches("location.latitude > 60", BERGEN)).isTrue();
    assertThat(matches("location.longitude = 5.3221", BERGEN)).isTrue();
  }

  @Test
  void negates_and_combines_within() {
    assertThat(matches("not location " + OSLO.formatted(1000), BERGEN)).isTrue();
    assertThat(matches("location " + OSLO.formatted(1000) + " or location.latitude > 60", BERGEN))
        .isTrue();
  }
}
