package io.meridian.core.realtime;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletionStage;

/**
 * The real-time feed in Cassandra ({@code realtime_feed}): one partition per application and second
 * of sequence, so a reader moves forward bucket by bucket; rows expire after the retention.
 */
public final class CassandraFeedStore implements FeedStore {
  static final long BUCKET_MICROS = 1_000_000;

  /** Read beyond the limit from a bucket, so that a page can end on a whole seq. */
  private static final int SAME_SEQ_MARGIN = 64;

  private final CqlSession session;
  private final int ttlSeconds;
  private final PreparedStatement insert;
  private final PreparedStatement insertEvent;
  private final PreparedStatement select;
  private final PreparedStatement selectKeys;
  private final PreparedStatement selectOne;

  public CassandraFeedStore(CqlSession session, Duration retention) {
    this.session = session;
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

  @Override
  public CompletionStage<?> append(UUID app, FeedEntry entry) {
    return session.executeAsync(insert(app, entry));
  }

  private BoundStatement insert(UUID app, FeedEntry entry) {
    long bucket = entry.seq() / BUCKET_MICROS;
    // The columns both statements write, then an event's own and the TTL.
    BoundStatement statement =
        (entry.isEvent() ? insertEvent : insert)
            .bind(
                app,
                bucket,
                entry.seq(),
                entry.entity(),
                entry.collection(),
                entry.name(),
                entry.version(),
                entry.body(),
                entry.previous());
    return entry.isEvent()
        ? statement.setString(9, entry.event()).setInt(10, ttlSeconds)
        : statement.setInt(9, ttlSeconds);
  }

  @Override
  public List<FeedEntry> read(UUID app, long from, long until, int limit) {
    List<FeedEntry> entries = new ArrayList<>();
    for (long bucket = from / BUCKET_MICROS; bucket <= until / BUCKET_MICROS; bucket++) {
      for (Row row :
          session.execute(select.bind(app, bucket, from, until, limit + SAME_SEQ_MARGIN))) {
        entries.add(entry(row));
      }
      if (entries.size() >= limit) {
        break;
      }
    }
    return entries;
  }

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
