package io.meridian.core.identity.login;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.uuid.Uuids;
import io.meridian.core.common.TimeUuids;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Failed logins in Cassandra's {@code login_failures} table: one partition per key, newest failure
 * first, every row written with a TTL so that history disappears by itself.
 *
 * <p>Failures are kept to the millisecond. Each row's time UUID carries that millisecond and random
 * low bits, so two failures of one key in the same millisecond (from one node or several) are two
 * rows, never one overwriting the other.
 *
 * <p>Reads start at {@code since}, which callers set to the TTL's horizon: in a partition under
 * attack the expired rows (tombstones until compaction) all lie before it and are never scanned.
 */
public final class CassandraLoginFailureStore implements LoginFailureStore {
  private final CqlSession session;
  private final PreparedStatement insert;
  private final PreparedStatement select;
  private final PreparedStatement delete;

  public CassandraLoginFailureStore(CqlSession session) {
    this.session = session;
    this.insert = session.prepare("INSERT INTO login_failures (key, at) VALUES (?, ?) USING TTL ?");
    this.select =
        session.prepare("SELECT at FROM login_failures WHERE key = ? AND at >= ? LIMIT ?");
    this.delete = session.prepare("DELETE FROM login_failures WHERE key = ?");
  }

  @Override
  public CompletionStage<List<Instant>> recent(String key, Instant since, int limit) {
    if (limit <= 0) {
      return CompletableFuture.completedFuture(List.of());
    }
    // One page as large as the limit: the first page then holds every row asked for.
    return session
        .executeAsync(
            select.bind(key, Uuids.startOf(since.toEpochMilli()), limit).setPageSize(limit))
        .thenApply(CassandraLoginFailureStore::instants);
  }

  private static List<Instant> instants(AsyncResultSet rows) {
    List<Instant> failures = new ArrayList<>();
    for (Row row : rows.currentPage()) {
      failures.add(Instant.ofEpochMilli(TimeUuids.millis(row.getUuid("at"))));
    }
    return failures;
  }

  @Override
  public void record(String key, Instant at, Duration ttl) {
    session.execute(insert.bind(key, timeUuid(at), ttlSeconds(ttl)));
  }

  @Override
  public void clear(String key) {
    session.execute(delete.bind(key));
  }

  /** A version-1 UUID of {@code at}'s millisecond with a random clock sequence and node. */
  private static UUID timeUuid(Instant at) {
    long random = ThreadLocalRandom.current().nextLong();
    long variant = 0b10L << 62;
    return new UUID(
        Uuids.startOf(at.toEpochMilli()).getMostSignificantBits(), variant | (random >>> 2));
  }

  /** Whole seconds, rounded up so that a failure is never forgotten before its window ends. */
  private static int ttlSeconds(Duration ttl) {
    long millis = ttl.toMillis();
    if (millis <= 0) {
      throw new IllegalArgumentException("A failure must be kept for some time, not " + ttl);
    }
    return Math.toIntExact((millis + 999) / 1000);
  }
}
