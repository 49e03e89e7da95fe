package io.meridian.core.geo;

import static io.meridian.core.geo.GeoJson.multiPolygon;
import static io.meridian.core.geo.GeoJson.parse;
import static io.meridian.core.geo.GeoJson.polygon;
import static io.meridian.core.geo.GeoJson.ring;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import org.assertj.core.api.AbstractStringAssert;
import org.junit.jupiter.api.Test;

class GeoValidationTest {
  private static final double[] SQUARE = ring(0, 0, 10, 0, 10, 10, 0, 10);
  private static final double[] HOLE = ring(2, 2, 4, 2, 4, 4, 2, 4);

  private static ObjectNode properties(String json) {
    return (ObjectNode) parse(json);
  }

  private static ObjectNode withGeometry(JsonNode geometry) {
    ObjectNode properties = GeoJson.JSON.createObjectNode().put("name", "zone");
    properties.set("geometry", geometry);
    return properties;
  }

  private static AbstractStringAssert<?> rejection(ObjectNode properties) {
    return rejection(properties, 10_000);
  }

  private static AbstractStringAssert<?> rejection(ObjectNode properties, int maxVertices) {
    try {
      GeoValidation.validate(properties, maxVertices);
    } catch (MeridianException e) {
      assertThat(e.code()).isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
      return assertThat(e.getMessage());
    }
    throw new AssertionError("accepted: " + properties);
  }

  private static void accepts(ObjectNode properties) {
    assertThatCode(() -> GeoValidation.validate(properties, 10_000)).doesNotThrowAnyException();
  }

  @Test
  void accepts_entities_without_any_geography() {
    accepts(properties("{\"name\":\"x\",\"tags\":[1,2,{\"a\":\"b\"}],\"geometry\":null}"));
  }

  @Test
  void accepts_locations_at_any_depth_and_in_both_forms() {
    accepts(
        properties(
            "{\"location\":{\"latitude\":37.77,\"longitude\":-122.42},"
                + "\"stops\":[{\"at\":{\"latitude\":-90,\"longitude\":180}},"
                + "{\"at\":{\"type\":\"Point\",\"coordinates\":[-180,90,12.5]}}]}"));
  }

  @Test
  void accepts_a_polygon_with_a_hole_a_multipolygon_and_a_point_geometry() {
    accepts(withGeometry(polygon(SQUARE, HOLE)));
    accepts(withGeometry(multiPolygon(new double[][] {SQUARE}, new double[][] {HOLE})));
    accepts(properties("{\"geometry\":{\"type\":\"Point\",\"coordinates\":[1.5,2.5]}}"));
  }

  @Test
  void accepts_overlapping_polygons_of_a_multipolygon() {
    accepts(withGeometry(multiPolygon(new double[][] {SQUARE}, new double[][] {SQUARE})));
  }

  @Test
  void accepts_a_polygon_touching_the_antimeridian_from_one_side() {
    accepts(withGeometry(polygon(ring(170, 0, 180, 0, 180, 10, 170, 10))));
  }

  @Test
  void rejects_a_latitude_out_of_range_naming_its_path() {
    rejection(properties("{\"stops\":[{},{\"location\":{\"latitude\":90.5,\"longitude\":0}}]}"))
        .isEqualTo("stops[1].location.latitude must be a latitude between -90 and 90, is 90.5");
  }

  @Test
  void rejects_a_longitude_out_of_range() {
    rejection(properties("{\"location\":{\"latitude\":0,\"longitude\":-180.01}}"))
        .contains("location.longitude must be a longitude between -180 and 180");
  }

  @Test
  void rejects_coordinates_given_as_strings_or_booleans() {
    rejection(properties("{\"location\":{\"latitude\":\"37.5\",\"longitude\":1}}"))
        .isEqualTo("location.latitude must be a number");
    rejection(properties("{\"location\":{\"latitude\":1,\"longitude\":true}}"))
        .isEqualTo("location.longitude must be a number");
  }

  @Test
  void rejects_numbers_that_are_not_finite() {
    ObjectNode location = GeoJson.JSON.createObjectNode().put("longitude", 1);
    location.set("latitude", DoubleNode.valueOf(Double.NaN));
    ObjectNode properties = GeoJson.JSON.createObjectNode();
    properties.set("location", location);
    rejection(properties).isEqualTo("location.latitude must be a number");
  }

  @Test
  void rejects_a_point_that_is_not_longitude_then_latitude() {
    rejection(properties("{\"p\":{\"type\":\"Point\",\"coordinates\":[10,95]}}"))
        .isEqualTo("p.coordinates[1] must be a latitude between -90 and 90, is 95");
    rejection(properties("{\"p\":{\"type\":\"Point\",\"coordinates\":[10]}}"))
        .startsWith("p.coordinates must be a position [longitude, latitude]");
    rejection(properties("{\"p\":{\"type\":\"Point\",\"coordinates\":[1,2,3,4]}}"))
        .startsWith("p.coordinates must be a position");
    rejection(properties("{\"p\":{\"type\":\"Point\",\"coordinates\":[1,2,\"high\"]}}"))
        .isEqualTo("p.coordinates[2] (the altitude) must be a number");
  }

  @Test
  void rejects_geometry_types_other_than_point_polygon_and_multipolygon() {
    rejection(properties("{\"geometry\":{\"type\":\"LineString\",\"coordinates\":[[0,0],[1,1]]}}"))
        .isEqualTo(
            "geometry of type LineString is not supported: the supported types are Point,"
                + " Polygon and MultiPolygon");
    rejection(properties("{\"geometry\":\"somewhere\"}"))
        .startsWith("geometry must be a GeoJSON object");
    rejection(properties("{\"geometry\":{\"type\":\"Polygon\"}}"))
        .isEqualTo("geometry.coordinates must be an array");
  }

  @Test
  void rejects_a_bow_tie_with_the_reason_and_where() {
    rejection(withGeometry(polygon(ring(0, 0, 10, 10, 10, 0, 0, 10))))
        .isEqualTo("geometry.coordinates is not a valid polygon: Self-intersection at [5.0, 5.0]");
  }

  @Test
  void rejects_a_hole_outside_its_shell() {
    rejection(withGeometry(polygon(SQUARE, ring(20, 20, 21, 20, 21, 21, 20, 21))))
        .startsWith("geometry.coordinates is not a valid polygon: Hole lies outside shell");
  }

  @Test
  void rejects_an_invalid_polygon_of_a_multipolygon_naming_which() {
    double[] bowTie = ring(0, 0, 10, 10, 10, 0, 0, 10);
    rejection(withGeometry(multiPolygon(new double[][] {SQUARE}, new double[][] {bowTie})))
        .startsWith("geometry.coordinates[1] is not a valid polygon: Self-intersection");
  }

  @Test
  void rejects_an_unclosed_ring() {
    rejection(withGeometry(polygon(new double[] {0, 0, 10, 0, 10, 10, 0, 10})))
        .isEqualTo(
            "geometry.coordinates[0] must be closed: its last position [0.0, 10.0] differs from"
                + " its first [0.0, 0.0]");
  }

  @Test
  void rejects_a_ring_of_three_positions() {
    rejection(withGeometry(polygon(new double[] {0, 0, 10, 0, 0, 0})))
        .isEqualTo("geometry.coordinates[0] must have at least 4 positions, has 3");
  }

  @Test
  void rejects_a_polygon_without_rings_and_a_multipolygon_without_polygons() {
    rejection(properties("{\"geometry\":{\"type\":\"Polygon\",\"coordinates\":[]}}"))
        .startsWith("geometry.coordinates must be an array of at least one ring");
    rejection(properties("{\"geometry\":{\"type\":\"MultiPolygon\",\"coordinates\":[]}}"))
        .isEqualTo("geometry.coordinates must hold at least one polygon");
  }

  @Test
  void rejects_a_polygon_position_out_of_range_or_not_numeric() {
    rejection(withGeometry(polygon(ring(0, 0, 10, 0, 10, 91, 0, 10))))
        .isEqualTo("geometry.coordinates[0][2][1] must be a latitude between -90 and 90, is 91.0");
    rejection(
            properties(
                "{\"geometry\":{\"type\":\"Polygon\",\"coordinates\":"
                    + "[[[0,0],[\"10\",0],[10,10],[0,0]]]}}"))
        .isEqualTo("geometry.coordinates[0][1][0] must be a number");
  }

  @Test
  void rejects_more_positions_than_allowed_before_building_anything() {
    ObjectNode geometry = withGeometry(polygon(SQUARE, HOLE));
    rejection(geometry, 9).isEqualTo("geometry has 10 positions, more than the 9 allowed");
    assertThatCode(() -> GeoValidation.validate(geometry, 10)).doesNotThrowAnyException();
  }

  @Test
  void rejects_an_edge_spanning_more_than_half_the_world_and_says_how_to_split() {
    rejection(withGeometry(polygon(ring(170, 0, -170, 0, -170, 10, 170, 10))))
        .isEqualTo(
            "geometry.coordinates[0] has an edge from [170.0, 0.0] to [-170.0, 0.0] that spans"
                + " more than 180° of longitude: split the polygon at the antimeridian into a"
                + " MultiPolygon (RFC 7946, section 3.1.9)");
  }

  @Test
  void checks_the_closing_edge_for_the_antimeridian_too() {
    rejection(withGeometry(polygon(ring(170, 0, 10, 0, -150, 5, -170, 5))))
        .contains("an edge from [-170.0, 5.0] to [170.0, 0.0] that spans more than 180°");
  }

  @Test
  void does_not_check_an_object_with_only_a_latitude() {
    accepts(properties("{\"depth\":{\"latitude\":\"deep\"}}"));
  }

  @Test
  void the_exception_is_a_400_illegal_argument() {
    assertThatThrownBy(
            () -> GeoValidation.validate(properties("{\"geometry\":{\"type\":\"Circle\"}}"), 1))
        .isInstanceOfSatisfying(
            MeridianException.class, e -> assertThat(e.code().status()).isEqualTo(400));
  }
}
