package io.meridian.core.identity.token;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;

/**
 * {@code token_subjects}: the generation is a static column, each revoked token a row that expires
 * with its token, so one partition read gives a subject's whole state.
 */
public final class CassandraTokenSubjectStore implements TokenSubjectStore {
  /** Revoked-token rows read per subject; a subject revoking more than this one by one is odd. */
  private static final int MAX_REVOKED = 10_000;

  private final CqlSession session;
  private final PreparedStatement select;
  private final PreparedStatement setGeneration;
  private final PreparedStatement revoke;

  public CassandraTokenSubjectStore(CqlSession session) {
    this.session = session;
    this.select =
        session.prepare(
            "SELECT generation, token_id FROM token_subjects WHERE subject = ? LIMIT "
                + MAX_REVOKED);
    this.setGeneration =
        session.prepare("UPDATE token_subjects SET generation = ? WHERE subject = ?");
    this.revoke =
        session.prepare("INSERT INTO token_subjects (subject, token_id) VALUES (?, ?) USING TTL ?");
  }

  @Override
  public SubjectState load(UUID subject) {
    long generation = 0;
    Set<UUID> revoked = new HashSet<>();
    for (Row row : session.execute(select.bind(subject))) {
      if (!row.isNull("generation")) {
        generation = row.getLong("generation");
      }
      UUID id = row.getUuid("token_id");
      if (id != null) {
        revoked.add(id);
      }
    }
    return revoked.isEmpty() && generation == 0
        ? SubjectState.FRESH
        : new SubjectState(generation, Set.copyOf(revoked));
  }

  /**
   * Read, then write one higher. Two concurrent raises may both write the same value; either way
   * every token issued before both is revoked, which is all a raise promises.
   */
  @Override
  public long raiseGeneration(UUID subject) {
    long next = load(subject).generation() + 1;
    session.execute(setGeneration.bind(next, subject));
    return next;
  }

  @Override
  public void revokeToken(UUID subject, UUID tokenId, Duration ttl) {
    int seconds = (int) Math.max(1, Math.min(Integer.MAX_VALUE, ttl.toSeconds() + 1));
    session.execute(revoke.bind(subject, tokenId, seconds));
  }
}
