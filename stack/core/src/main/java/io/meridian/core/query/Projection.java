package io.meridian.core.query;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * The fields of {@code select a, b} or {@code select {x: a, y: b}}. Usergrid 2 answers a selection
 * with {@code entities} holding only the selected fields (see {@link #entity}); {@link #apply}'s
 * rows (an array of values, or an object keyed by alias) are what real-time events carry. Paths are
 * found without regard to case, as queries name properties (docs/queries.md).
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

  /**
   * The entity as Usergrid 2 answers a selection: its {@code uuid} and {@code type}, each selected
   * field that it has (a dotted path keeps its nesting, {@code actor.name} gives {@code {"actor":
   * {"name": ...}}}; an aliased one is set under its alias), and its {@code metadata}. A field the
   * entity lacks is left out, not set to null. Keys keep the entity's own spelling.
   */
  public ObjectNode entity(ObjectNode entity) {
    ObjectNode result = JsonNodeFactory.instance.objectNode();
    copy(entity, "uuid", result);
    copy(entity, "type", result);
    for (Field field : fields) {
      if (aliased) {
        JsonNode value = valueAt(entity, field.path());
        if (!value.isNull()) {
          result.set(field.alias(), value);
        }
      } else {
        copyPath(entity, field.path(), result);
      }
    }
    copy(entity, "metadata", result);
    return result;
  }

  private static void copy(ObjectNode from, String key, ObjectNode to) {
    JsonNode value = from.get(key);
    if (value != null) {
      to.set(key, value);
    }
  }

  /**
   * Copies the value at {@code path}, if the entity has one, creating the objects above it under
   * the entity's own keys.
   */
  private static void copyPath(ObjectNode entity, String path, ObjectNode result) {
    List<String> keys = new ArrayList<>();
    JsonNode current = entity;
    int start = 0;
    while (true) {
      int dot = path.indexOf('.', start);
      String key = keyOf(current, dot < 0 ? path.substring(start) : path.substring(start, dot));
      if (key == null) {
        return;
      }
      keys.add(key);
      current = current.get(key);
      if (dot < 0) {
        break;
      }
      start = dot + 1;
    }
    if (current.isNull()) {
      return;
    }
    ObjectNode target = result;
    for (String key : keys.subList(0, keys.size() - 1)) {
      JsonNode existing = target.get(key);
      target = existing instanceof ObjectNode object ? object : target.putObject(key);
    }
    target.set(keys.get(keys.size() - 1), current);
  }

  /** Follows a dotted path through nested objects. */
  static JsonNode valueAt(JsonNode node, String path) {
    JsonNode current = node;
    int start = 0;
    while (current != null && start <= path.length()) {
      int dot = path.indexOf('.', start);
      String segment = dot < 0 ? path.substring(start) : path.substring(start, dot);
      String key = keyOf(current, segment);
      current = key == null ? null : current.get(key);
      if (dot < 0) {
        break;
      }
      start = dot + 1;
    }
    return current == null ? NullNode.getInstance() : current;
  }

  /**
   * The key of {@code node} that {@code segment} names: itself when present (the common case, one
   * lookup), else the first key equal to it ignoring case; null when none or not an object.
   */
  private static String keyOf(JsonNode node, String segment) {
    if (!node.isObject()) {
      return null;
    }
    if (node.has(segment)) {
      return segment;
    }
    for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
      String name = names.next();
      if (name.equalsIgnoreCase(segment)) {
        return name;
      }
    }
    return null;
  }
}
