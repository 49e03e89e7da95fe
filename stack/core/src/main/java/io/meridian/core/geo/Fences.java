package io.meridian.core.geo;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Point containment on a GeoJSON geometry as an entity stores it. Edges are straight lines in
 * longitude/latitude (GeoJSON's planar semantics); a point on the boundary is inside. The rules are
 * {@link FenceShape}'s, which the in-memory fence index uses too, so the matcher and the index
 * never disagree.
 */
public final class Fences {
  private Fences() {}

  /**
   * Whether {@code geometry} is a GeoJSON Polygon or MultiPolygon that contains the point; false
   * for anything else (a missing property, another type, malformed coordinates).
   */
  public static boolean contains(JsonNode geometry, double latitude, double longitude) {
    FenceShape shape = FenceShape.parse(geometry);
    return shape != null && shape.contains(latitude, longitude);
  }
}
