package io.meridian.index.query;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The JSON values of an entity that a dotted path names, found as {@link EntityLeaves} names
 * leaves: through nested objects, through every element of an array (nested arrays flatten), and
 * never under {@code metadata}. Unlike the leaves, the values are whole nodes, so a condition can
 * read an object such as a GeoJSON polygon. A key that itself contains a dot ({@code "a.b"}) is
 * found like a nested one, as the index finds it. {@code path} is folded ({@link PropertyNames}):
 * keys are compared folded too.
 */
final class NamedValues {
  /** Not user data: the API renders it from the path, so it is never indexed. */
  private static final String METADATA = "metadata";

  private NamedValues() {}

  /** Whether some value of {@code entity} named {@code path} passes {@code test}. */
  static boolean any(ObjectNode entity, String path, Predicate<JsonNode> test) {
    return anyNamed("", entity, path, test);
  }

  private static boolean anyNamed(
      String prefix, JsonNode object, String path, Predicate<JsonNode> test) {
    for (Map.Entry<String, JsonNode> child : object.properties()) {
      String key = PropertyNames.fold(child.getKey());
      String name = prefix.isEmpty() ? key : prefix + "." + key;
      if (prefix.isEmpty() && child.getKey().equals(METADATA)) {
        continue;
      }
      boolean found =
          name.equals(path)
              ? anyElement(child.getValue(), test)
              : path.startsWith(name + ".") && anyInside(name, child.getValue(), path, test);
      if (found) {
        return true;
      }
    }
    return false;
  }

  /** Looks for {@code path} below the node named {@code name}, a strict prefix of it. */
  private static boolean anyInside(
      String name, JsonNode node, String path, Predicate<JsonNode> test) {
    if (node.isObject()) {
      return anyNamed(name, node, path, test);
    }
    if (node.isArray()) {
      for (JsonNode element : node) {
        if (anyInside(name, element, path, test)) {
          return true;
        }
      }
    }
    return false;
  }

  /** The node itself, or each element of an array (nested arrays flatten). */
  private static boolean anyElement(JsonNode node, Predicate<JsonNode> test) {
    if (!node.isArray()) {
      return test.test(node);
    }
    for (JsonNode element : node) {
      if (anyElement(element, test)) {
        return true;
      }
    }
    return false;
  }
}
