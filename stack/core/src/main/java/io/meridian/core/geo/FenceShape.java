package io.meridian.core.geo;

import com.fasterxml.jackson.databind.JsonNode;

public final class FenceShape {
  private final JsonNode geometry;

  private FenceShape(JsonNode geometry) {
    this.geometry = geometry;
  }

  public static FenceShape parse(JsonNode geometry) {
    if (geometry == null || !geometry.isObject()) return null;
    String type = geometry.path("type").asText("");
    return type.equals("Polygon") || type.equals("MultiPolygon") ? new FenceShape(geometry) : null;
  }

  public boolean contains(double lat, double lon) {
    return Fences.contains(geometry, lat, lon);
  }
}
