package io.meridian.loadtests.load;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Compares what was generated with what the server stored. Every generated property must be stored
 * with the same value; properties the server adds ({@code uuid}, {@code created}, {@code
 * metadata}...) are not looked at. Numbers are compared by value, since a JSON number may come back
 * as an int, a long or a double ({@code 27} and {@code 27.0} are equal).
 */
final class JsonMatch {
  private JsonMatch() {}

  /** The differences, one per property path ({@code location.latitude is 1.0, expected 2.0}). */
  static List<String> differences(JsonNode expected, JsonNode actual) {
    List<String> differences = new ArrayList<>();
    compare("", expected, actual, differences);
    return differences;
  }

  private static void compare(String path, JsonNode expected, JsonNode actual, List<String> out) {
    if (expected.isObject()) {
      if (!actual.isObject()) {
        out.add(describe(path, expected, actual));
        return;
      }
      Iterator<Map.Entry<String, JsonNode>> fields = expected.fields();
      while (fields.hasNext()) {
        Map.Entry<String, JsonNode> field = fields.next();
        String child = path.isEmpty() ? field.getKey() : path + "." + field.getKey();
        JsonNode stored = actual.get(field.getKey());
        if (stored == null) {
          out.add(child + " is missing, expected " + field.getValue());
        } else {
          compare(child, field.getValue(), stored, out);
        }
      }
      return;
    }
    if (expected.isArray()) {
      if (!actual.isArray() || actual.size() != expected.size()) {
        out.add(describe(path, expected, actual));
        return;
      }
      for (int i = 0; i < expected.size(); i++) {
        compare(path + "[" + i + "]", expected.get(i), actual.get(i), out);
      }
      return;
    }
    if (!sameValue(expected, actual)) {
      out.add(describe(path, expected, actual));
    }
  }

  /** Equal scalars; numbers by value whatever their representation. */
  static boolean sameValue(JsonNode expected, JsonNode actual) {
    if (expected.isNumber() && actual.isNumber()) {
      return expected.decimalValue().compareTo(actual.decimalValue()) == 0
          || expected.doubleValue() == actual.doubleValue();
    }
    return expected.equals(actual);
  }

  private static String describe(String path, JsonNode expected, JsonNode actual) {
    return (path.isEmpty() ? "the entity" : path) + " is " + actual + ", expected " + expected;
  }
}
