package io.meridian.core.change;

import java.util.List;
import java.util.OptionalLong;

/**
 * The durable, ordered record of writes that consumers (the index repairer now; real-time
 * notifications and geofence indexes later) follow with their own checkpoints.
 *
 * <p>Entries are grouped into {@link #shards()} shards by entity and into time buckets by the
 * writer's clock. A consumer reads whole buckets once they are older than its lag, so its lag must
 * exceed the clock skew between nodes plus the longest time a write can take.
 */
public interface ChangeLog {

  int shards();

  /** The bucket of an entry written at {@code epochMillis}. */
  long bucketOf(long epochMillis);

  /** The first instant (epoch ms) after the bucket ends. */
  long bucketEnd(long bucket);

  /** Records a change durably; returns only once it is acknowledged. */
  void append(Change change);

  /** Records changes durably and concurrently; returns only once all are acknowledged. */
  void appendAll(List<Change> changes);

  /** Buckets of {@code shard} in [from, to] that hold entries, ascending. */
  List<Long> bucketsWithEntries(int shard, long from, long to);

  /** All entries of one bucket of one shard, in id order. */
  List<Change> read(int shard, long bucket);

  /** The first bucket {@code consumer} has not finished for {@code shard}, if it ever started. */
  OptionalLong checkpoint(String consumer, int shard);

  void saveCheckpoint(String consumer, int shard, long nextBucket);
}
