package io.meridian.index.query;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An entity's index entries, grouped by name: what {@code
 * io.meridian.index.elasticsearch.DocumentFlattener} writes, rebuilt here so the in-memory matcher
 * sees exactly the values a search sees. Keep the two in step; the flattener is the reference.
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
    for (Map.Entry<String, JsonNode> property : entity.properties()) {
      if (!METADATA.equals(property.getKey())) {
        entries.flatten(property.getKey(), property.getValue());
      }
    }
    return entries;
  }

  /** The entries named {@code path}, in no particular order. */
  List<Entry> named(String path) {
    return byName.getOrDefault(path, List.of());
  }

  private void flatten(String path, JsonNode node) {
    if (node == null || node.isNull() || node.isMissingNode()) {
      return;
    }
    if (node.isObject()) {
      location(path, node);
      for (Map.Entry<String, JsonNode> child : node.properties()) {
        flatten(path + "." + child.getKey(), child.getValue());
      }
    } else if (node.isArray()) {
      for (JsonNode element : node) {
        flatten(path, element);
      }
    } else if (node.isTextual()) {
      add(path, new Text(node.textValue()));
    } else if (node.isNumber()) {
      double value = node.doubleValue();
      if (Double.isFinite(value)) {
        boolean integral = node.isIntegralNumber() && node.canConvertToLong();
        add(path, new Number(value, integral, integral ? node.longValue() : 0));
      }
    } else if (node.isBoolean()) {
      add(path, new Bool(node.booleanValue()));
    }
  }

  /** {latitude, longitude} objects and GeoJSON points ({@code coordinates: [lon, lat]}). */
  private void location(String path, JsonNode object) {
    JsonNode latitude = object.get("latitude");
    JsonNode longitude = object.get("longitude");
    JsonNode coordinates = object.get("coordinates");
    if (coordinates != null
        && coordinates.isArray()
        && coordinates.size() == 2
        && "Point".equalsIgnoreCase(object.path("type").asText())) {
      latitude = coordinates.get(1);
      longitude = coordinates.get(0);
    }
    if (latitude == null || longitude == null || !latitude.isNumber() || !longitude.isNumber()) {
      return;
    }
    double lat = latitude.doubleValue();
    double lon = longitude.doubleValue();
    if (Math.abs(lat) <= 90 && Math.abs(lon) <= 180) {
      add(path, new Location(lat, lon));
    }
  }

  private void add(String path, Entry entry) {
    if (path.length() <= MAX_NAME_LENGTH) {
      byName.computeIfAbsent(path, name -> new ArrayList<>()).add(entry);
    }
  }
}
