package io.meridian.index.query;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.geo.Locations;
import java.util.Map;

/**
 * How an entity's JSON becomes searchable values: every leaf under its dotted path (arrays
 * contribute each element under the same path), plus a location for every {@code {latitude,
 * longitude}} object or GeoJSON point. The one walk behind both the index documents ({@code
 * DocumentFlattener}) and the in-memory matcher ({@link IndexEntries}), so the two can never
 * disagree on which values an entity has.
 */
public final class EntityLeaves {
  /** Strings are analysed for {@code contains} up to this length; words beyond are not found. */
  public static final int MAX_TEXT_LENGTH = 32_766;

  /** Integers up to 2^53 are exact as doubles, so they compare on the {@code double} field. */
  public static final long EXACT_DOUBLE = 1L << 53;

  private EntityLeaves() {}

  /** Receives the leaves in document order. */
  public interface Visitor {
    void text(String path, String value);

    /**
     * @param integral whether the number is an integer that fits in a long ({@code exact})
     */
    void number(String path, double value, boolean integral, long exact);

    void bool(String path, boolean value);

    void location(String path, double latitude, double longitude);
  }

  /** Walks {@code node} found at {@code path}; nulls and non-finite numbers have no leaf. */
  public static void walk(String path, JsonNode node, Visitor visitor) {
    if (node == null || node.isNull() || node.isMissingNode()) {
      return;
    }
    if (node.isObject()) {
      location(path, node, visitor);
      for (Map.Entry<String, JsonNode> child : node.properties()) {
        walk(path + "." + child.getKey(), child.getValue(), visitor);
      }
    } else if (node.isArray()) {
      for (JsonNode element : node) {
        walk(path, element, visitor);
      }
    } else if (node.isTextual()) {
      visitor.text(path, node.textValue());
    } else if (node.isNumber()) {
      double value = node.doubleValue();
      if (Double.isFinite(value)) {
        boolean integral = node.isIntegralNumber() && node.canConvertToLong();
        visitor.number(path, value, integral, integral ? node.longValue() : 0);
      }
    } else if (node.isBoolean()) {
      visitor.bool(path, node.booleanValue());
    }
  }

  /**
   * {latitude, longitude} objects and GeoJSON points, read as {@link Locations#point} reads them.
   */
  private static void location(String path, JsonNode object, Visitor visitor) {
    double[] point = Locations.point(object);
    if (point != null) {
      visitor.location(path, point[0], point[1]);
    }
  }
}
