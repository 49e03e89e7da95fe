package io.meridian.core.counter;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Counters in Cassandra's counter type: {@code counters} holds one partition per application and
 * counter name, a row per resolution and bucket, so one increment is one counter batch into one
 * partition per counter (all its resolutions applied by each replica as a single mutation). Names
 * are kept in {@code counter_names}, one partition per application.
 *
 * <p>Cassandra adds counter deltas on the replicas, so concurrent increments from any number of
 * nodes never lose one another. What could make a sum wrong is a retry of an increment that did
 * land: the session marks statements idempotent by default (and may retry them), so every counter
 * statement here is marked non-idempotent, which the driver never retries or speculatively repeats.
 */
public final class CassandraCounterStore implements CounterStore {
  /** Names this node recorded lately: an entity write increments the same two again and again. */
  private static final int RECORDED_NAMES = 100_000;

  private final Cache<String, Boolean> recorded =
      Caffeine.newBuilder().maximumSize(RECORDED_NAMES).build();
  private final CqlSession session;
  private final PreparedStatement add;
  private final PreparedStatement name;
  private final PreparedStatement range;
  private final PreparedStatement names;

  public CassandraCounterStore(CqlSession session) {
    this.session = session;
    this.add =
        session.prepare(
            "UPDATE counters SET value = value + ?"
                + " WHERE app_id = ? AND name = ? AND resolution = ? AND bucket = ?");
    this.name = session.prepare("INSERT INTO counter_names (app_id, name) VALUES (?, ?)");
    this.range =
        session.prepare(
            "SELECT bucket, value FROM counters WHERE app_id = ? AND name = ? AND resolution = ?"
                + " AND bucket >= ? AND bucket <= ? LIMIT ?");
    this.names = session.prepare("SELECT name FROM counter_names WHERE app_id = ? LIMIT ?");
  }

  @Override
  public CompletionStage<Void> increment(
      UUID applicationId, Map<String, Long> deltas, long timestamp) {
    List<CompletableFuture<?>> writes = new ArrayList<>();
    for (Map.Entry<String, Long> delta : deltas.entrySet()) {
      String key = applicationId + "/" + delta.getKey();
      if (recorded.getIfPresent(key) == null) {
        writes.add(
            session
                .executeAsync(name.bind(applicationId, delta.getKey()).setIdempotent(true))
                .toCompletableFuture()
                .thenRun(() -> recorded.put(key, Boolean.TRUE)));
      }
      if (delta.getValue() == 0) {
        continue; // Usergrid's "reset" value adds nothing; the name is still recorded
      }
      BatchStatementBuilder batch = BatchStatement.builder(BatchType.COUNTER);
      for (CounterResolution resolution : CounterResolution.values()) {
        batch.addStatement(
            add.bind(
                delta.getValue(),
                applicationId,
                delta.getKey(),
                resolution.label(),
                resolution.bucket(timestamp)));
      }
      writes.add(session.executeAsync(batch.setIdempotence(false).build()).toCompletableFuture());
    }
    return CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new));
  }

  @Override
  public List<CounterValue> read(
      UUID applicationId,
      String counter,
      CounterResolution resolution,
      long from,
      long to,
      int limit) {
    List<CounterValue> values = new ArrayList<>();
    for (Row row :
        session.execute(range.bind(applicationId, counter, resolution.label(), from, to, limit))) {
      values.add(new CounterValue(row.getLong("bucket"), row.getLong("value")));
    }
    return values;
  }

  @Override
  public List<String> names(UUID applicationId, int limit) {
    List<String> found = new ArrayList<>();
    for (Row row : session.execute(names.bind(applicationId, limit))) {
      found.add(row.getString("name"));
    }
    return found;
  }
}
