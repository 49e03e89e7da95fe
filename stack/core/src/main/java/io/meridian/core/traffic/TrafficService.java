package io.meridian.core.traffic;

import io.meridian.core.common.PeriodicallyStored;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An application's recent requests over every node: each node stores the buckets it counted in
 * every interval, and a read sums every node's rows, with this node's live counts in place of its
 * stored ones (so what this node served shows at once, and another node's within an interval).
 */
public final class TrafficService extends PeriodicallyStored<TrafficCounters.Due> {
  private static final Logger LOG = LoggerFactory.getLogger(TrafficService.class);

  private final TrafficCounters local;
  private final TrafficStore store;
  private final String node;
  private final Clock clock;

  public TrafficService(TrafficCounters local, TrafficStore store, String node, Clock clock) {
    super(
        "app-traffic",
        LOG,
        "Could not store {} buckets of application requests; retrying",
        "Storing the application request buckets failed: {}",
        local::storeFailed);
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

  /**
   * Starts the write of every changed bucket (one per application and bucket start: no key
   * repeats).
   */
  @Override
  protected Map<TrafficCounters.Due, CompletionStage<Void>> writeDue() {
    Map<TrafficCounters.Due, CompletionStage<Void>> writes = new LinkedHashMap<>();
    for (TrafficCounters.Due bucket : local.toStore()) {
      writes.put(bucket, store.write(bucket.app(), node, bucket.bucket()));
    }
    return writes;
  }
}
