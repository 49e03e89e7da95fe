package io.meridian.core.traffic;

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
 * An application's recent requests over every node: each node stores the buckets it counted in
 * every interval, and a read sums every node's rows, with this node's live counts in place of its
 * stored ones (so what this node served shows at once, and another node's within an interval).
 */
public final class TrafficService implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(TrafficService.class);

  private final TrafficCounters local;
  private final TrafficStore store;
  private final String node;
  private final Clock clock;
  private ScheduledExecutorService writer;
  private boolean warned;

  public TrafficService(TrafficCounters local, TrafficStore store, String node, Clock clock) {
    this.local = local;
    this.store = store;
    this.node = node;
    this.clock = clock;
  }

  /**
   * Every bucket of the last {@code window} up to the current one, oldest first, empty ones
   * included so that a chart's time axis has no gaps.
   */
  public List<TrafficBucket> recent(UUID app, Duration window) {
    long end = TrafficCounters.bucketStart(clock.millis()) + TrafficCounters.BUCKET_MILLIS;
    long from = end - window.toMillis();
    Map<Long, TrafficBucket> sums = local.buckets(app, from, end);
    for (TrafficStore.NodeBucket row : store.read(app, from, end)) {
      if (!row.node().equals(node)) {
        sums.merge(row.bucket().start(), row.bucket(), TrafficBucket::plus);
      }
    }
    List<TrafficBucket> buckets = new ArrayList<>();
    for (long start = from; start < end; start += TrafficCounters.BUCKET_MILLIS) {
      TrafficBucket bucket = sums.get(start);
      buckets.add(bucket == null ? TrafficBucket.empty(start) : bucket);
    }
    return buckets;
  }

  /** Stores this node's buckets that changed since the last call; waits for the writes. */
  public void store() {
    List<TrafficCounters.Due> due = local.toStore();
    if (due.isEmpty()) {
      return;
    }
    List<TrafficCounters.Due> failed = new ArrayList<>();
    List<CompletableFuture<Void>> writes = new ArrayList<>(due.size());
    for (TrafficCounters.Due bucket : due) {
      writes.add(
          store
              .write(bucket.app(), node, bucket.bucket())
              .toCompletableFuture()
              .exceptionally(
                  error -> {
                    synchronized (failed) {
                      failed.add(bucket);
                    }
                    return null;
                  }));
    }
    CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new)).join();
    if (!failed.isEmpty()) {
      local.storeFailed(failed);
      if (!warned) {
        LOG.warn("Could not store {} buckets of application requests; retrying", failed.size());
        warned = true;
      }
    } else {
      warned = false;
    }
  }

  /** Stores the buckets every {@code interval} on a thread of its own. */
  public synchronized void start(Duration interval) {
    ScheduledThreadPoolExecutor executor =
        new ScheduledThreadPoolExecutor(
            1,
            runnable -> {
              Thread thread = new Thread(runnable, "app-traffic");
              thread.setDaemon(true);
              return thread;
            });
    executor.scheduleWithFixedDelay(
        this::storeQuietly, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
    writer = executor;
  }

  /** Stops the writes, storing a last time so a stopping node's counts are kept. */
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
      LOG.warn("Storing the application request buckets failed: {}", e.toString());
    }
  }
}
