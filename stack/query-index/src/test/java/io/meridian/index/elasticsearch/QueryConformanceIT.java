package io.meridian.index.elasticsearch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.Json;
import io.meridian.core.index.IndexOperation;
import io.meridian.core.index.IndexQuery;
import io.meridian.core.index.SearchHits;
import io.meridian.core.query.CompiledQuery;
import io.meridian.index.query.UsergridQueryLanguage;
import io.meridian.local.SharedServices;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The query language against a real index: a fixed data set ({@code conformance/dataset.json}) and
 * hand-worked expectations ({@code conformance/cases.txt}), plus keyset paging over the same data.
 * The data set lives in its own index (random prefix, deleted afterwards) because its uuids are
 * fixed: in the shared index they would collide with the previous run's documents.
 */
class QueryConformanceIT {
  private static final UUID APP = UUID.randomUUID();
  private static final String PREFIX =
      "it-conformance-" + UUID.randomUUID().toString().substring(0, 8);
  private static final String PEOPLE = ConformanceCases.DEFAULT_COLLECTION;
  private static final UsergridQueryLanguage LANGUAGE = new UsergridQueryLanguage();

  private static final Map<String, List<ObjectNode>> DATASET = ConformanceCases.dataset();
  private static final Map<UUID, String> NAMES = new HashMap<>();

  private static ElasticsearchEntityIndex index;

  @BeforeAll
  static void indexTheDataset() {
    index = ElasticsearchEntityIndexIT.openIndex(PREFIX);
    index.ensureSchema();
    List<IndexOperation> operations = new ArrayList<>();
    DATASET.forEach(
        (collection, entities) -> {
          for (ObjectNode entity : entities) {
            UUID id = UUID.fromString(entity.get("uuid").asText());
            NAMES.put(id, entity.get("name").asText());
            operations.add(new IndexOperation.Upsert(APP, collection, id, 1, entity));
          }
        });
    // Decoys that match most queries and must never be found: a deleted person, and the same
    // person in another application.
    ObjectNode decoy = DATASET.get(PEOPLE).get(0).deepCopy().put("name", "decoy");
    UUID deleted = UUID.randomUUID();
    operations.add(new IndexOperation.Upsert(APP, PEOPLE, deleted, 1, decoy));
    operations.add(
        new IndexOperation.Upsert(UUID.randomUUID(), PEOPLE, UUID.randomUUID(), 1, decoy));
    assertThat(index.apply(operations).toCompletableFuture().join().failed()).isEmpty();
    assertThat(
            index
                .apply(List.of(new IndexOperation.Delete(APP, PEOPLE, deleted, 2)))
                .toCompletableFuture()
                .join()
                .applied())
        .isEqualTo(1);
    index.refresh().toCompletableFuture().join();
  }

  @AfterAll
  static void dropTheIndex() throws Exception {
    if (index != null) {
      index.close();
    }
    MappingInspector.deleteIndex(SharedServices.get().elasticsearchUrl(), PREFIX + "-entities-v1");
  }

  static Stream<Arguments> cases() {
    return ConformanceCases.cases().stream().map(c -> Arguments.of(c));
  }

  @Test
  void the_suite_covers_at_least_a_hundred_cases() {
    assertThat(ConformanceCases.cases()).hasSizeGreaterThanOrEqualTo(100);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void index_returns_the_expected_entities_in_the_expected_order(ConformanceCases.Case c) {
    List<String> found = names(index.search(query(c.ql(), c.collection(), 1000, List.of())));

    if (c.anyOrder()) {
      assertThat(found).as("%s", c).containsExactlyInAnyOrderElementsOf(c.expected());
    } else {
      assertThat(found).as("%s", c).containsExactlyElementsOf(c.expected());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void in_memory_matcher_agrees_with_the_expected_set(ConformanceCases.Case c) {
    CompiledQuery compiled = LANGUAGE.compile(c.ql());
    Set<String> matched = new TreeSet<>();
    for (ObjectNode entity : entitiesOf(c.collection())) {
      if (compiled.matches(entity)) {
        matched.add(entity.get("name").asText());
      }
    }

    assertThat(matched).as("%s", c).isEqualTo(new TreeSet<>(c.expected()));
  }

  static Stream<Arguments> pagedQueries() {
    List<String> queries =
        List.of(
            "",
            "order by code",
            "order by code desc",
            "order by age desc, name",
            "order by active desc",
            "order by score",
            "order by tags",
            "order by created",
            "order by uuid desc",
            "city = 'oslo' or active = false",
            "location within 450000 of 59.9139, 10.7522",
            "not location within 20000 of 59.9139, 10.7522");
    List<Arguments> arguments = new ArrayList<>();
    for (String ql : queries) {
      for (int pageSize : new int[] {1, 3, 7, 1000}) {
        arguments.add(Arguments.of(ql, pageSize));
      }
    }
    return arguments.stream();
  }

  @ParameterizedTest(name = "''{0}'' in pages of {1}")
  @MethodSource("pagedQueries")
  void pages_concatenate_to_the_unpaged_result(String ql, int pageSize) throws Exception {
    List<UUID> unpaged = ids(index.search(query(ql, Optional.of(PEOPLE), 1000, List.of())));

    List<UUID> paged = new ArrayList<>();
    List<Object> position = List.of();
    for (int page = 0; page <= unpaged.size(); page++) {
      SearchHits hits = index.search(query(ql, Optional.of(PEOPLE), pageSize, position));
      paged.addAll(ids(hits));
      if (hits.hits().size() < pageSize) {
        break;
      }
      position = throughJson(hits.hits().get(hits.hits().size() - 1).sortValues());
    }

    assertThat(unpaged).hasSizeGreaterThan(pageSize == 1000 ? 0 : pageSize);
    assertThat(paged).containsExactlyElementsOf(unpaged);
    assertThat(new HashSet<>(paged)).hasSameSizeAs(paged);
  }

  @Test
  void sort_values_are_json_safe_even_for_missing_values() {
    SearchHits hits =
        index.search(
            query(
                "not location within 20000 of 59.9139, 10.7522 order by code desc, active",
                Optional.of(PEOPLE),
                1000,
                List.of()));

    assertThat(hits.hits()).isNotEmpty();
    for (SearchHits.Hit hit : hits.hits()) {
      for (Object value : hit.sortValues()) {
        assertThat(
                value == null
                    || value instanceof String
                    || value instanceof Long
                    || value instanceof Boolean
                    || (value instanceof Double number && Double.isFinite(number)))
            .as("sort value %s of %s", value, NAMES.get(hit.entityId()))
            .isTrue();
      }
    }
  }

  @Test
  void within_hits_carry_their_distance_and_others_none() {
    SearchHits near =
        index.search(
            query("location within 1000 of 59.9139, 10.7522", Optional.of(PEOPLE), 10, List.of()));
    SearchHits ordered =
        index.search(
            query(
                "location within 1000 of 59.9139, 10.7522 order by name",
                Optional.of(PEOPLE),
                10,
                List.of()));

    assertThat(near.hits())
        .extracting(SearchHits.Hit::distanceMeters)
        .satisfiesExactly(
            anna -> assertThat(anna).isEqualTo(0.0, org.assertj.core.data.Offset.offset(0.5)),
            ivar -> assertThat(ivar).isEqualTo(222.4, org.assertj.core.data.Offset.offset(0.5)),
            carl -> assertThat(carl).isEqualTo(889.6, org.assertj.core.data.Offset.offset(0.5)));
    assertThat(ordered.hits()).extracting(SearchHits.Hit::distanceMeters).containsOnlyNulls();
  }

  @Test
  void hits_carry_the_indexed_version() {
    SearchHits hits = index.search(query("name = 'anna'", Optional.of(PEOPLE), 10, List.of()));

    assertThat(hits.hits()).extracting(SearchHits.Hit::version).containsExactly(1L);
  }

  @Test
  void a_scope_restricts_the_search_to_its_entities_across_collections() {
    Set<UUID> scope = Set.of(idOf("anna"), idOf("carl"), idOf("bryggen"), UUID.randomUUID());
    CompiledQuery everything = LANGUAGE.compile("");
    CompiledQuery oslo = LANGUAGE.compile("city = 'oslo'");

    assertThat(
            names(
                index.search(
                    new IndexQuery(
                        APP, Optional.empty(), Optional.of(scope), everything, 10, List.of()))))
        .containsExactly("bryggen", "carl", "anna");
    assertThat(
            names(
                index.search(
                    new IndexQuery(
                        APP, Optional.of(PEOPLE), Optional.of(scope), oslo, 10, List.of()))))
        .containsExactly("carl", "anna");
    assertThat(
            names(
                index.search(
                    new IndexQuery(
                        APP, Optional.empty(), Optional.of(Set.of()), everything, 10, List.of()))))
        .isEmpty();
  }

  @Test
  void scan_walks_the_live_entities_of_the_application_in_uuid_order() {
    List<UUID> walked = new ArrayList<>();
    Optional<UUID> after = Optional.empty();
    while (true) {
      SearchHits page = index.scan(APP, after, 5);
      for (SearchHits.Hit hit : page.hits()) {
        assertThat(hit.sortValues()).containsExactly(hit.entityId().toString());
        assertThat(hit.version()).isEqualTo(1L);
        walked.add(hit.entityId());
      }
      if (page.hits().size() < 5) {
        break;
      }
      after = Optional.of(page.hits().get(page.hits().size() - 1).entityId());
    }

    // uuid order is the order of their canonical text (UUID.compareTo compares signed longs).
    assertThat(walked)
        .containsExactlyElementsOf(
            NAMES.keySet().stream().sorted(Comparator.comparing(UUID::toString)).toList());
  }

  private static UUID idOf(String name) {
    return NAMES.entrySet().stream()
        .filter(e -> e.getValue().equals(name))
        .map(Map.Entry::getKey)
        .findFirst()
        .orElseThrow();
  }

  private static List<ObjectNode> entitiesOf(Optional<String> collection) {
    if (collection.isPresent()) {
      return DATASET.get(collection.get());
    }
    return DATASET.values().stream().flatMap(List::stream).toList();
  }

  private static IndexQuery query(
      String ql, Optional<String> collection, int size, List<Object> searchAfter) {
    return new IndexQuery(
        APP, collection, Optional.empty(), LANGUAGE.compile(ql), size, searchAfter);
  }

  /** What a cursor does to sort values: JSON out and back in with core's mapper. */
  private static List<Object> throughJson(List<Object> sortValues) throws IOException {
    return Json.MAPPER.readValue(
        Json.MAPPER.writeValueAsString(sortValues), new TypeReference<List<Object>>() {});
  }

  private static List<UUID> ids(SearchHits hits) {
    return hits.hits().stream().map(SearchHits.Hit::entityId).toList();
  }

  private static List<String> names(SearchHits hits) {
    return hits.hits().stream()
        .map(hit -> NAMES.getOrDefault(hit.entityId(), "unknown " + hit.entityId()))
        .toList();
  }
}
