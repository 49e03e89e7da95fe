package io.meridian.index.query;

import static io.meridian.index.query.QueryMatcherTest.matches;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code contains <lat>, <lon>}: the property's polygons, holes and boundaries included. */
class QueryMatcherPointTest {
  /** Longitudes 0 to 10, latitudes 0 to 10, with a hole from 4 to 6 in both. */
  private static final String SQUARE_WITH_HOLE =
      """
      {"type": "Polygon", "coordinates": [
        [[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]],
        [[4, 4], [6, 4], [6, 6], [4, 6], [4, 4]]]}
      """;

  /** Two unit squares: longitudes 0 to 1 and 20 to 21, latitudes 0 to 1. */
  private static final String TWO_SQUARES =
      """
      {"type": "MultiPolygon", "coordinates": [
        [[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]],
        [[[20, 0], [21, 0], [21, 1], [20, 1], [20, 0]]]]}
      """;

  private static boolean inside(String ql, String geometry) {
    return matches(ql, "{\"name\": \"zone\", \"area\": " + geometry + "}");
  }

  @Test
  void matches_a_point_inside_the_polygon_and_not_one_outside() {
    assertThat(inside("area contains 2, 3", SQUARE_WITH_HOLE)).isTrue();
    assertThat(inside("area contains 11, 3", SQUARE_WITH_HOLE)).isFalse();
    assertThat(inside("area contains 3, -0.5", SQUARE_WITH_HOLE)).isFalse();
  }

  @Test
  void reads_the_query_as_latitude_then_longitude_and_geojson_as_longitude_then_latitude() {
    String tall =
        "{\"type\": \"Polygon\", \"coordinates\": [[[0, 0], [1, 0], [1, 50], [0, 50], [0, 0]]]}";

    assertThat(inside("area contains 40, 0.5", tall)).isTrue();
    assertThat(inside("area contains 0.5, 40", tall)).isFalse();
  }

  @Test
  void excludes_the_inside_of_a_hole() {
    assertThat(inside("area contains 5, 5", SQUARE_WITH_HOLE)).isFalse();
    assertThat(inside("area contains 3.9, 5", SQUARE_WITH_HOLE)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "area contains 0, 0",
        "area contains 10, 10",
        "area contains 0, 5",
        "area contains 10, 3.5",
        "area contains 4, 5",
        "area contains 6, 6"
      })
  void counts_the_boundary_of_the_shell_and_of_a_hole_as_inside(String ql) {
    assertThat(inside(ql, SQUARE_WITH_HOLE)).isTrue();
  }

  @Test
  void matches_a_point_in_any_polygon_of_a_multipolygon() {
    assertThat(inside("area contains 0.5, 0.5", TWO_SQUARES)).isTrue();
    assertThat(inside("area contains 0.5, 20.5", TWO_SQUARES)).isTrue();
    assertThat(inside("area contains 0.5, 10", TWO_SQUARES)).isFalse();
  }

  @Test
  void never_matches_an_entity_without_the_property() {
    assertThat(matches("area contains 2, 3", "{\"name\": \"zone\"}")).isFalse();
    assertThat(matches("area contains 2, 3", "{\"area\": null}")).isFalse();
    assertThat(matches("area contains 2, 3", "{\"other\": " + SQUARE_WITH_HOLE + "}")).isFalse();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{\"type\": \"Point\", \"coordinates\": [3, 2]}",
        "{\"latitude\": 2, \"longitude\": 3}",
        "{\"type\": \"LineString\", \"coordinates\": [[0, 0], [10, 10]]}",
        "{\"type\": \"Polygon\", \"coordinates\": \"none\"}",
        "{\"type\": \"Polygon\"}",
        "{\"coordinates\": [[[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]]]}",
        "\"Polygon\"",
        "42",
        "true"
      })
  void never_matches_a_property_that_is_not_a_polygon(String value) {
    assertThat(inside("area contains 2, 3", value)).isFalse();
  }

  @Test
  void follows_dotted_paths_arrays_and_dotted_keys() {
    String nested = "{\"zone\": {\"area\": " + TWO_SQUARES + "}}";
    String listed = "{\"zones\": [{\"area\": 5}, {\"area\": " + TWO_SQUARES + "}]}";
    String several = "{\"areas\": [" + SQUARE_WITH_HOLE + ", " + TWO_SQUARES + "]}";
    String dottedKey = "{\"zone.area\": " + TWO_SQUARES + "}";

    assertThat(matches("zone.area contains 0.5, 20.5", nested)).isTrue();
    assertThat(matches("zone contains 0.5, 20.5", nested)).isFalse();
    assertThat(matches("zones.area contains 0.5, 20.5", listed)).isTrue();
    assertThat(matches("areas contains 0.5, 20.5", several)).isTrue();
    assertThat(matches("areas contains 5, 5", several)).isFalse();
    assertThat(matches("zone.area contains 0.5, 20.5", dottedKey)).isTrue();
  }

  @Test
  void ignores_shapes_under_metadata_as_the_index_ignores_its_values() {
    assertThat(
            matches(
                "metadata.area contains 0.5, 0.5",
                "{\"metadata\": {\"area\": " + TWO_SQUARES + "}}"))
        .isFalse();
  }

  @Test
  void combines_with_the_rest_of_the_where_clause() {
    String food =
        "{\"category\": \"Food\", \"priority\": 2, \"geometry\": " + SQUARE_WITH_HOLE + "}";

    assertThat(matches("geometry contains 2, 3 and category = 'food'", food)).isTrue();
    assertThat(matches("geometry contains 2, 3 and category = 'drink'", food)).isFalse();
    assertThat(matches("geometry contains 5, 5 and category = 'food'", food)).isFalse();
    assertThat(matches("geometry contains 2, 3 and not priority > 1", food)).isFalse();
  }
}
