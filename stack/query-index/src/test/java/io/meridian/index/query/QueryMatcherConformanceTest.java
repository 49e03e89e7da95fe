package io.meridian.index.query;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.query.CompiledQuery;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The in-memory matcher against the query conformance cases that QueryConformanceIT runs against
 * Elasticsearch: for every case the matcher must select exactly the expected entities (order is the
 * index's business, so names are compared as sets).
 */
class QueryMatcherConformanceTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private record Case(String ql, String collection, Set<String> expected) {}

  @TestFactory
  Stream<DynamicTest> selects_exactly_the_entities_each_conformance_case_expects()
      throws IOException {
    JsonNode dataset = JSON.readTree(resource("dataset.json"));
    UsergridQueryLanguage language = new UsergridQueryLanguage();
    return cases().stream()
        .map(
            c ->
                DynamicTest.dynamicTest(
                    c.ql() + " [" + c.collection() + "]",
                    () -> {
                      CompiledQuery query = language.compile(c.ql());
                      Set<String> found = new TreeSet<>();
                      for (JsonNode entity : entities(dataset, c.collection())) {
                        if (query.matches((ObjectNode) entity)) {
                          found.add(entity.get("name").asText());
                        }
                      }
                      assertThat(found).isEqualTo(c.expected());
                    }));
  }

  private static List<JsonNode> entities(JsonNode dataset, String collection) {
    List<JsonNode> entities = new ArrayList<>();
    for (Map.Entry<String, JsonNode> named : dataset.properties()) {
      if (collection.equals("*") || collection.equals(named.getKey())) {
        named.getValue().forEach(entities::add);
      }
    }
    return entities;
  }

  /** Blocks of "> query", optional "[...]" options and expected names (see cases.txt). */
  private static List<Case> cases() throws IOException {
    String text = resource("cases.txt");
    List<Case> cases = new ArrayList<>();
    for (String block : text.split("\\n\\s*\\n")) {
      List<String> lines =
          block.lines().filter(line -> !line.startsWith("#") && !line.isBlank()).toList();
      if (lines.isEmpty() || !lines.get(0).startsWith(">")) {
        continue;
      }
      String collection = "people";
      Set<String> expected = new TreeSet<>();
      for (String line : lines.subList(1, lines.size())) {
        if (line.equals("[collection places]")) {
          collection = "places";
        } else if (line.equals("[all collections]")) {
          collection = "*";
        } else if (!line.startsWith("[")) {
          expected.addAll(Arrays.asList(line.trim().split("\\s+")));
        }
      }
      cases.add(new Case(lines.get(0).substring(1).trim(), collection, expected));
    }
    assertThat(cases).hasSizeGreaterThan(100);
    return cases;
  }

  private static String resource(String name) throws IOException {
    try (InputStream stream =
        QueryMatcherConformanceTest.class.getResourceAsStream("/conformance/" + name)) {
      assertThat(stream).as("test resource conformance/%s", name).isNotNull();
      return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
