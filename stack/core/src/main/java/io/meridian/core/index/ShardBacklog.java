package io.meridian.core.index;

import io.meridian.core.change.Change;
import io.meridian.core.change.ChangeLog;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.UUID;

/**
 * One shard's part of a repair pass: whether its checkpoint is behind the safe bucket, its buckets
 * with entries from there, how many of them were read, and the first one that must be read again.
 * Read on the repairer's pool, one call at a time.
 */
final class ShardBacklog {
  private final ChangeLog log;
  private final int shard;
  private final boolean behind;
  private final List<Long> buckets;
  private int next;

  /** The bucket each change read and not yet saved came from, by change id. */
  private final Map<UUID, Long> readFrom = new HashMap<>();

  /**
   * The first bucket read that holds a change whose write was still under way; MAX_VALUE if none.
   */
  private long held = Long.MAX_VALUE;

  private ShardBacklog(ChangeLog log, int shard, boolean behind, List<Long> buckets) {
    this.log = log;
    this.shard = shard;
    this.behind = behind;
    this.buckets = buckets;
  }

  /** The shard's buckets with entries from its checkpoint up to {@code lastSafeBucket}. */
  static ShardBacklog read(ChangeLog log, int shard, long lastSafeBucket) {
    long from = log.checkpoint(IndexRepairer.CONSUMER, shard).orElse(0);
    if (from > lastSafeBucket) {
      return new ShardBacklog(log, shard, false, List.of());
    }
    return new ShardBacklog(log, shard, true, log.bucketsWithEntries(shard, from, lastSafeBucket));
  }

  /** Whether the checkpoint is at or before the safe bucket, so the pass moves it on. */
  boolean behind() {
    return behind;
  }

  boolean hasNext() {
    return next < buckets.size();
  }

  synchronized List<Change> readNext() {
    long bucket = buckets.get(next++);
    List<Change> changes = log.read(shard, bucket);
    changes.forEach(change -> readFrom.put(change.id(), bucket));
    return changes;
  }

  /**
   * Keeps the checkpoint at or before the bucket {@code change} was read from (in this pass, since
   * the last save): its write was still under way, and the next pass reads it again.
   */
  synchronized void hold(Change change) {
    held = Math.min(held, readFrom.get(change.id()));
  }

  /** The first bucket this pass holds the checkpoint at, if it holds one. */
  synchronized OptionalLong held() {
    return held == Long.MAX_VALUE ? OptionalLong.empty() : OptionalLong.of(held);
  }

  /**
   * Moves the checkpoint past every bucket read so far, or to the first one held; call once they
   * are repaired.
   */
  synchronized Void saveRead() {
    save(buckets.get(next - 1) + 1);
    readFrom.clear();
    return null;
  }

  /**
   * Moves the checkpoint past {@code lastSafeBucket} (the shard had nothing more to read), or to
   * the first bucket held.
   */
  Void saveAllRead(long lastSafeBucket) {
    save(lastSafeBucket + 1);
    return null;
  }

  private synchronized void save(long nextBucket) {
    log.saveCheckpoint(IndexRepairer.CONSUMER, shard, Math.min(nextBucket, held));
  }
}
