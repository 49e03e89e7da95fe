package io.meridian.testing.change;

import io.meridian.core.change.Change;
import io.meridian.core.change.ChangeLog;
import io.meridian.core.common.TimeUuids;
import io.meridian.testing.TimeUuidOrder;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * {@link ChangeLog} in memory with {@code CassandraChangeLog}'s layout: 16 shards by the entity's
 * uuid ({@link TimeUuids#shardOf}), buckets by the clock's time when an entry is appended, entries
 * of a bucket in id order, and a checkpoint per consumer and shard. Entries do not expire (a test's
 * span is far shorter than the retention). {@link #setAvailable} makes every call fail, as
 * Cassandra unreachable would.
 */
public final class MemoryChangeLog implements ChangeLog {
  /** {@code CassandraChangeLog.SHARDS}. */
  public static final int SHARDS = 16;

  private record CheckpointKey(String consumer, int shard) {}

  private final Clock clock;
  private final long bucketMillis;
  private final Map<Integer, TreeMap<Long, List<Change>>> shards = new HashMap<>();
  private final Map<CheckpointKey, Long> checkpoints = new HashMap<>();
  private volatile boolean available = true;

  public MemoryChangeLog(Clock clock, Duration bucketSize) {
    this.clock = clock;
    this.bucketMillis = bucketSize.toMillis();
  }

  /** While false every call throws, as the Cassandra log does when Cassandra is unreachable. */
  public void setAvailable(boolean available) {
    this.available = available;
  }

  @Override
  public int shards() {
    return SHARDS;
  }

  @Override
  public long bucketOf(long epochMillis) {
    return Math.floorDiv(epochMillis, bucketMillis);
  }

  @Override
  public long bucketEnd(long bucket) {
    return (bucket + 1) * bucketMillis;
  }

  @Override
  public void append(Change change) {
    appendAll(List.of(change));
  }

  @Override
  public synchronized void appendAll(List<Change> changes) {
    requireAvailable();
    for (Change change : changes) {
      List<Change> bucket =
          shards
              .computeIfAbsent(shardOf(change), shard -> new TreeMap<>())
              .computeIfAbsent(bucketOf(clock.millis()), b -> new ArrayList<>());
      bucket.add(change);
      bucket.sort((left, right) -> TimeUuidOrder.compare(left.id(), right.id()));
    }
  }

  @Override
  public synchronized List<Long> bucketsWithEntries(int shard, long from, long to) {
    requireAvailable();
    TreeMap<Long, List<Change>> buckets = shards.getOrDefault(shard, new TreeMap<>());
    return from > to ? List.of() : List.copyOf(buckets.subMap(from, true, to, true).keySet());
  }

  @Override
  public synchronized List<Change> read(int shard, long bucket) {
    requireAvailable();
    return List.copyOf(shards.getOrDefault(shard, new TreeMap<>()).getOrDefault(bucket, List.of()));
  }

  @Override
  public synchronized OptionalLong checkpoint(String consumer, int shard) {
    requireAvailable();
    Long bucket = checkpoints.get(new CheckpointKey(consumer, shard));
    return bucket == null ? OptionalLong.empty() : OptionalLong.of(bucket);
  }

  @Override
  public synchronized void saveCheckpoint(String consumer, int shard, long nextBucket) {
    requireAvailable();
    checkpoints.put(new CheckpointKey(consumer, shard), nextBucket);
  }

  /** Every entry, in no particular order: what a test reads to see what was logged. */
  public synchronized List<Change> entries() {
    List<Change> all = new ArrayList<>();
    shards.values().forEach(buckets -> buckets.values().forEach(all::addAll));
    return all;
  }

  /** The shard of an entity's entries. */
  public static int shardOf(Change change) {
    return TimeUuids.shardOf(change.entityId(), SHARDS);
  }

  private void requireAvailable() {
    if (!available) {
      throw new IllegalStateException("The change log is unavailable");
    }
  }
}
