package io.meridian.rest.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.TwoNodeIT;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Read-your-writes holds across nodes while many writers share bulks and refreshes: a write is
 * acknowledged only once a query on the <em>other</em> node sees it, with no affinity and no state
 * kept for the client. Concurrent writers are what group commit batches together, so a bulk that
 * answered before its refresh, or a refresh that did not cover a write, shows up here as a miss.
 */
class ReadYourWritesAcrossNodesIT extends TwoNodeIT {
  private static final int WRITERS = 16;
  private static final int WRITES_EACH = 12;

  @Test
  void a_query_on_the_other_node_sees_every_acknowledged_write_of_concurrent_writers()
      throws Exception {
    ApiClient first = api;
    ApiClient other = second.withToken(api.token());
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
    List<Future<List<String>>> misses = new ArrayList<>();
    for (int w = 0; w < WRITERS; w++) {
      int writer = w;
      ApiClient writesTo = writer % 2 == 0 ? first : other;
      ApiClient queries = writer % 2 == 0 ? other : first;
      misses.add(
          pool.submit(
              () -> {
                start.await();
                List<String> missed = new ArrayList<>();
                for (int i = 0; i < WRITES_EACH; i++) {
                  String body = "{\"writer\":" + writer + ",\"seq\":" + i + ",\"state\":\"new\"}";
                  Reply created = writesTo.post(path("sightings"), body);
                  assertThat(created.status()).isEqualTo(200);
                  String uuid = created.entity().path("uuid").asText();
                  String match = "writer = " + writer + " and seq = " + i;
                  if (!query(queries, match + " and state = 'new'").equals(List.of(uuid))) {
                    missed.add("create " + match);
                  }
                  writesTo.put(path("sightings") + "/" + uuid, "{\"state\":\"seen\"}");
                  if (!query(queries, match + " and state = 'seen'").equals(List.of(uuid))) {
                    missed.add("update " + match);
                  }
                }
                return missed;
              }));
    }
    start.countDown();
    List<String> missed = new ArrayList<>();
    for (Future<List<String>> future : misses) {
      missed.addAll(future.get());
    }
    pool.shutdown();

    assertThat(missed).as("writes a query on the other node did not see").isEmpty();
  }

  private List<String> query(ApiClient node, String where) {
    return node.get(path("sightings") + "?ql=" + ApiClient.encode("select * where " + where))
        .uuids();
  }
}
