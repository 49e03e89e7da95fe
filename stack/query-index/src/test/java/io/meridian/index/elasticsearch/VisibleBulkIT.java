package io.meridian.index.elasticsearch;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.index.IndexQuery;
import io.meridian.core.index.SearchHits;
import io.meridian.index.query.UsergridQueryLanguage;
import io.meridian.local.SharedServices;
import java.io.IOException;
import java.util.List;
import java.util.UUID;
import org.apache.http.HttpHost;
import org.apache.http.entity.ContentType;
import org.apache.http.nio.entity.NStringEntity;
import org.elasticsearch.client.Request;
import org.elasticsearch.client.RestClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A bulk applied visibly is searchable the moment it answers, with no other refresh. The index's
 * scheduled refreshes are turned off here, so only the bulk's own refresh can make it visible, and
 * a plain bulk stays invisible (which shows the check can fail).
 */
class VisibleBulkIT {
  private static final String PREFIX = "it-visible-" + UUID.randomUUID().toString().substring(0, 8);

  private static ElasticsearchEntityIndex index;
  private final UUID app = UUID.randomUUID();

  @BeforeAll
  static void createIndexWithoutScheduledRefreshes() throws IOException {
    index = ElasticsearchEntityIndexIT.openIndex(PREFIX);
    index.ensureSchema();
    try (RestClient client = RestClient.builder(HttpHost.create(url())).build()) {
      Request settings = new Request("PUT", "/" + PREFIX + "-entities/_settings");
      settings.setEntity(
          new NStringEntity(
              "{\"index\":{\"refresh_interval\":\"-1\"}}", ContentType.APPLICATION_JSON));
      client.performRequest(settings);
    }
  }

  @AfterAll
  static void dropIndex() throws IOException {
    if (index != null) {
      index.close();
      MappingInspector.deleteIndex(url(), PREFIX + "-entities-v1");
    }
  }

  private static String url() {
    return SharedServices.get().elasticsearchUrl();
  }

  private List<UUID> searchWithoutRefreshing(String ql) {
    SearchHits hits =
        index.search(IndexQuery.of(app, "things", new UsergridQueryLanguage().compile(ql), 100));
    return hits.hits().stream().map(SearchHits.Hit::entityId).toList();
  }

  @Test
  void a_visible_bulk_is_searchable_when_it_answers_and_a_plain_one_is_not() {
    UUID plain = UUID.randomUUID();
    UUID visible = UUID.randomUUID();

    index
        .apply(List.of(ElasticsearchEntityIndexIT.upsert(app, plain, 1, "{\"mark\":\"plain\"}")))
        .toCompletableFuture()
        .join();
    assertThat(searchWithoutRefreshing("mark = 'plain'")).isEmpty();

    index
        .applyVisibly(
            List.of(ElasticsearchEntityIndexIT.upsert(app, visible, 1, "{\"mark\":\"seen\"}")))
        .toCompletableFuture()
        .join();
    assertThat(searchWithoutRefreshing("mark = 'seen'")).containsExactly(visible);
  }
}
