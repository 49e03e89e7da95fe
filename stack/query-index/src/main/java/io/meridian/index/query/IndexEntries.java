package io.meridian.index.query;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An entity's index entries, grouped by name: the leaves {@link EntityLeaves} finds, which are also
 * what {@code io.meridian.index.elasticsearch.DocumentFlattener} writes, so the in-memory matcher
 * sees exactly the values a search sees.
 *
 * <p>Not mirrored: the per-entity cap on entries ({@code maxValuesPerEntity}). The matcher sees
 * every value, the index only the first ones of an entity that exceeds the cap.
 */
final class IndexEntries {
  /** The mapping's {@code ignore_above} on {@code fields.name}: longer names are not findable. */
  static final int MAX_NAME_LENGTH = 1024;

  /** Not user data: the API renders it from the path, so it is never indexed. */
  private static final String METADATA = "metadata";

  /** One leaf value; each kind fills the index subfields its type gets. */
  sealed interface Entry permits Text, Number, Bool, Location {}

  /**
   * A string: the {@code string}, {@code text} and (when it looks like one) {@code uuid} fields.
   */
  record Text(String value) implements Entry {}

  /**
   * A number: always the {@code double} field; {@code exact} (the {@code long} field) only for an
   * integer that fits in a long.
   */
  record Number(double value, boolean integral, long exact) implements Entry {}

  record Bool(boolean value) implements Entry {}

  /** The {@code location} field of a {@code {latitude, longitude}} object or GeoJSON point. */
  record Location(double latitude, double longitude) implements Entry {}

  private final Map<String, List<Entry>> byName = new HashMap<>();

  private IndexEntries() {}

  static IndexEntries of(ObjectNode entity) {
    IndexEntries entries = new IndexEntries();
    Collector collector = entries.new Collector();
    for (Map.Entry<String, JsonNode> property : entity.properties()) {
      if (!METADATA.equals(property.getKey())) {
        EntityLeaves.walk(property.getKey(), property.getValue(), collector);
      }
    }
    return entries;
  }

  /**
   * The entries named {@code path} (folded, as the parser gives it), in no particular order;
   * entries are kept under their folded names, as the index names them.
   */
  List<Entry> named(String path) {
    return byName.getOrDefault(path, List.of());
  }

  private final class Collector implements EntityLeaves.Visitor {
    @Override
    public void text(String path, String value) {
      add(path, new Text(value));
    }

    @Override
    public void number(String path, double value, boolean integral, long exact) {
      add(path, new Number(value, integral, exact));
    }

    @Override
    public void bool(String path, boolean value) {
      add(path, new Bool(value));
    }

    @Override
    public void location(String path, double latitude, double longitude) {
      add(path, new Location(latitude, longitude));
    }
  }

  private void add(String path, Entry entry) {
    if (path.length() <= MAX_NAME_LENGTH) {
      byName.computeIfAbsent(PropertyNames.fold(path), name -> new ArrayList<>()).add(entry);
    }
  }
}
