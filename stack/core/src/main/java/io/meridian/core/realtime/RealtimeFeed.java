package io.meridian.core.realtime;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.Concurrently;
import io.meridian.core.entity.EntityWriteObserver;
import io.meridian.core.entity.StoredEntity;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The real-time feed in Cassandra ({@code realtime_feed}): every acknowledged entity write of an
 * application with the entity before and after it, and the upstream events of its devices, one
 * partition per application and second, expiring after the retention. Writers append after
 * Cassandra acknowledged the entity and before the client's request returns, so every acknowledged
 * write has its entry; readers (every node with subscribers, and any node a client resumes on) read
 * an application's entries in sequence order.
 *
 * <p>An entry's sequence is taken from this node's clock in microseconds right before its insert,
 * never twice the same on one node; entries of two nodes may share one, and are then ordered by
 * entity ({@link FeedEntry.Position}).
 */
public final class RealtimeFeed implements EntityWriteObserver, FeedSource {
  static final long BUCKET_MICROS = 1_000_000;

  private final CqlSession session;
  private final Clock clock;
  private final int ttlSeconds;
  private final AtomicLong lastSeq = new AtomicLong();
  private final PreparedStatement insert;
  private final PreparedStatement insertEvent;
  private final PreparedStatement select;
  private final PreparedStatement selectKeys;
  private final PreparedStatement selectOne;

  public RealtimeFeed(CqlSession session, Clock clock, Duration retention) {
    this.session = session;
    this.clock = clock;
    this.ttlSeconds = Math.toIntExact(retention.toSeconds());
    this.insert =
        session.prepare(
            "INSERT INTO realtime_feed (app_id, bucket, seq, entity, collection, name, version,"
                + " body, previous) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) USING TTL ?");
    this.insertEvent =
        session.prepare(
            "INSERT INTO realtime_feed (app_id, bucket, seq, entity, collection, name, version,"
                + " body, previous, event) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) USING TTL ?");
    this.select =
        session.prepare(
            "SELECT seq, entity, collection, name, version, body, previous, event FROM realtime_feed"
                + " WHERE app_id = ? AND bucket = ? AND seq >= ? AND seq <= ? LIMIT ?");
    this.selectKeys =
        session.prepare(
            "SELECT seq, entity FROM realtime_feed"
                + " WHERE app_id = ? AND bucket = ? AND seq >= ? AND seq <= ?");
    this.selectOne =
        session.prepare(
            "SELECT seq, entity, collection, name, version, body, previous, event FROM realtime_feed"
                + " WHERE app_id = ? AND bucket = ? AND seq = ? AND entity = ?");
  }

  /** How long entries are kept. */
  @Override
  public Duration retention() {
    return Duration.ofSeconds(ttlSeconds);
  }

  /** Now on this node's clock, in the unit of sequences. */
  @Override
  public long now() {
    return Math.multiplyExact(clock.millis(), 1000L);
  }

  /** Every acknowledged write has its entry before the client hears of it. */
  @Override
  public void afterWrites(ApplicationRef app, String collection, List<EntityWrite> writes) {
    append(app.id(), collection, writes);
  }

  /** Appends one entry per write, concurrently; durable when it returns. */
  public void append(UUID app, String collection, List<EntityWrite> writes) {
    Concurrently.map(
        writes,
        Concurrently.DEFAULT_WINDOW,
        write -> {
          long seq = nextSeq();
          StoredEntity any = write.after() != null ? write.after() : write.before();
          return session.executeAsync(
              insert.bind(
                  app,
                  seq / BUCKET_MICROS,
                  seq,
                  any.uuid(),
                  collection,
                  any.name(),
                  write.version(),
                  write.after() == null ? null : write.after().json(),
                  write.before() == null ? null : write.before().json(),
                  ttlSeconds));
        });
  }

  /**
   * Appends a device's upstream event: an entry of the device's entity (unchanged: {@code body} and
   * {@code previous} are both its JSON) carrying the event. Durable when it returns.
   */
  public void appendEvent(UUID app, StoredEntity device, String payload) {
    long seq = nextSeq();
    session.execute(
        insertEvent.bind(
            app,
            seq / BUCKET_MICROS,
            seq,
            device.uuid(),
            device.collection(),
            device.name(),
            device.version(),
            device.json(),
            device.json(),
            payload,
            ttlSeconds));
  }

  /** This node's next sequence: its clock, forced above the last one it gave. */
  private long nextSeq() {
    long now = clock.millis() * 1000L + (System.nanoTime() / 1000L) % 1000L;
    return lastSeq.updateAndGet(last -> Math.max(last + 1, now));
  }

  /**
   * The entries with {@code from <= seq <= until}, in feed order, at most {@code limit} (plus those
   * sharing the last one's seq, so a page never splits a seq).
   */
  @Override
  public List<FeedEntry> read(UUID app, long from, long until, int limit) {
    List<FeedEntry> entries = new ArrayList<>();
    for (long bucket = from / BUCKET_MICROS; bucket <= until / BUCKET_MICROS; bucket++) {
      for (Row row : session.execute(select.bind(app, bucket, from, until, limit + 64))) {
        entries.add(entry(row));
      }
      if (entries.size() >= limit) {
        break;
      }
    }
    entries.sort((a, b) -> a.position().compareTo(b.position()));
    if (entries.size() > limit) {
      long lastSeq = entries.get(limit - 1).seq();
      int end = limit;
      while (end < entries.size() && entries.get(end).seq() == lastSeq) {
        end++;
      }
      return List.copyOf(entries.subList(0, end));
    }
    return entries;
  }

  /** The positions of the entries with {@code from <= seq <= until}, in no particular order. */
  @Override
  public List<FeedEntry.Position> positions(UUID app, long from, long until) {
    List<FeedEntry.Position> positions = new ArrayList<>();
    for (long bucket = from / BUCKET_MICROS; bucket <= until / BUCKET_MICROS; bucket++) {
      for (Row row : session.execute(selectKeys.bind(app, bucket, from, until))) {
        positions.add(new FeedEntry.Position(row.getLong(0), row.getUuid(1)));
      }
    }
    return positions;
  }

  /** The entry at a position, if it is still kept. */
  @Override
  public FeedEntry get(UUID app, FeedEntry.Position position) {
    BoundStatement statement =
        selectOne.bind(app, position.seq() / BUCKET_MICROS, position.seq(), position.entity());
    Row row = session.execute(statement).one();
    return row == null ? null : entry(row);
  }

  private static FeedEntry entry(Row row) {
    return new FeedEntry(
        row.getLong(0),
        row.getUuid(1),
        row.getString(2),
        row.getString(3),
        row.getLong(4),
        row.getString(5),
        row.getString(6),
        row.getString(7));
  }
}
