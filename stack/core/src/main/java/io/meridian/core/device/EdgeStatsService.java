package io.meridian.core.device;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
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
  private ScheduledExecutorService writer;
  private boolean warned;

  public EdgeStatsService(
      EdgeStats local, EdgeStatsStore store, String node, Clock clock, Duration nodeTimeout) {
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

  /** Stores this node's totals of the applications that are due; waits for the writes. */
  public void store() {
    Map<UUID, EdgeTotals> due = local.toStore();
    if (due.isEmpty()) {
      return;
    }
    long now = clock.millis();
    List<UUID> failed = new ArrayList<>();
    List<CompletableFuture<Void>> writes = new ArrayList<>(due.size());
    due.forEach(
        (app, totals) ->
            writes.add(
                store
                    .write(app, node, totals, now)
                    .toCompletableFuture()
                    .exceptionally(
                        error -> {
                          synchronized (failed) {
                            failed.add(app);
                          }
                          return null;
                        })));
    CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new)).join();
    if (!failed.isEmpty()) {
      local.storeFailed(failed);
      if (!warned) {
        LOG.warn("Could not store the edge statistics of {} applications; retrying", failed.size());
        warned = true;
      }
    } else {
      warned = false;
    }
  }

  /** Stores the totals every {@code interval} on a thread of its own. */
  public synchronized void start(Duration interval) {
    ScheduledThreadPoolExecutor executor =
        new ScheduledThreadPoolExecutor(
            1,
            runnable -> {
              Thread thread = new Thread(runnable, "edge-stats");
              thread.setDaemon(true);
              return thread;
            });
    executor.scheduleWithFixedDelay(
        this::storeQuietly, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
    writer = executor;
  }

  /** Stops the writes, storing the totals a last time so a stopping node's counts are kept. */
  @Override
  public synchronized void close() {
    if (writer == null) {
      return;
    }
    writer.shutdownNow();
    try {
      writer.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    writer = null;
    storeQuietly();
  }

  private void storeQuietly() {
    try {
      store();
    } catch (RuntimeException e) {
      LOG.warn("Storing the edge statistics failed: {}", e.toString());
    }
  }
}
