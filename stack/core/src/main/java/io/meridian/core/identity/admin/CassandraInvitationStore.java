package io.meridian.core.identity.admin;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * {@code admin_invitations}: one partition per invited email, one row per organization, each row
 * expiring with its invitation, so an email's pending invitations are one partition read and
 * nothing needs cleaning up.
 */
public final class CassandraInvitationStore implements InvitationStore {
  /** An email is invited by at most one row per organization; more than this is not read. */
  private static final int MAX_PENDING = 1_000;

  private final CqlSession session;
  private final PreparedStatement insert;
  private final PreparedStatement select;
  private final PreparedStatement delete;

  public CassandraInvitationStore(CqlSession session) {
    this.session = session;
    this.insert =
        session.prepare(
            "INSERT INTO admin_invitations (email, org_id, invitation_token, invited_by, created,"
                + " expires) VALUES (?, ?, ?, ?, ?, ?) USING TTL ?");
    this.select =
        session.prepare(
            "SELECT org_id, invitation_token, invited_by, created, expires FROM admin_invitations"
                + " WHERE email = ? LIMIT "
                + MAX_PENDING);
    this.delete = session.prepare("DELETE FROM admin_invitations WHERE email = ? AND org_id = ?");
  }

  @Override
  public void save(Invitation invitation, Duration ttl) {
    int seconds = (int) Math.max(1, Math.min(Integer.MAX_VALUE, ttl.toSeconds()));
    session.execute(
        insert.bind(
            invitation.email(),
            invitation.organization(),
            invitation.token(),
            invitation.invitedBy(),
            invitation.createdMillis(),
            invitation.expiresMillis(),
            seconds));
  }

  @Override
  public List<Invitation> pending(String email) {
    List<Invitation> pending = new ArrayList<>();
    for (Row row : session.execute(select.bind(email))) {
      pending.add(
          new Invitation(
              email,
              row.getUuid("org_id"),
              row.getString("invitation_token"),
              row.getUuid("invited_by"),
              row.getLong("created"),
              row.getLong("expires")));
    }
    return pending;
  }

  @Override
  public void delete(String email, UUID organization) {
    session.execute(delete.bind(email, organization));
  }
}
