package io.meridian.index.elasticsearch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.index.query.ParsedQuery;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The in-memory order ({@code sortKey}, {@code compareSortKeys}) against the conformance cases,
 * whose orders QueryConformanceIT checks against Elasticsearch: sorting each case's matches in
 * memory must give the expected order. Cases that Elasticsearch orders by distance (a {@code
 * within} without an order by) are left out: in memory, the geo index answering a {@code within}
 * owns that order, and {@code sortKey} is newest first there.
 */
class InMemoryOrderConformanceTest {
  private static final Map<String, List<ObjectNode>> DATASET = ConformanceCases.dataset();

  private static List<ConformanceCases.Case> cases() {
    return ConformanceCases.cases().stream()
        .filter(c -> !c.anyOrder() && !byDistance(ParsedQuery.parse(c.ql())))
        .toList();
  }

  private static boolean byDistance(ParsedQuery query) {
    return query.ordered() && !query.hasOrderBy();
  }

  @TestFactory
  Stream<DynamicTest> sorts_the_matches_of_each_case_in_the_order_elasticsearch_returns() {
    List<ConformanceCases.Case> cases = cases();
    assertThat(cases).hasSizeGreaterThan(80);
    return cases.stream()
        .map(
            c ->
                DynamicTest.dynamicTest(
                    c.toString(),
                    () -> {
                      ParsedQuery query = ParsedQuery.parse(c.ql());
                      List<ObjectNode> matches = new ArrayList<>();
                      for (ObjectNode entity : entitiesOf(c)) {
                        if (query.matches(entity)) {
                          matches.add(entity);
                        }
                      }
                      // Reversed, so that keeping the data set's order could not pass.
                      Collections.reverse(matches);
                      matches.sort(
                          (a, b) -> query.compareSortKeys(query.sortKey(a), query.sortKey(b)));

                      assertThat(matches)
                          .extracting(entity -> entity.get("name").asText())
                          .containsExactlyElementsOf(c.expected());
                    }));
  }

  @Test
  void every_key_fits_the_elasticsearch_order_of_its_query() {
    for (ConformanceCases.Case c : cases()) {
      ParsedQuery query = ParsedQuery.parse(c.ql());
      SortKeys elasticsearch = SortKeys.of(query.query());
      for (ObjectNode entity : entitiesOf(c)) {
        List<Object> key = query.sortKey(entity);

        assertThat(elasticsearch.searchAfter(key)).as("%s: %s", c, entity).hasSameSizeAs(key);
      }
    }
  }

  private static List<ObjectNode> entitiesOf(ConformanceCases.Case c) {
    return c.collection()
        .map(DATASET::get)
        .orElseGet(() -> DATASET.values().stream().flatMap(List::stream).toList());
  }
}
