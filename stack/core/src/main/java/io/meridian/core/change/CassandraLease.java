package io.meridian.core.change;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import java.time.Duration;

/** Leases as lightweight transactions on rows that expire with their TTL. */
public final class CassandraLease implements Lease {
  private final CqlSession session;
  private final PreparedStatement insert;
  private final PreparedStatement renew;
  private final PreparedStatement delete;

  public CassandraLease(CqlSession session) {
    this.session = session;
    this.insert =
        session.prepare("INSERT INTO leases (name, owner) VALUES (?, ?) IF NOT EXISTS USING TTL ?");
    this.renew =
        session.prepare("UPDATE leases USING TTL ? SET owner = ? WHERE name = ? IF owner = ?");
    this.delete = session.prepare("DELETE FROM leases WHERE name = ? IF owner = ?");
  }

  @Override
  public boolean acquire(String name, String owner, Duration ttl) {
    int seconds = Math.toIntExact(ttl.toSeconds());
    return session.execute(renew.bind(seconds, owner, name, owner)).wasApplied()
        || session.execute(insert.bind(name, owner, seconds)).wasApplied();
  }

  @Override
  public void release(String name, String owner) {
    session.execute(delete.bind(name, owner));
  }
}
