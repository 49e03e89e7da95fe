package io.meridian.rest.counter;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.TwoNodeIT;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Many events posted at once through two nodes: every counter is exact at every resolution, because
 * increments are added by Cassandra rather than read, summed and written back by a node.
 */
class CountersAcrossNodesIT extends TwoNodeIT {
  private static final long MINUTE = 60_000;
  private static final long T = Instant.parse("2026-03-01T23:58:10Z").toEpochMilli();
  private static final int CLIENTS_PER_NODE = 6;
  private static final int EVENTS_PER_CLIENT = 40;

  private static final String[] RESOLUTIONS = {
    "all",
    "minute",
    "five_minutes",
    "half_hour",
    "hour",
    "six_hour",
    "half_day",
    "day",
    "week",
    "month"
  };
  private static final long[] BUCKET_MINUTES = {0, 1, 5, 30, 60, 360, 720, 1440, 10080, 43200};

  @Test
  void concurrent_events_through_two_nodes_give_exact_sums_at_every_resolution() throws Exception {
    ApiClient firstNode = api;
    ApiClient secondNode = second.withToken(api.token());
    ExecutorService clients = Executors.newFixedThreadPool(2 * CLIENTS_PER_NODE);
    List<Future<Long>> sent = new ArrayList<>();
    for (int client = 0; client < 2 * CLIENTS_PER_NODE; client++) {
      ApiClient node = client % 2 == 0 ? firstNode : secondNode;
      int id = client;
      sent.add(
          clients.submit(
              () -> {
                long total = 0;
                for (int i = 0; i < EVENTS_PER_CLIENT; i++) {
                  long step = (long) (id * EVENTS_PER_CLIENT + i) % 7;
                  Reply posted =
                      node.post(
                          path("events") + "?consistency=eventual",
                          "{\"timestamp\":"
                              + timestamp(id, i)
                              + ",\"counters\":{\"hits\":1,\"weight\":"
                              + step
                              + "}}");
                  assertThat(posted.status()).as(posted.body()).isEqualTo(200);
                  total += step;
                }
                return total;
              }));
    }
    long weight = 0;
    for (Future<Long> client : sent) {
      weight += client.get(5, TimeUnit.MINUTES);
    }
    clients.shutdown();

    int events = 2 * CLIENTS_PER_NODE * EVENTS_PER_CLIENT;
    String range = "&start_time=" + (T - 40L * 24 * 60 * MINUTE) + "&end_time=" + (T + 60 * MINUTE);
    for (int r = 0; r < RESOLUTIONS.length; r++) {
      Map<Long, Long> expected = new TreeMap<>();
      for (int client = 0; client < 2 * CLIENTS_PER_NODE; client++) {
        for (int i = 0; i < EVENTS_PER_CLIENT; i++) {
          long bucket =
              BUCKET_MINUTES[r] == 0
                  ? 1
                  : Math.floorDiv(timestamp(client, i), BUCKET_MINUTES[r] * MINUTE)
                      * BUCKET_MINUTES[r]
                      * MINUTE;
          expected.merge(bucket, 1L, Long::sum);
        }
      }
      for (ApiClient node : List.of(firstNode, secondNode)) {
        Reply read =
            node.get(path("counters") + "?counter=hits&resolution=" + RESOLUTIONS[r] + range);
        assertThat(read.status()).as(read.body()).isEqualTo(200);
        assertThat(series(read)).as(RESOLUTIONS[r]).isEqualTo(expected);
      }
      assertThat(expected.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(events);
    }
    Reply weights = secondNode.get(path("counters") + "?counter=weight");
    assertThat(series(weights)).isEqualTo(Map.of(1L, weight));
  }

  /** Spread over the minutes around midnight, so buckets of every size split the events. */
  private static long timestamp(int client, int i) {
    return T + ((client * 7L + i * 13L) % 9) * MINUTE / 2 * 3;
  }

  private static Map<Long, Long> series(Reply read) {
    Map<Long, Long> values = new TreeMap<>();
    for (JsonNode value : read.json().path("counters").path(0).path("values")) {
      values.put(value.path("timestamp").asLong(), value.path("value").asLong());
    }
    return values;
  }
}
