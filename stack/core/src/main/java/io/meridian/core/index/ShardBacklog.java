package io.meridian.core.index;

import io.meridian.core.change.Change;
import io.meridian.core.change.ChangeLog;
import java.util.List;

/**
 * One shard's part of a repair pass: whether its checkpoint is behind the safe bucket, its buckets
 * with entries from there, and how many of them were read. Read on the repairer's pool, one call at
 * a time.
 */
final class ShardBacklog {
  private final ChangeLog log;
  private final int shard;
  private final boolean behind;
  private final List<Long> buckets;
  private int next;

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

  List<Change> readNext() {
    return log.read(shard, buckets.get(next++));
  }

  /** Moves the checkpoint past every bucket read so far; call once they are repaired. */
  Void saveRead() {
    log.saveCheckpoint(IndexRepairer.CONSUMER, shard, buckets.get(next - 1) + 1);
    return null;
  }

  /** Moves the checkpoint past {@code lastSafeBucket}: the shard had nothing more to read. */
  Void saveAllRead(long lastSafeBucket) {
    log.saveCheckpoint(IndexRepairer.CONSUMER, shard, lastSafeBucket + 1);
    return null;
  }
}
