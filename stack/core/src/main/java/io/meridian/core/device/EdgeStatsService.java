package io.meridian.core.device;

import io.meridian.core.common.PeriodicWrites;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An application's edge statistics over every node: each node stores its own totals every interval
 * (only for applications with something to say), and a read sums every node's row with this node's
 * live totals in place of its stored ones.
 *
 * <p>Counters (messages, errors, bytes, latency) are summed over every row, a stopped node's too:
 * they count what happened. Devices and WebSockets only over rows written within the node timeout,
 * as a node that stopped writing holds no device any more.
 */
public final class EdgeStatsService implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(EdgeStatsService.class);

  private final EdgeStats local;
  private final EdgeStatsStore store;
  private final String node;
  private final Clock clock;
  private final Duration nodeTimeout;
  private final PeriodicWrites<UUID> writer;

  public EdgeStatsService(
      EdgeStats local, EdgeStatsStore store, String node, Clock clock, Duration nodeTimeout) {
    this.local = local;
    this.store = store;
    this.node = node;
    this.clock = clock;
    this.nodeTimeout = nodeTimeout;
    this.writer =
        new PeriodicWrites<>(
            "edge-stats",
            LOG,
            "Could not store the edge statistics of {} applications; retrying",
            "Storing the edge statistics failed: {}",
            this::writeDue,
            local::storeFailed);
  }

  /** The application's totals over every node. */
  public EdgeTotals totals(UUID app) {
    long liveSince = clock.millis() - nodeTimeout.toMillis();
    EdgeTotals sum = local.totals(app);
    for (EdgeStatsStore.NodeTotals row : store.read(app)) {
      if (!row.node().equals(node)) {
        sum = sum.plus(row.totals(), row.updated() >= liveSince);
      }
    }
    return sum;
  }

  /** This node's id in the rows it writes. */
  public String node() {
    return node;
  }

  /** Stores this node's totals of the applications that are due; waits for the writes. */
  public void store() {
    writer.store();
  }

  /** Stores the totals every {@code interval} on a thread of its own. */
  public void start(Duration interval) {
    writer.start(interval);
  }

  /** Stops the writes, storing the totals a last time so a stopping node's counts are kept. */
  @Override
  public void close() {
    writer.close();
  }

  /** Starts the write of every due application's totals, all stamped with the same time. */
  private Map<UUID, CompletionStage<Void>> writeDue() {
    Map<UUID, EdgeTotals> due = local.toStore();
    long now = clock.millis();
    Map<UUID, CompletionStage<Void>> writes = new LinkedHashMap<>();
    due.forEach((app, totals) -> writes.put(app, store.write(app, node, totals, now)));
    return writes;
  }
}
