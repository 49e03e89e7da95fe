package io.meridian.core.device;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

class EdgeStatsServiceTest {
  private static final UUID APP = UUID.randomUUID();
  private static final Instant NOW = Instant.parse("2026-11-26T12:00:00Z");
  private static final Duration NODE_TIMEOUT = Duration.ofSeconds(5);

  private final Rows rows = new Rows();
  private final Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
  private final EdgeStats local = new EdgeStats();
  private final EdgeStatsService service =
      new EdgeStatsService(local, rows, "this", clock, NODE_TIMEOUT);

  @Test
  void sums_this_nodes_live_totals_with_every_other_nodes_row() {
    local.addErrors(APP, 1);
    rows.put("other", new EdgeTotals(2, 1, 10, 3, 100, 50, 0, 0, 0, 0, 0), NOW.toEpochMilli());
    // This node's stale row is replaced by its live totals, never added to them.
    rows.put("this", new EdgeTotals(9, 9, 9, 9, 9, 9, 0, 0, 0, 0, 0), NOW.toEpochMilli());

    EdgeTotals totals = service.totals(APP);

    assertThat(totals.devices()).isEqualTo(2);
    assertThat(totals.websockets()).isEqualTo(1);
    assertThat(totals.messages()).isEqualTo(10);
    assertThat(totals.errors()).isEqualTo(4);
    assertThat(totals.bytesUp()).isEqualTo(100);
  }

  @Test
  void a_node_silent_past_the_timeout_keeps_its_counts_but_not_its_devices() {
    long stale = NOW.minus(NODE_TIMEOUT).minusMillis(1).toEpochMilli();
    rows.put("dead", new EdgeTotals(4, 2, 7, 1, 70, 35, 0, 0, 0, 0, 0), stale);
    rows.put(
        "live",
        new EdgeTotals(1, 0, 3, 0, 30, 15, 0, 0, 0, 0, 0),
        NOW.minus(NODE_TIMEOUT).toEpochMilli());

    EdgeTotals totals = service.totals(APP);

    assertThat(totals.devices()).isEqualTo(1);
    assertThat(totals.websockets()).isZero();
    assertThat(totals.messages()).isEqualTo(10);
    assertThat(totals.bytesDown()).isEqualTo(50);
  }

  @Test
  void stores_this_nodes_totals_under_its_id_and_retries_after_a_failure() {
    local.addErrors(APP, 2);
    rows.failing = true;
    service.store();
    assertThat(rows.stored).isEmpty();

    rows.failing = false;
    service.store();

    assertThat(rows.stored.get(APP).get("this").totals().errors()).isEqualTo(2);
    assertThat(rows.stored.get(APP).get("this").updated()).isEqualTo(NOW.toEpochMilli());
  }

  /** The rows in memory (a unit test's store). */
  private static final class Rows implements EdgeStatsStore {
    final Map<UUID, Map<String, NodeTotals>> stored = new ConcurrentHashMap<>();
    volatile boolean failing;

    void put(String node, EdgeTotals totals, long updated) {
      stored
          .computeIfAbsent(APP, ignored -> new ConcurrentHashMap<>())
          .put(node, new NodeTotals(node, totals, updated));
    }

    @Override
    public CompletionStage<Void> write(UUID app, String node, EdgeTotals totals, long updated) {
      if (failing) {
        return CompletableFuture.failedFuture(new IllegalStateException("unavailable"));
      }
      stored
          .computeIfAbsent(app, ignored -> new ConcurrentHashMap<>())
          .put(node, new NodeTotals(node, totals, updated));
      return CompletableFuture.completedFuture(null);
    }

    @Override
    public List<NodeTotals> read(UUID app) {
      return new ArrayList<>(stored.getOrDefault(app, Map.of()).values());
    }
  }
}
