package io.meridian.core.change;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import io.meridian.core.common.Concurrently;
import io.meridian.core.common.TimeUuids;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Change log in Cassandra: partitions of (shard, bucket), entries expire after the retention.
 *
 * <p>A bucket is registered in {@code change_log_buckets} before its first entry is written, so a
 * reader finds every non-empty bucket without touching empty ones. Each node registers each bucket
 * once (remembered in memory), which costs one extra write per shard per bucket per node.
 *
 * <p>An entry's bucket is the one of the instant it is written, by this node's clock, not of the
 * change's id: an array of a thousand entities takes its ids at once and may append the last of
 * them seconds later, and a consumer that reads a bucket once it is older than its lag must never
 * see an entry arrive in a bucket it has read.
 */
public final class CassandraChangeLog implements ChangeLog {
  static final int SHARDS = 16;

  private final CqlSession session;
  private final Clock clock;
  private final long bucketMillis;
  private final int ttlSeconds;
  private final ConcurrentMap<Integer, Long> registered = new ConcurrentHashMap<>();
  private final PreparedStatement insert;
  private final PreparedStatement register;
  private final PreparedStatement selectBuckets;
  private final PreparedStatement selectEntries;
  private final PreparedStatement selectCheckpoint;
  private final PreparedStatement insertCheckpoint;

  public CassandraChangeLog(
      CqlSession session, Clock clock, Duration bucketSize, Duration retention) {
    this.session = session;
    this.clock = clock;
    this.bucketMillis = bucketSize.toMillis();
    this.ttlSeconds = Math.toIntExact(retention.toSeconds());
    this.insert =
        session.prepare(
            "INSERT INTO change_log (shard, bucket, id, app_id, collection, entity, version,"
                + " deleted) VALUES (?, ?, ?, ?, ?, ?, ?, ?) USING TTL ?");
    this.register =
        session.prepare("INSERT INTO change_log_buckets (shard, bucket) VALUES (?, ?) USING TTL ?");
    this.selectBuckets =
        session.prepare(
            "SELECT bucket FROM change_log_buckets WHERE shard = ? AND bucket >= ? AND bucket <= ?");
    this.selectEntries =
        session.prepare(
            "SELECT id, app_id, collection, entity, version, deleted FROM change_log"
                + " WHERE shard = ? AND bucket = ?");
    this.selectCheckpoint =
        session.prepare("SELECT bucket FROM consumer_checkpoints WHERE consumer = ? AND shard = ?");
    this.insertCheckpoint =
        session.prepare(
            "INSERT INTO consumer_checkpoints (consumer, shard, bucket) VALUES (?, ?, ?)");
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
  public void appendAll(List<Change> changes) {
    // Concurrently calls this on this thread, a window at a time, so each entry's bucket is taken
    // right before it is written, and the registration before it is the thread's own.
    Concurrently.map(
        changes,
        Concurrently.DEFAULT_WINDOW,
        change -> {
          int shard = shardOf(change);
          long bucket = bucketOf(clock.millis());
          register(shard, bucket);
          return session.executeAsync(
              insert.bind(
                  shard,
                  bucket,
                  change.id(),
                  change.applicationId(),
                  change.collection(),
                  change.entityId(),
                  change.version(),
                  change.deleted(),
                  ttlSeconds));
        });
  }

  /** Registers a bucket before its first entry is written; each node does so once per bucket. */
  private void register(int shard, long bucket) {
    Long last = registered.get(shard);
    if (last == null || last != bucket) {
      session.execute(register.bind(shard, bucket, ttlSeconds));
      registered.put(shard, bucket);
    }
  }

  private static int shardOf(Change change) {
    return TimeUuids.shardOf(change.entityId(), SHARDS);
  }

  @Override
  public List<Long> bucketsWithEntries(int shard, long from, long to) {
    List<Long> buckets = new ArrayList<>();
    for (Row row : session.execute(selectBuckets.bind(shard, from, to))) {
      buckets.add(row.getLong("bucket"));
    }
    return buckets;
  }

  @Override
  public List<Change> read(int shard, long bucket) {
    List<Change> changes = new ArrayList<>();
    for (Row row : session.execute(selectEntries.bind(shard, bucket))) {
      changes.add(
          new Change(
              row.getUuid("id"),
              row.getUuid("app_id"),
              row.getString("collection"),
              row.getUuid("entity"),
              row.getLong("version"),
              row.getBoolean("deleted")));
    }
    return changes;
  }

  @Override
  public OptionalLong checkpoint(String consumer, int shard) {
    Row row = session.execute(selectCheckpoint.bind(consumer, shard)).one();
    return row == null ? OptionalLong.empty() : OptionalLong.of(row.getLong("bucket"));
  }

  @Override
  public void saveCheckpoint(String consumer, int shard, long nextBucket) {
    session.execute(insertCheckpoint.bind(consumer, shard, nextBucket));
  }
}
