package io.meridian.index.elasticsearch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.index.IndexOperation;
import io.meridian.index.query.EntityLeaves;
import io.meridian.index.query.PropertyNames;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Turns an entity into the index document: fixed metadata fields plus one {@code fields} entry per
 * leaf value (see docs/index-mapping.md), named by its folded path ({@link PropertyNames}). The
 * output only ever uses the fields the strict mapping declares, so no entity can add to the mapping
 * or be rejected for a type clash.
 */
final class DocumentFlattener {
  /** Built-in properties go first so the value cap can never push them out. */
  private static final List<String> BUILT_INS =
      List.of("uuid", "type", "name", "created", "modified");

  /** Not user data: the API renders it from the path, so it is never indexed. */
  private static final String METADATA = "metadata";

  /** Bounds analysis work per string; words beyond are not found by {@code contains}. */
  static final int MAX_TEXT_LENGTH = EntityLeaves.MAX_TEXT_LENGTH;

  private static final Pattern UUID_TEXT =
      Pattern.compile(
          "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private final int maxValues;

  DocumentFlattener(int maxValues) {
    this.maxValues = maxValues;
  }

  /**
   * @param truncated true when the entity had more than the allowed number of values and only the
   *     first ones were indexed
   */
  record Document(ObjectNode source, boolean truncated) {}

  Document upsert(IndexOperation.Upsert operation) {
    ObjectNode document = metadata(operation);
    document.put(IndexSchema.DELETED, false);
    ObjectNode entity = operation.entity();
    copyLong(entity, "created", document);
    copyLong(entity, "modified", document);
    Entries entries = new Entries(document.putArray(IndexSchema.FIELDS));
    for (String builtIn : BUILT_INS) {
      entries.flatten(builtIn, entity.get(builtIn));
    }
    for (Map.Entry<String, JsonNode> property : entity.properties()) {
      if (!BUILT_INS.contains(property.getKey()) && !METADATA.equals(property.getKey())) {
        entries.flatten(property.getKey(), property.getValue());
      }
    }
    return new Document(document, entries.truncated);
  }

  /**
   * A deletion is indexed as a tombstone document (not an Elasticsearch delete) so its version is
   * kept for good: an older upsert replayed after the delete stays stale instead of resurrecting
   * the entity once Elasticsearch has forgotten a real delete ({@code index.gc_deletes}, 60 s).
   */
  ObjectNode tombstone(IndexOperation.Delete operation) {
    ObjectNode document = metadata(operation);
    document.put(IndexSchema.DELETED, true);
    return document;
  }

  private static ObjectNode metadata(IndexOperation operation) {
    ObjectNode document = JSON.objectNode();
    document.put(IndexSchema.APP_ID, operation.applicationId().toString());
    document.put(IndexSchema.COLLECTION, operation.collection());
    document.put(IndexSchema.UUID, operation.entityId().toString());
    return document;
  }

  private static void copyLong(ObjectNode entity, String property, ObjectNode document) {
    JsonNode value = entity.get(property);
    if (value != null && value.isIntegralNumber() && value.canConvertToLong()) {
      document.put(property, value.longValue());
    }
  }

  /** Collects the {@code fields} entries of one document, stopping at the cap. */
  private final class Entries implements EntityLeaves.Visitor {
    private final ArrayNode out;
    private boolean truncated;

    Entries(ArrayNode out) {
      this.out = out;
    }

    void flatten(String path, JsonNode node) {
      EntityLeaves.walk(path, node, this);
    }

    @Override
    public void text(String path, String value) {
      ObjectNode entry = entry(path);
      if (entry == null) {
        return;
      }
      entry.put("string", value);
      entry.put(
          "text", value.length() > MAX_TEXT_LENGTH ? value.substring(0, MAX_TEXT_LENGTH) : value);
      if (value.length() == 36 && UUID_TEXT.matcher(value).matches()) {
        entry.put("uuid", java.util.UUID.fromString(value).toString());
      }
    }

    /** Every number goes to {@code double} (one field to range over); integers also to long. */
    @Override
    public void number(String path, double value, boolean integral, long exact) {
      ObjectNode entry = entry(path);
      if (entry == null) {
        return;
      }
      entry.put("double", value);
      if (integral) {
        entry.put("long", exact);
      }
    }

    @Override
    public void bool(String path, boolean value) {
      ObjectNode entry = entry(path);
      if (entry != null) {
        entry.put("boolean", value);
      }
    }

    @Override
    public void location(String path, double latitude, double longitude) {
      ObjectNode entry = entry(path);
      if (entry != null) {
        entry.putObject("location").put("lat", latitude).put("lon", longitude);
      }
    }

    /** A new entry for {@code path}, or null once the cap is reached. */
    private ObjectNode entry(String path) {
      if (out.size() >= maxValues) {
        truncated = true;
        return null;
      }
      return out.addObject().put("name", PropertyNames.fold(path));
    }
  }
}
