package io.meridian.core.geo;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Point containment on a GeoJSON geometry as an entity stores it. Edges are straight lines in
 * longitude/latitude (GeoJSON's planar semantics); a point on the boundary is inside.
 */
public final class Fences {
  private Fences() {}

  /**
   * Whether {@code geometry} is a GeoJSON Polygon or MultiPolygon that contains the point; false
   * for anything else (a missing property, another type, malformed coordinates).
   */
  public static boolean contains(JsonNode geometry, double latitude, double longitude) {
    if (geometry == null || !geometry.isObject()) {
      return false;
    }
    String type = geometry.path("type").asText("");
    JsonNode coordinates = geometry.get("coordinates");
    if (coordinates == null || !coordinates.isArray()) {
      return false;
    }
    if (type.equals("Polygon")) {
      return polygonContains(coordinates, latitude, longitude);
    }
    if (type.equals("MultiPolygon")) {
      for (JsonNode polygon : coordinates) {
        if (polygonContains(polygon, latitude, longitude)) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean polygonContains(JsonNode rings, double latitude, double longitude) {
    if (!rings.isArray() || rings.isEmpty()) {
      return false;
    }
    if (!ringCovers(rings.get(0), latitude, longitude, true)) {
      return false;
    }
    for (int i = 1; i < rings.size(); i++) {
      // Inside a hole is outside; its boundary belongs to the polygon.
      if (ringCovers(rings.get(i), latitude, longitude, false)) {
        return false;
      }
    }
    return true;
  }

  /** Crossing number, with points on an edge reported as {@code boundary}. */
  private static boolean ringCovers(JsonNode ring, double y, double x, boolean boundary) {
    int n = ring.size();
    boolean inside = false;
    for (int i = 0, j = n - 1; i < n; j = i++) {
      double xi = ring.get(i).get(0).asDouble(), yi = ring.get(i).get(1).asDouble();
      double xj = ring.get(j).get(0).asDouble(), yj = ring.get(j).get(1).asDouble();
      double cross = (xj - xi) * (y - yi) - (yj - yi) * (x - xi);
      if (cross == 0
          && Math.min(xi, xj) <= x
          && x <= Math.max(xi, xj)
          && Math.min(yi, yj) <= y
          && y <= Math.max(yi, yj)) {
        return boundary;
      }
      if ((yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi) {
        inside = !inside;
      }
    }
    return inside;
  }
}
