package io.meridian.core.geo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** GeoJSON built from coordinate arrays in tests: rings are {lon, lat, lon, lat, ...}. */
final class GeoJson {
  static final ObjectMapper JSON = new ObjectMapper();

  private GeoJson() {}

  static ObjectNode polygon(double[]... rings) {
    ObjectNode geometry = JSON.createObjectNode().put("type", "Polygon");
    geometry.set("coordinates", rings(rings));
    return geometry;
  }

  static ObjectNode multiPolygon(double[][]... polygons) {
    ObjectNode geometry = JSON.createObjectNode().put("type", "MultiPolygon");
    ArrayNode coordinates = geometry.putArray("coordinates");
    for (double[][] polygon : polygons) {
      coordinates.add(rings(polygon));
    }
    return geometry;
  }

  private static ArrayNode rings(double[][] rings) {
    ArrayNode array = JSON.createArrayNode();
    for (double[] ring : rings) {
      ArrayNode positions = array.addArray();
      for (int i = 0; i < ring.length; i += 2) {
        positions.addArray().add(ring[i]).add(ring[i + 1]);
      }
    }
    return array;
  }

  /** A closed ring: the positions given, then the first again. */
  static double[] ring(double... lonLat) {
    double[] closed = java.util.Arrays.copyOf(lonLat, lonLat.length + 2);
    closed[lonLat.length] = lonLat[0];
    closed[lonLat.length + 1] = lonLat[1];
    return closed;
  }

  static JsonNode parse(String json) {
    try {
      return JSON.readTree(json);
    } catch (Exception e) {
      throw new IllegalArgumentException(json, e);
    }
  }
}
