package io.meridian.core.device;

import io.meridian.core.common.PeriodicallyStored;
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
public final class EdgeStatsService extends PeriodicallyStored<UUID> {
  private static final Logger LOG = LoggerFactory.getLogger(EdgeStatsService.class);

  private final EdgeStats local;
  private final EdgeStatsStore store;
  private final String node;
  private final Clock clock;
  private final Duration nodeTimeout;

  public EdgeStatsService(
      EdgeStats local, EdgeStatsStore store, String node, Clock clock, Duration nodeTimeout) {
    super(
        "edge-stats",
        LOG,
        "Could not store the edge statistics of {} applications; retrying",
        "Storing the edge statistics failed: {}",
        local::storeFailed);
    this.local = local;
    this.store = store;
    this.node = node;
    this.clock = clock;
    this.nodeTimeout = nodeTimeout;
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

  /** Starts the write of every due application's totals, all stamped with the same time. */
  @Override
  protected Map<UUID, CompletionStage<Void>> writeDue() {
    Map<UUID, EdgeTotals> due = local.toStore();
    long now = clock.millis();
    Map<UUID, CompletionStage<Void>> writes = new LinkedHashMap<>();
    due.forEach((app, totals) -> writes.put(app, store.write(app, node, totals, now)));
    return writes;
  }
}
