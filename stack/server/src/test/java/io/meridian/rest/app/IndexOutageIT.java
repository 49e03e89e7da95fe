package io.meridian.rest.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.local.SharedServices;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.Eventually;
import io.meridian.rest.support.MeridianIT;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Elasticsearch really stopped: writes keep succeeding into Cassandra, queries answer 503, and once
 * Elasticsearch is back the index converges with nothing missing or stale.
 */
@Isolated // stops the shared Cassandra or Elasticsearch: every other class would fail
class IndexOutageIT extends MeridianIT {

  private Set<String> queryUuids(String ql) {
    return new HashSet<>(
        api.get(path("parcels") + "?limit=1000&ql=" + ApiClient.encode(ql)).uuids());
  }

  @Test
  void writes_succeed_while_elasticsearch_is_down_and_the_index_converges_after() {
    String updated =
        api.post(path("parcels"), "{\"state\":\"created\"}").entity().path("uuid").asText();
    String deleted =
        api.post(path("parcels"), "{\"state\":\"created\"}").entity().path("uuid").asText();

    SharedServices.services().stopElasticsearch();
    List<String> written = new ArrayList<>();
    try {
      for (int i = 0; i < 40; i++) {
        Reply reply = api.post(path("parcels"), "{\"state\":\"created\",\"n\":" + i + "}");
        assertThat(reply.status()).as(reply.body()).isEqualTo(200);
        written.add(reply.entity().path("uuid").asText());
      }
      assertThat(api.put(path("parcels") + "/" + updated, "{\"state\":\"shipped\"}").status())
          .isEqualTo(200);
      assertThat(api.delete(path("parcels") + "/" + deleted).status()).isEqualTo(200);
      assertThat(api.get(path("parcels") + "/" + written.get(0)).status()).isEqualTo(200);

      Reply query = api.get(path("parcels") + "?ql=" + ApiClient.encode("state = 'created'"));
      assertThat(query.status()).isEqualTo(503);
      assertThat(query.error()).isEqualTo("index_unavailable");
    } finally {
      SharedServices.services().startElasticsearch();
    }

    Eventually.within(
        Duration.ofSeconds(60),
        () -> {
          assertThat(queryUuids("select * where state = 'created'"))
              .containsExactlyInAnyOrderElementsOf(written);
          assertThat(queryUuids("select * where state = 'shipped'")).containsExactly(updated);
        });
  }
}
