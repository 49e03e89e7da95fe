package io.meridian.core.query;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * The fields of {@code select a, b} or {@code select {x: a, y: b}}. Usergrid returns a projection
 * as {@code list}: an array of values per entity for plain fields, an object per entity for aliased
 * ones.
 *
 * @param aliased true for the {@code {alias: path}} form
 */
public record Projection(List<Field> fields, boolean aliased) {
  public Projection {
    fields = List.copyOf(fields);
    if (fields.isEmpty()) {
      throw new IllegalArgumentException("A projection selects at least one field");
    }
  }

  /**
   * @param path a dotted path into the entity
   * @param alias the name in the result; equals {@code path} when not aliased
   */
  public record Field(String path, String alias) {}

  /** This projection of one entity; a missing path gives {@code null}. */
  public JsonNode apply(ObjectNode entity) {
    if (aliased) {
      ObjectNode result = JsonNodeFactory.instance.objectNode();
      for (Field field : fields) {
        result.set(field.alias(), valueAt(entity, field.path()));
      }
      return result;
    }
    ArrayNode result = JsonNodeFactory.instance.arrayNode(fields.size());
    for (Field field : fields) {
      result.add(valueAt(entity, field.path()));
    }
    return result;
  }

  /** Follows a dotted path through nested objects. */
  static JsonNode valueAt(JsonNode node, String path) {
    JsonNode current = node;
    int start = 0;
    while (current != null && start <= path.length()) {
      int dot = path.indexOf('.', start);
      String segment = dot < 0 ? path.substring(start) : path.substring(start, dot);
      current = current.isObject() ? current.get(segment) : null;
      if (dot < 0) {
        break;
      }
      start = dot + 1;
    }
    return current == null ? NullNode.getInstance() : current;
  }
}
