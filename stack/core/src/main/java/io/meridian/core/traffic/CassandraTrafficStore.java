package io.meridian.core.traffic;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletionStage;

/**
 * {@code app_traffic}: one partition per application and hour, a row per bucket and node. Rows
 * expire by the table's default TTL, so nothing is ever deleted and a read of the last hour touches
 * at most two partitions.
 */
public final class CassandraTrafficStore implements TrafficStore {
  static final long HOUR_MILLIS = 3_600_000L;

  /** More rows than two hours of 10-second buckets of a large cluster; bounds a read. */
  private static final int MAX_ROWS = 100_000;

  private final CqlSession session;
  private final PreparedStatement write;
  private final PreparedStatement read;

  public CassandraTrafficStore(CqlSession session) {
    this.session = session;
    this.write =
        session.prepare(
            "INSERT INTO app_traffic (app_id, hour, bucket, node, requests, errors_4xx,"
                + " errors_5xx, latency_sum_us, latency_max_us) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
    this.read =
        session.prepare(
            "SELECT node, bucket, requests, errors_4xx, errors_5xx, latency_sum_us, latency_max_us"
                + " FROM app_traffic WHERE app_id = ? AND hour = ? AND bucket >= ? AND bucket < ?"
                + " LIMIT "
                + MAX_ROWS);
  }

  @Override
  public CompletionStage<Void> write(UUID app, String node, TrafficBucket bucket) {
    return session
        .executeAsync(
            write
                .bind(
                    app,
                    Math.floorDiv(bucket.start(), HOUR_MILLIS),
                    bucket.start(),
                    node,
                    bucket.requests(),
                    bucket.errors4xx(),
                    bucket.errors5xx(),
                    bucket.latencySumMicros(),
                    bucket.latencyMaxMicros())
                .setIdempotent(true))
        .thenApply(ignored -> null);
  }

  @Override
  public List<NodeBucket> read(UUID app, long from, long to) {
    List<NodeBucket> rows = new ArrayList<>();
    long last = Math.floorDiv(to - 1, HOUR_MILLIS);
    for (long hour = Math.floorDiv(from, HOUR_MILLIS); hour <= last; hour++) {
      for (Row row : session.execute(read.bind(app, hour, from, to))) {
        rows.add(
            new NodeBucket(
                row.getString("node"),
                new TrafficBucket(
                    row.getLong("bucket"),
                    row.getLong("requests"),
                    row.getLong("errors_4xx"),
                    row.getLong("errors_5xx"),
                    row.getLong("latency_sum_us"),
                    row.getLong("latency_max_us"))));
      }
    }
    return rows;
  }
}
