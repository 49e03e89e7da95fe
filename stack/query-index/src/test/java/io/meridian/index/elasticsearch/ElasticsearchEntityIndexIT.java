package io.meridian.index.elasticsearch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.index.IndexOperation;
import io.meridian.core.index.IndexQuery;
import io.meridian.core.index.IndexResult;
import io.meridian.core.index.SearchHits;
import io.meridian.local.SharedServices;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Versioned writes and the explosion-proof mapping against a real Elasticsearch. */
class ElasticsearchEntityIndexIT {
  static final ObjectMapper JSON = new ObjectMapper();
  static final String PREFIX = "it-query-index";

  private static ElasticsearchEntityIndex index;
  private final UUID app = UUID.randomUUID();

  @BeforeAll
  static void startIndex() {
    index = openIndex(PREFIX);
    index.ensureSchema();
  }

  @AfterAll
  static void closeIndex() {
    if (index != null) {
      index.close();
    }
  }

  static ElasticsearchEntityIndex openIndex(String prefix) {
    String url = SharedServices.get().elasticsearchUrl();
    ElasticsearchIndexConfig defaults = ElasticsearchIndexConfig.defaults(url);
    return new ElasticsearchEntityIndex(
        new ElasticsearchIndexConfig(
            defaults.urls(), prefix, 1, 0, defaults.connectTimeout(), defaults.requestTimeout()));
  }

  static IndexOperation.Upsert upsert(UUID app, UUID id, long version, String json) {
    try {
      return new IndexOperation.Upsert(
          app, "things", id, version, (ObjectNode) JSON.readTree(json));
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  private IndexResult apply(IndexOperation... operations) {
    return index.apply(List.of(operations)).toCompletableFuture().join();
  }

  private Map<UUID, Long> versions(UUID... ids) {
    return index.indexedVersions(List.of(ids)).toCompletableFuture().join();
  }

  private List<UUID> search(String ql) {
    index.refresh().toCompletableFuture().join();
    SearchHits hits =
        index.search(
            IndexQuery.of(
                app,
                "things",
                new io.meridian.index.query.UsergridQueryLanguage().compile(ql),
                100));
    return hits.hits().stream().map(SearchHits.Hit::entityId).toList();
  }

  @Test
  void ensure_schema_is_idempotent() {
    index.ensureSchema();
    index.ensureSchema();

    assertThat(index.isAvailable()).isTrue();
    assertThat(index.probe()).isTrue();
  }

  @Test
  void nodes_racing_to_create_the_schema_all_succeed() throws Exception {
    String prefix = "it-race-" + UUID.randomUUID().toString().substring(0, 8);
    List<ElasticsearchEntityIndex> nodes =
        List.of(openIndex(prefix), openIndex(prefix), openIndex(prefix), openIndex(prefix));
    try {
      List<CompletableFuture<Void>> starts =
          nodes.stream().map(n -> CompletableFuture.runAsync(n::ensureSchema)).toList();

      CompletableFuture.allOf(starts.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
      assertThat(MappingInspector.fieldCount(SharedServices.get().elasticsearchUrl(), prefix))
          .isEqualTo(MappingInspector.fieldCount(SharedServices.get().elasticsearchUrl(), PREFIX));
    } finally {
      nodes.forEach(ElasticsearchEntityIndex::close);
      MappingInspector.deleteIndex(
          SharedServices.get().elasticsearchUrl(), prefix + "-entities-v1");
    }
  }

  @Test
  void newer_version_wins_and_older_is_stale() {
    UUID id = UUID.randomUUID();

    assertThat(apply(upsert(app, id, 2, "{\"color\":\"red\"}")).applied()).isEqualTo(1);
    IndexResult older = apply(upsert(app, id, 1, "{\"color\":\"blue\"}"));
    IndexResult same = apply(upsert(app, id, 2, "{\"color\":\"blue\"}"));

    assertThat(older.stale()).isEqualTo(1);
    assertThat(same.stale()).isEqualTo(1);
    assertThat(versions(id)).containsEntry(id, 2L);
    assertThat(search("color = 'red'")).containsExactly(id);
    assertThat(search("color = 'blue'")).isEmpty();

    assertThat(apply(upsert(app, id, 3, "{\"color\":\"blue\"}")).applied()).isEqualTo(1);
    assertThat(search("color = 'blue'")).containsExactly(id);
  }

  @Test
  void a_rewrite_writes_the_same_version_again_but_an_older_one_still_loses() {
    UUID id = UUID.randomUUID();
    apply(upsert(app, id, 2, "{\"color\":\"red\"}"));

    IndexResult same =
        index
            .rewrite(List.of(upsert(app, id, 2, "{\"color\":\"blue\"}")))
            .toCompletableFuture()
            .join();
    IndexResult older =
        index
            .rewrite(List.of(upsert(app, id, 1, "{\"color\":\"green\"}")))
            .toCompletableFuture()
            .join();

    assertThat(same.applied()).isEqualTo(1);
    assertThat(older.stale()).isEqualTo(1);
    assertThat(search("color = 'blue'")).containsExactly(id);
    assertThat(search("color = 'green'")).isEmpty();
  }

  @Test
  void delete_with_higher_version_removes_and_replays_stay_harmless() {
    UUID id = UUID.randomUUID();
    apply(upsert(app, id, 5, "{\"color\":\"green\"}"));

    IndexResult deleted = apply(new IndexOperation.Delete(app, "things", id, 6));
    IndexResult replayedUpsert = apply(upsert(app, id, 5, "{\"color\":\"green\"}"));
    IndexResult replayedDelete = apply(new IndexOperation.Delete(app, "things", id, 6));

    assertThat(deleted.applied()).isEqualTo(1);
    assertThat(replayedUpsert.stale()).isEqualTo(1);
    assertThat(replayedDelete.stale()).isEqualTo(1);
    assertThat(versions(id)).isEmpty();
    assertThat(search("color = 'green'")).isEmpty();
    assertThat(search("")).doesNotContain(id);
  }

  @Test
  void delete_with_older_version_is_stale() {
    UUID id = UUID.randomUUID();
    apply(upsert(app, id, 5, "{\"color\":\"green\"}"));

    assertThat(apply(new IndexOperation.Delete(app, "things", id, 4)).stale()).isEqualTo(1);
    assertThat(search("color = 'green'")).containsExactly(id);
  }

  @Test
  void indexed_versions_report_only_live_documents() {
    UUID live = UUID.randomUUID();
    UUID gone = UUID.randomUUID();
    UUID never = UUID.randomUUID();
    apply(
        upsert(app, live, 10, "{}"),
        upsert(app, gone, 10, "{}"),
        new IndexOperation.Delete(app, "things", gone, 11));

    assertThat(versions(live, gone, never)).containsExactly(Map.entry(live, 10L));
    assertThat(versions()).isEmpty();
  }

  @Test
  void same_property_may_hold_different_types_in_different_entities() {
    UUID text = UUID.randomUUID();
    UUID number = UUID.randomUUID();
    UUID object = UUID.randomUUID();
    UUID flag = UUID.randomUUID();

    IndexResult result =
        apply(
            upsert(app, text, 1, "{\"a\":\"x\"}"),
            upsert(app, number, 1, "{\"a\":5}"),
            upsert(app, object, 1, "{\"a\":{\"b\":[1,\"two\",null,{\"c\":true}]}}"),
            upsert(app, flag, 1, "{\"a\":false}"));

    assertThat(result.applied()).isEqualTo(4);
    assertThat(result.failed()).isEmpty();
    assertThat(search("a = 'x'")).containsExactly(text);
    assertThat(search("a = 5")).containsExactly(number);
    assertThat(search("a.b = 'TWO'")).containsExactly(object);
    assertThat(search("a.b.c = true")).containsExactly(object);
    assertThat(search("a = false")).containsExactly(flag);
  }

  @Test
  void thousands_of_distinct_property_names_do_not_grow_the_mapping() throws Exception {
    int before = MappingInspector.fieldCount(SharedServices.get().elasticsearchUrl(), PREFIX);
    for (int entity = 0; entity < 3; entity++) {
      StringBuilder json = new StringBuilder("{");
      for (int p = 0; p < 1000; p++) {
        json.append(p == 0 ? "" : ",")
            .append("\"p")
            .append(entity * 1000 + p)
            .append("_\":")
            .append(p);
      }
      assertThat(apply(upsert(app, UUID.randomUUID(), 1, json.append('}').toString())).applied())
          .isEqualTo(1);
    }

    assertThat(MappingInspector.fieldCount(SharedServices.get().elasticsearchUrl(), PREFIX))
        .isEqualTo(before);
    assertThat(search("p2999_ = 999")).hasSize(1);
  }

  @Test
  void entities_over_the_value_cap_are_indexed_partially() {
    UUID id = UUID.randomUUID();
    StringBuilder json = new StringBuilder("{\"name\":\"huge\",\"tags\":[");
    for (int i = 0; i < 3000; i++) {
      json.append(i == 0 ? "" : ",").append(i);
    }

    assertThat(apply(upsert(app, id, 1, json.append("]}").toString())).applied()).isEqualTo(1);
    assertThat(search("name = 'huge'")).containsExactly(id);
  }

  @Test
  void search_never_leaks_other_applications_or_collections() {
    UUID mine = UUID.randomUUID();
    apply(
        upsert(app, mine, 1, "{\"k\":\"v\"}"),
        upsert(UUID.randomUUID(), UUID.randomUUID(), 1, "{\"k\":\"v\"}"),
        new IndexOperation.Upsert(
            app, "others", UUID.randomUUID(), 1, JSON.createObjectNode().put("k", "v")));

    assertThat(search("k = 'v'")).containsExactly(mine);
  }
}
