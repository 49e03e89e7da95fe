package io.meridian.core.geo;

import static io.meridian.core.geo.GeoJson.multiPolygon;
import static io.meridian.core.geo.GeoJson.parse;
import static io.meridian.core.geo.GeoJson.polygon;
import static io.meridian.core.geo.GeoJson.ring;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FenceShapeTest {
  /** lon 0..10, lat 0..10 with a hole lon 2..4, lat 2..4. */
  private final FenceShape square =
      FenceShape.parse(polygon(ring(0, 0, 10, 0, 10, 10, 0, 10), ring(2, 2, 4, 2, 4, 4, 2, 4)));

  /** A triangle with a sloped edge from (0, 0) to (3, 1), so (1.5, 0.5) lies exactly on it. */
  private final FenceShape triangle = FenceShape.parse(polygon(ring(0, 0, 3, 1, 0, 1)));

  @Test
  void contains_points_strictly_inside() {
    assertThat(square.contains(5, 5)).isTrue();
    assertThat(square.contains(9.999, 0.001)).isTrue();
  }

  @Test
  void does_not_contain_points_outside() {
    assertThat(square.contains(5, 10.000001)).isFalse();
    assertThat(square.contains(-0.000001, 5)).isFalse();
    assertThat(square.contains(50, 50)).isFalse();
  }

  @Test
  void contains_every_vertex_and_points_on_edges() {
    assertThat(square.contains(0, 0)).isTrue();
    assertThat(square.contains(10, 10)).isTrue();
    assertThat(square.contains(0, 7.25)).as("on a vertical edge").isTrue();
    assertThat(square.contains(10, 3.5)).as("on a horizontal edge").isTrue();
    assertThat(triangle.contains(0.5, 1.5)).as("on a sloped edge").isTrue();
    assertThat(triangle.contains(0.5, 1.5000000000000002)).isFalse();
  }

  @Test
  void a_hole_is_outside_and_its_boundary_inside() {
    assertThat(square.contains(3, 3)).isFalse();
    assertThat(square.contains(2, 3)).isTrue();
    assertThat(square.contains(4, 4)).isTrue();
    assertThat(square.contains(3, 2.0000001)).isFalse();
  }

  @Test
  void a_multipolygon_contains_what_any_of_its_polygons_contains() {
    FenceShape two =
        FenceShape.parse(
            multiPolygon(
                new double[][] {ring(0, 0, 1, 0, 1, 1, 0, 1)},
                new double[][] {ring(5, 5, 6, 5, 6, 6, 5, 6)}));
    assertThat(two.contains(0.5, 0.5)).isTrue();
    assertThat(two.contains(5.5, 5.5)).isTrue();
    assertThat(two.contains(3, 3)).as("between them").isFalse();
    assertThat(two.polygonCount()).isEqualTo(2);
  }

  @Test
  void edges_are_straight_in_longitude_latitude_not_great_circles() {
    FenceShape band = FenceShape.parse(polygon(ring(-100, 60, 100, 60, 100, 61, -100, 61)));
    // On a great circle, the edge from (-100, 60) to (100, 60) would pass near the pole.
    assertThat(band.contains(60.5, 0)).isTrue();
    assertThat(band.contains(80, 0)).isFalse();
  }

  @Test
  void keeps_coordinates_flat_without_the_closing_position() {
    assertThat(square.vertexCount()).isEqualTo(8);
    assertThat(square.coordinates()).hasSize(16);
    assertThat(square.minLongitude()).isEqualTo(0);
    assertThat(square.maxLatitude()).isEqualTo(10);
  }

  @Test
  void is_null_for_anything_but_a_polygon_or_multipolygon() {
    assertThat(FenceShape.parse(null)).isNull();
    assertThat(FenceShape.parse(parse("{\"type\":\"Point\",\"coordinates\":[1,2]}"))).isNull();
    assertThat(FenceShape.parse(parse("{\"type\":\"Polygon\"}"))).isNull();
    assertThat(FenceShape.parse(parse("{\"type\":\"MultiPolygon\",\"coordinates\":[]}"))).isNull();
    assertThat(FenceShape.parse(parse("{\"type\":\"Polygon\",\"coordinates\":[[[0,0],[1,1]]]}")))
        .isNull();
    assertThat(
            FenceShape.parse(
                parse("{\"type\":\"Polygon\",\"coordinates\":[[[0,0],[1,0],[\"1\",1],[0,0]]]}")))
        .isNull();
    assertThat(
            FenceShape.parse(
                parse("{\"type\":\"Polygon\",\"coordinates\":[[[0,0],[1,0],[1,100],[0,0]]]}")))
        .isNull();
  }

  @Test
  void closes_an_unclosed_ring_implicitly() {
    FenceShape open = FenceShape.parse(polygon(new double[] {0, 0, 4, 0, 4, 4, 0, 4}));
    assertThat(open.contains(2, 2)).isTrue();
    assertThat(open.contains(2, 0)).as("on the implied closing edge").isTrue();
  }

  @Test
  void fences_contains_reads_the_stored_geometry_with_the_same_rules() {
    assertThat(Fences.contains(polygon(ring(0, 0, 10, 0, 10, 10, 0, 10)), 10, 10)).isTrue();
    assertThat(Fences.contains(polygon(ring(0, 0, 10, 0, 10, 10, 0, 10)), 11, 10)).isFalse();
    assertThat(Fences.contains(parse("{\"type\":\"Polygon\",\"coordinates\":\"x\"}"), 0, 0))
        .isFalse();
    assertThat(Fences.contains(parse("[1,2]"), 0, 0)).isFalse();
  }

  @Test
  void a_segment_meets_the_shape_when_it_crosses_it_with_both_ends_outside() {
    assertThat(square.meetsSegment(5, -1, 5, 11)).as("across the shell").isTrue();
    assertThat(square.meetsSegment(-1, -1, -1, 11)).as("beside it").isFalse();
    assertThat(square.meetsSegment(2, -1, -1, 2)).as("across a corner").isTrue();
    assertThat(square.meetsSegment(5, -6, -6, 5)).as("past a corner").isFalse();
  }

  @Test
  void a_segment_with_an_end_inside_meets_the_shape() {
    assertThat(square.meetsSegment(5, 5, 6, 6)).as("wholly inside").isTrue();
    assertThat(square.meetsSegment(5, 5, 50, 50)).as("leaving").isTrue();
  }

  @Test
  void touching_the_boundary_counts_as_meeting() {
    assertThat(square.meetsSegment(-1, 10, 0, 10)).as("ending on a vertex").isTrue();
    assertThat(square.meetsSegment(-1, 11, 1, 9)).as("through a vertex from outside").isTrue();
    assertThat(square.meetsSegment(10, -5, 10, 15)).as("along an edge").isTrue();
    assertThat(square.meetsSegment(10.000001, -5, 10.000001, 15)).isFalse();
    assertThat(triangle.meetsSegment(0.5, 1.5, 0.5, 1.5)).as("a point on an edge").isTrue();
  }

  @Test
  void a_segment_inside_a_hole_does_not_meet_the_shape_but_one_across_its_boundary_does() {
    assertThat(square.meetsSegment(2.5, 2.5, 3.5, 3.5)).isFalse();
    assertThat(square.meetsSegment(3, 3, 3, 5)).isTrue();
  }
}
