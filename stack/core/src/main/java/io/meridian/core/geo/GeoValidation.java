package io.meridian.core.geo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import java.util.Iterator;
import java.util.Map;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.operation.valid.IsValidOp;
import org.locationtech.jts.operation.valid.TopologyValidationError;

/**
 * Checks the geographic values of an entity's properties on write, so that what the indexes and the
 * matcher read later is well formed. Every failure is a 400 {@code illegal_argument} naming the
 * property path ({@code geometry.coordinates[0][3]}, {@code stops[2].location.latitude}).
 *
 * <ul>
 *   <li>An object at any depth with both {@code latitude} and {@code longitude}: both numbers,
 *       latitude in [-90, 90], longitude in [-180, 180].
 *   <li>An object at any depth with {@code "type": "Point"} and {@code coordinates}: {@code
 *       [longitude, latitude]} or {@code [longitude, latitude, altitude]}, numbers, in range.
 *   <li>The top-level {@code geometry}, unless absent or null: a GeoJSON Point, Polygon or
 *       MultiPolygon. A polygon's rings are arrays of at least four positions, closed (the last
 *       position repeats the first), with no edge spanning more than 180° of longitude (RFC 7946
 *       §3.1.9: such a polygon must be split at the antimeridian into a MultiPolygon), and each
 *       polygon is valid for JTS's {@link IsValidOp} (no self-intersection, holes inside the shell
 *       and apart). A MultiPolygon holds at least one polygon; its polygons may overlap (a point is
 *       inside when one of them contains it). Positions over all rings, closing ones included, are
 *       at most {@code maxVertices}, checked before any geometry is built.
 * </ul>
 *
 * Ring orientation is not checked: containment does not depend on it.
 */
public final class GeoValidation {
  private static final GeometryFactory GEOMETRIES = new GeometryFactory();

  private GeoValidation() {}

  /** Throws {@link MeridianException} ({@link ErrorCode#ILLEGAL_ARGUMENT}) at the first error. */
  public static void validate(ObjectNode properties, int maxVertices) {
    JsonNode geometry = properties.get("geometry");
    if (geometry != null && !geometry.isNull()) {
      validateGeometry(geometry, maxVertices);
    }
    Iterator<Map.Entry<String, JsonNode>> fields = properties.fields();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> field = fields.next();
      walk(field.getValue(), field.getKey());
    }
  }

  private static void walk(JsonNode node, String path) {
    if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        walk(node.get(i), path + "[" + i + "]");
      }
      return;
    }
    if (!node.isObject()) {
      return;
    }
    if (node.has("latitude") && node.has("longitude")) {
      coordinate(node.get("latitude"), path + ".latitude", 90);
      coordinate(node.get("longitude"), path + ".longitude", 180);
    }
    if (node.has("coordinates") && "Point".equals(node.path("type").textValue())) {
      position(node.get("coordinates"), path + ".coordinates");
    }
    Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> field = fields.next();
      walk(field.getValue(), path + "." + field.getKey());
    }
  }

  private static void validateGeometry(JsonNode geometry, int maxVertices) {
    if (!geometry.isObject() || !geometry.path("type").isTextual()) {
      throw invalid(
          "geometry must be a GeoJSON object with a type of Point, Polygon or MultiPolygon");
    }
    String type = geometry.get("type").textValue();
    JsonNode coordinates = geometry.get("coordinates");
    if (!type.equals("Point") && !type.equals("Polygon") && !type.equals("MultiPolygon")) {
      throw invalid(
          "geometry of type "
              + type
              + " is not supported: the supported types are Point, Polygon and MultiPolygon");
    }
    if (coordinates == null || !coordinates.isArray()) {
      throw invalid("geometry.coordinates must be an array");
    }
    switch (type) {
      case "Point" -> position(coordinates, "geometry.coordinates");
      case "Polygon" -> {
        countVertices(coordinates, 1, maxVertices);
        polygon(coordinates, "geometry.coordinates");
      }
      default -> {
        if (coordinates.isEmpty()) {
          throw invalid("geometry.coordinates must hold at least one polygon");
        }
        countVertices(coordinates, 2, maxVertices);
        for (int i = 0; i < coordinates.size(); i++) {
          polygon(coordinates.get(i), "geometry.coordinates[" + i + "]");
        }
      }
    }
  }

  /** Counts positions at the given array depth before anything is parsed or built. */
  private static void countVertices(JsonNode coordinates, int ringDepth, int maxVertices) {
    long count = 0;
    if (ringDepth == 1) {
      for (JsonNode ring : coordinates) {
        count += ring.size();
      }
    } else {
      for (JsonNode polygon : coordinates) {
        for (JsonNode ring : polygon) {
          count += ring.size();
        }
      }
    }
    if (count > maxVertices) {
      throw invalid(
          "geometry has " + count + " positions, more than the " + maxVertices + " allowed");
    }
  }

  private static void polygon(JsonNode rings, String path) {
    if (!rings.isArray() || rings.isEmpty()) {
      throw invalid(path + " must be an array of at least one ring (the shell, then any holes)");
    }
    LinearRing[] linearRings = new LinearRing[rings.size()];
    for (int r = 0; r < rings.size(); r++) {
      linearRings[r] = ring(rings.get(r), path + "[" + r + "]");
    }
    LinearRing[] holes = new LinearRing[linearRings.length - 1];
    System.arraycopy(linearRings, 1, holes, 0, holes.length);
    Polygon polygon = GEOMETRIES.createPolygon(linearRings[0], holes);
    TopologyValidationError error = new IsValidOp(polygon).getValidationError();
    if (error != null) {
      Coordinate at = error.getCoordinate();
      throw invalid(
          path
              + " is not a valid polygon: "
              + error.getMessage()
              + (at == null ? "" : " at [" + at.x + ", " + at.y + "]"));
    }
  }

  private static LinearRing ring(JsonNode ring, String path) {
    if (!ring.isArray()) {
      throw invalid(path + " must be an array of positions");
    }
    if (ring.size() < 4) {
      throw invalid(path + " must have at least 4 positions, has " + ring.size());
    }
    Coordinate[] coordinates = new Coordinate[ring.size()];
    for (int i = 0; i < ring.size(); i++) {
      double[] position = position(ring.get(i), path + "[" + i + "]");
      coordinates[i] = new Coordinate(position[0], position[1]);
      if (i > 0 && Math.abs(position[0] - coordinates[i - 1].x) > 180) {
        throw invalid(
            path
                + " has an edge from "
                + text(coordinates[i - 1])
                + " to "
                + text(coordinates[i])
                + " that spans more than 180° of longitude: split the polygon at the antimeridian"
                + " into a MultiPolygon (RFC 7946, section 3.1.9)");
      }
    }
    if (!coordinates[0].equals2D(coordinates[coordinates.length - 1])) {
      throw invalid(
          path
              + " must be closed: its last position "
              + text(coordinates[coordinates.length - 1])
              + " differs from its first "
              + text(coordinates[0]));
    }
    return GEOMETRIES.createLinearRing(coordinates);
  }

  /** A GeoJSON position: [longitude, latitude] or [longitude, latitude, altitude]. */
  private static double[] position(JsonNode position, String path) {
    if (!position.isArray() || position.size() < 2 || position.size() > 3) {
      throw invalid(
          path + " must be a position [longitude, latitude] or [longitude, latitude, altitude]");
    }
    double longitude = coordinate(position.get(0), path + "[0]", 180);
    double latitude = coordinate(position.get(1), path + "[1]", 90);
    if (position.size() == 3 && !finiteNumber(position.get(2))) {
      throw invalid(path + "[2] (the altitude) must be a number");
    }
    return new double[] {longitude, latitude};
  }

  private static double coordinate(JsonNode value, String path, int limit) {
    if (!finiteNumber(value)) {
      throw invalid(path + " must be a number");
    }
    double degrees = value.asDouble();
    if (degrees < -limit || degrees > limit) {
      throw invalid(
          path
              + " must be a "
              + (limit == 90 ? "latitude" : "longitude")
              + " between -"
              + limit
              + " and "
              + limit
              + ", is "
              + value.asText());
    }
    return degrees;
  }

  private static boolean finiteNumber(JsonNode value) {
    return value != null && value.isNumber() && Double.isFinite(value.asDouble());
  }

  private static String text(Coordinate coordinate) {
    return "[" + coordinate.x + ", " + coordinate.y + "]";
  }

  private static MeridianException invalid(String message) {
    return new MeridianException(ErrorCode.ILLEGAL_ARGUMENT, message);
  }
}
