package io.meridian.core.device;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletionStage;

/**
 * {@code edge_stats}: one partition per application, a row per node holding its totals as JSON.
 * Rows are never deleted: the counters of a node that stopped still count in the sums.
 */
public final class CassandraEdgeStatsStore implements EdgeStatsStore {
  /** More nodes than any cluster has had; bounds a read whatever is stored. */
  private static final int MAX_NODES = 10_000;

  private final CqlSession session;
  private final PreparedStatement write;
  private final PreparedStatement read;

  public CassandraEdgeStatsStore(CqlSession session) {
    this.session = session;
    this.write =
        session.prepare(
            "INSERT INTO edge_stats (app_id, node, stats, updated) VALUES (?, ?, ?, ?)");
    this.read =
        session.prepare(
            "SELECT node, stats, updated FROM edge_stats WHERE app_id = ? LIMIT " + MAX_NODES);
  }

  @Override
  public CompletionStage<Void> write(UUID app, String node, EdgeTotals totals, long updated) {
    return session
        .executeAsync(write.bind(app, node, totals.toJson(), updated).setIdempotent(true))
        .thenApply(ignored -> null);
  }

  @Override
  public List<NodeTotals> read(UUID app) {
    List<NodeTotals> rows = new ArrayList<>();
    for (Row row : session.execute(read.bind(app))) {
      String stats = row.getString("stats");
      if (stats != null) {
        rows.add(
            new NodeTotals(
                row.getString("node"), EdgeTotals.fromJson(stats), row.getLong("updated")));
      }
    }
    return rows;
  }
}
