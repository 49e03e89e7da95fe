package io.meridian.index.elasticsearch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The query conformance data set ({@code conformance/dataset.json}: entities by collection) and
 * cases ({@code conformance/cases.txt}, whose header describes the format).
 */
final class ConformanceCases {
  /** The collection a case searches unless it says otherwise. */
  static final String DEFAULT_COLLECTION = "people";

  private ConformanceCases() {}

  /**
   * @param collection empty for every collection of the application
   */
  record Case(
      int line, String ql, Optional<String> collection, List<String> expected, boolean anyOrder) {
    @Override
    public String toString() {
      String where =
          collection
              .map(name -> name.equals(DEFAULT_COLLECTION) ? "" : " [" + name + "]")
              .orElse(" [all]");
      return "line " + line + ": " + (ql.isEmpty() ? "(blank)" : ql) + where;
    }
  }

  static Map<String, List<ObjectNode>> dataset() {
    JsonNode root = Json.parseStoredObject(read("conformance/dataset.json"));
    Map<String, List<ObjectNode>> dataset = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> collection : root.properties()) {
      List<ObjectNode> entities = new ArrayList<>();
      collection.getValue().forEach(entity -> entities.add((ObjectNode) entity));
      dataset.put(collection.getKey(), List.copyOf(entities));
    }
    return dataset;
  }

  static List<Case> cases() {
    List<Case> cases = new ArrayList<>();
    String[] lines = read("conformance/cases.txt").split("\n", -1);
    int start = -1;
    for (int i = 0; i <= lines.length; i++) {
      String line = i < lines.length ? lines[i].strip() : "";
      if (line.startsWith("#")) {
        continue;
      }
      if (line.isEmpty()) {
        if (start >= 0) {
          cases.add(parse(lines, start, i));
          start = -1;
        }
      } else if (start < 0) {
        start = i;
      }
    }
    return cases;
  }

  private static Case parse(String[] lines, int start, int end) {
    String first = lines[start].strip();
    if (!first.startsWith(">")) {
      throw new IllegalArgumentException(
          "cases.txt line " + (start + 1) + ": a case starts with '>'");
    }
    String ql = first.substring(1).strip();
    Optional<String> collection = Optional.of(DEFAULT_COLLECTION);
    boolean anyOrder = false;
    boolean none = false;
    List<String> expected = new ArrayList<>();
    for (int i = start + 1; i < end; i++) {
      String line = lines[i].strip();
      if (line.startsWith("#")) {
        continue;
      }
      if (line.equals("[any order]")) {
        anyOrder = true;
      } else if (line.equals("[none]")) {
        none = true;
      } else if (line.equals("[all collections]")) {
        collection = Optional.empty();
      } else if (line.startsWith("[collection ") && line.endsWith("]")) {
        collection = Optional.of(line.substring("[collection ".length(), line.length() - 1));
      } else {
        for (String name : line.split("[\\s,]+")) {
          expected.add(name);
        }
      }
    }
    if (none != expected.isEmpty()) {
      throw new IllegalArgumentException(
          "cases.txt line " + (start + 1) + ": list names, or mark the case [none]");
    }
    if (anyOrder && ql.toLowerCase(Locale.ROOT).contains("order by")) {
      throw new IllegalArgumentException(
          "cases.txt line " + (start + 1) + ": [any order] with an order by");
    }
    return new Case(start + 1, ql, collection, List.copyOf(expected), anyOrder);
  }

  private static String read(String resource) {
    try (InputStream in = ConformanceCases.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException(resource + " is missing from the test classpath");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
