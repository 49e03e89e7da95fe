package io.meridian.rest.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.realtime.RealtimeHub;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.SocketClient;
import io.meridian.rest.support.TwoNodeIT;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Events cross nodes (the property 2): a subscriber on the second node is told of every
 * write made through the first, in order, and soon after the writer heard its write acknowledged.
 */
class RealtimeAcrossNodesIT extends TwoNodeIT {
  private static final int WRITES_PER_SECOND = 20;
  private static final int SECONDS = 15;

  private SocketClient subscribeOnSecondNode(String collection) {
    SocketClient socket = SocketClient.open(second.base(), org, app, api.token());
    socket.send("{\"op\":\"subscribe\",\"id\":\"c1\",\"collection\":\"" + collection + "\"}");
    assertThat(socket.next("subscribed").path("seq").asLong()).isPositive();
    return socket;
  }

  @Test
  void a_subscriber_on_one_node_gets_every_write_through_another_in_order() {
    try (SocketClient socket = subscribeOnSecondNode("parcels")) {
      List<String> expected = new ArrayList<>();
      List<String> uuids = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        ApiClient.Reply created = api.post(path("parcels"), "{\"name\":\"p" + i + "\"}");
        assertThat(created.status()).as(created.body()).isEqualTo(200);
        uuids.add(created.entity().path("uuid").asText());
        expected.add("create " + uuids.get(i));
      }
      for (int i = 0; i < 5; i++) {
        assertThat(api.put(path("parcels/" + uuids.get(i)), "{\"weight\":" + i + "}").status())
            .isEqualTo(200);
        expected.add("update " + uuids.get(i));
      }
      for (int i = 4; i >= 0; i -= 2) {
        assertThat(api.delete(path("parcels/" + uuids.get(i))).status()).isEqualTo(200);
        expected.add("delete " + uuids.get(i));
      }

      List<String> received = new ArrayList<>();
      long previous = 0;
      for (int i = 0; i < expected.size(); i++) {
        JsonNode event = socket.next("event");
        JsonNode entity =
            event.path("event").asText().equals("delete")
                ? event.path("previous")
                : event.path("entity");
        received.add(event.path("event").asText() + " " + entity.path("uuid").asText());
        assertThat(event.path("seq").asLong()).as("seq of event %d", i).isGreaterThan(previous);
        previous = event.path("seq").asLong();
        if (event.path("event").asText().equals("update")) {
          assertThat(event.path("entity").has("weight")).isTrue();
          assertThat(event.path("previous").has("weight")).isFalse();
        }
      }
      assertThat(received).containsExactlyElementsOf(expected);
      assertThat(socket.drain(Duration.ofMillis(800))).as("nothing more").isEmpty();
    }
  }

  /**
   * One writer, {@code WRITES_PER_SECOND} for {@code SECONDS}: the time from the write's HTTP
   * response to its event, both taken in this JVM. The target is a p99 of 250 ms under
   * moderate load; the bound asserted is one a loaded CI machine holds.
   */
  @Test
  void events_reach_another_node_soon_after_the_write_is_acknowledged() throws Exception {
    int writes = WRITES_PER_SECOND * SECONDS;
    long[] acknowledged = new long[writes];
    ConcurrentMap<Integer, Long> arrived = new ConcurrentHashMap<>();
    List<Long> seqs = new ArrayList<>();
    RealtimeHub secondHub = secondNodeBean(RealtimeHub.class);
    long lateBefore = secondHub.lateEntries();
    try (SocketClient socket = subscribeOnSecondNode("pings")) {
      Thread reader =
          new Thread(
              () -> {
                while (arrived.size() < writes) {
                  JsonNode event;
                  try {
                    event = socket.next("event");
                  } catch (AssertionError quiet) {
                    return; // nothing for 10 s: the assertions below tell what is missing
                  }
                  long now = System.nanoTime();
                  arrived.putIfAbsent(event.path("entity").path("n").asInt(), now);
                  synchronized (seqs) {
                    seqs.add(event.path("seq").asLong());
                  }
                }
              },
              "realtime-latency-reader");
      reader.start();
      long start = System.nanoTime();
      long interval = TimeUnit.SECONDS.toNanos(1) / WRITES_PER_SECOND;
      for (int n = 0; n < writes; n++) {
        long due = start + n * interval;
        long wait = due - System.nanoTime();
        if (wait > 0) {
          TimeUnit.NANOSECONDS.sleep(wait);
        }
        ApiClient.Reply reply = api.post(path("pings"), "{\"n\":" + n + "}");
        acknowledged[n] = System.nanoTime();
        assertThat(reply.status()).as(reply.body()).isEqualTo(200);
      }
      reader.join(TimeUnit.SECONDS.toMillis(30));
    }

    assertThat(arrived.keySet()).as("every write's event").hasSize(writes);
    synchronized (seqs) {
      assertThat(seqs).as("seqs once each").doesNotHaveDuplicates();
      // In seq order, except an entry that became readable after the settle window (a writer
      // slowed mid-insert, as a loaded machine does): the sweep hands it over late, out of order,
      // and counts it (architecture.md, "Each node's view"). Nothing else may arrive early.
      long outOfOrder = 0;
      long highest = Long.MIN_VALUE;
      for (long seq : seqs) {
        if (seq < highest) {
          outOfOrder++;
        }
        highest = Math.max(highest, seq);
      }
      assertThat(outOfOrder)
          .as("events out of seq order, all handed over late by the sweep")
          .isLessThanOrEqualTo(secondHub.lateEntries() - lateBefore);
    }
    long[] latencies = new long[writes];
    for (int n = 0; n < writes; n++) {
      latencies[n] = arrived.get(n) - acknowledged[n];
    }
    Arrays.sort(latencies);
    double achieved = writes / ((acknowledged[writes - 1] - acknowledged[0]) / 1e9);
    System.out.printf(
        "Realtime across nodes: %d writes at %.1f/s, acknowledged -> event received:"
            + " p50 %.1f ms, p99 %.1f ms, max %.1f ms%n",
        writes,
        achieved,
        millis(percentile(latencies, 50)),
        millis(percentile(latencies, 99)),
        millis(latencies[writes - 1]));
    assertThat(millis(percentile(latencies, 99))).as("p99 in ms").isLessThanOrEqualTo(1000.0);
  }

  private static long percentile(long[] sorted, int percent) {
    int index = (int) Math.ceil(percent / 100.0 * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
  }

  private static double millis(long nanos) {
    return nanos / 1e6;
  }
}
