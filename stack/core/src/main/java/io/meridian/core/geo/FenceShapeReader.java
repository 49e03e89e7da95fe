package io.meridian.core.geo;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Arrays;

/**
 * Reads a GeoJSON Polygon or MultiPolygon into {@link FenceShape}'s layout: every ring's positions
 * in one coordinate array, a ring's closing position dropped when it repeats its first, ring and
 * polygon ends only when there is more than one ring.
 */
final class FenceShapeReader {
  private FenceShapeReader() {}

  /** As {@link FenceShape#parse}. */
  static FenceShape read(JsonNode geometry) {
    if (geometry == null || !geometry.isObject()) {
      return null;
    }
    JsonNode coordinates = geometry.get("coordinates");
    if (coordinates == null || !coordinates.isArray()) {
      return null;
    }
    JsonNode[] polygons;
    switch (geometry.path("type").asText("")) {
      case "Polygon" -> polygons = new JsonNode[] {coordinates};
      case "MultiPolygon" -> {
        polygons = new JsonNode[coordinates.size()];
        for (int i = 0; i < polygons.length; i++) {
          polygons[i] = coordinates.get(i);
        }
      }
      default -> {
        return null;
      }
    }
    return polygons.length == 0 ? null : build(polygons);
  }

  private static FenceShape build(JsonNode[] polygons) {
    int rings = 0;
    int doubles = 0;
    for (JsonNode polygon : polygons) {
      if (!polygon.isArray() || polygon.isEmpty()) {
        return null;
      }
      for (JsonNode ring : polygon) {
        if (!ring.isArray() || ring.size() < 4) {
          return null;
        }
        rings++;
        doubles += 2 * ring.size();
      }
    }
    double[] xy = new double[doubles];
    int[] ringEnds = new int[rings];
    int[] polygonEnds = new int[polygons.length];
    int offset = 0;
    int ring = 0;
    for (int p = 0; p < polygons.length; p++) {
      for (JsonNode positions : polygons[p]) {
        int start = offset;
        for (JsonNode position : positions) {
          if (!position.isArray() || position.size() < 2) {
            return null;
          }
          double x = position.get(0).asDouble(Double.NaN);
          double y = position.get(1).asDouble(Double.NaN);
          if (!position.get(0).isNumber()
              || !position.get(1).isNumber()
              || !(x >= -180 && x <= 180 && y >= -90 && y <= 90)) {
            return null;
          }
          xy[offset++] = x;
          xy[offset++] = y;
        }
        if (xy[start] == xy[offset - 2] && xy[start + 1] == xy[offset - 1]) {
          offset -= 2; // the closing position repeats the first: the closing segment is implied
        }
        ringEnds[ring++] = offset;
      }
      polygonEnds[p] = ring;
    }
    if (offset < xy.length) {
      xy = Arrays.copyOf(xy, offset);
    }
    boolean simple = rings == 1;
    return new FenceShape(xy, simple ? null : ringEnds, simple ? null : polygonEnds);
  }
}
