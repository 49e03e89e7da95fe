package io.meridian.core.identity.token;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.uuid.Uuids;
import io.meridian.core.common.IdGenerator;
import io.meridian.core.common.TimeUuids;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code access_events}, one partition per minute: a poll reads the current minute (and the one
 * before it when its window reaches back), so it never scans history. Rows expire after an hour.
 */
public final class CassandraAccessEventStore implements AccessEventStore {
  private static final long BUCKET_MILLIS = 60_000;

  private final CqlSession session;
  private final IdGenerator ids;
  private final PreparedStatement insert;
  private final PreparedStatement select;

  public CassandraAccessEventStore(CqlSession session, IdGenerator ids) {
    this.session = session;
    this.ids = ids;
    this.insert =
        session.prepare("INSERT INTO access_events (bucket, id, kind, target) VALUES (?, ?, ?, ?)");
    this.select =
        session.prepare("SELECT id, kind, target FROM access_events WHERE bucket = ? AND id >= ?");
  }

  @Override
  public void publish(AccessEvent event) {
    var id = ids.newTimeUuid();
    session.execute(
        insert.bind(TimeUuids.millis(id) / BUCKET_MILLIS, id, event.kind().name(), event.target()));
  }

  @Override
  public List<Published> since(Instant since, Instant until) {
    long from = since.toEpochMilli();
    long now = until.toEpochMilli();
    List<Published> events = new ArrayList<>();
    // One bucket past now: a writer whose clock runs a little ahead may already be there.
    for (long bucket = from / BUCKET_MILLIS; bucket <= now / BUCKET_MILLIS + 1; bucket++) {
      for (Row row : session.execute(select.bind(bucket, Uuids.startOf(from)))) {
        AccessEvent.Kind kind;
        try {
          kind = AccessEvent.Kind.valueOf(row.getString("kind"));
        } catch (IllegalArgumentException e) {
          continue; // written by a newer version; not ours to act on
        }
        events.add(new Published(row.getUuid("id"), new AccessEvent(kind, row.getUuid("target"))));
      }
    }
    return events;
  }
}
