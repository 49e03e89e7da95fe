package io.meridian.core.common;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.uuid.Uuids;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * An {@link EventLog} in a Cassandra table keyed {@code ((bucket), id)}, one partition per minute:
 * a poll reads the current minute (and the one before it when its window reaches back) from its
 * window's start, so it never scans history. Tables expire their rows (a default TTL).
 */
public abstract class CassandraEventLog<E> implements EventLog<E> {
  private static final long BUCKET_MILLIS = 60_000;

  private final CqlSession session;
  private final IdGenerator ids;
  private final PreparedStatement insert;
  private final PreparedStatement select;

  /**
   * @param columns the event's columns after {@code bucket, id}, comma separated
   */
  protected CassandraEventLog(CqlSession session, IdGenerator ids, String table, String columns) {
    this.session = session;
    this.ids = ids;
    int count = columns.split(",").length;
    this.insert =
        session.prepare(
            "INSERT INTO "
                + table
                + " (bucket, id, "
                + columns
                + ") VALUES (?, ?"
                + ", ?".repeat(count)
                + ")");
    this.select =
        session.prepare(
            "SELECT id, " + columns + " FROM " + table + " WHERE bucket = ? AND id >= ?");
  }

  /** Binds the event's columns, in the order given to the constructor, after bucket and id. */
  protected abstract BoundStatement bind(BoundStatement statement, E event);

  /** The event a row holds; empty for a row this version cannot read (written by a newer one). */
  protected abstract Optional<E> read(Row row);

  @Override
  public void publish(E event) {
    UUID id = ids.newTimeUuid();
    session.execute(bind(insert.bind(TimeUuids.millis(id) / BUCKET_MILLIS, id), event));
  }

  @Override
  public void publishAll(List<E> events) {
    Concurrently.map(
        events,
        Concurrently.DEFAULT_WINDOW,
        event -> {
          UUID id = ids.newTimeUuid();
          return session.executeAsync(
              bind(insert.bind(TimeUuids.millis(id) / BUCKET_MILLIS, id), event));
        });
  }

  @Override
  public List<Published<E>> since(Instant since, Instant until) {
    long from = since.toEpochMilli();
    long now = until.toEpochMilli();
    List<Published<E>> events = new ArrayList<>();
    // One bucket past now: a writer whose clock runs a little ahead may already be there.
    for (long bucket = from / BUCKET_MILLIS; bucket <= now / BUCKET_MILLIS + 1; bucket++) {
      for (Row row : session.execute(select.bind(bucket, Uuids.startOf(from)))) {
        read(row).ifPresent(event -> events.add(new Published<>(row.getUuid("id"), event)));
      }
    }
    return events;
  }
}
