package io.meridian.core.identity.token;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import io.meridian.core.common.CassandraEventLog;
import io.meridian.core.common.IdGenerator;
import java.util.Optional;

/** {@code access_events}: rows expire after an hour. */
public final class CassandraAccessEventStore extends CassandraEventLog<AccessEvent>
    implements AccessEventStore {

  public CassandraAccessEventStore(CqlSession session, IdGenerator ids) {
    super(session, ids, "access_events", "kind, target");
  }

  @Override
  protected BoundStatement bind(BoundStatement statement, AccessEvent event) {
    return statement.setString(2, event.kind().name()).setUuid(3, event.target());
  }

  @Override
  protected Optional<AccessEvent> read(Row row) {
    try {
      AccessEvent.Kind kind = AccessEvent.Kind.valueOf(row.getString("kind"));
      return Optional.of(new AccessEvent(kind, row.getUuid("target")));
    } catch (IllegalArgumentException e) {
      return Optional.empty(); // written by a newer version; not ours to act on
    }
  }
}
