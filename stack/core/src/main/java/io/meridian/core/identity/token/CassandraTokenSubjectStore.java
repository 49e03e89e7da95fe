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
 * with its token, so one partition read gives a subject's whole state. The read pages through the
 * whole partition: a revocation left unread would be a revoked token accepted again. The partition
 * stays bounded without a limit on the read, since each row expires with its token (at most {@code
 * meridian.identity.max-token-ttl}) and only the subject, or its administrators, can revoke.
 */
public final class CassandraTokenSubjectStore implements TokenSubjectStore {
  /** Rows per page; a subject with more revoked tokens is read in several pages, all of them. */
  public static final int DEFAULT_PAGE_SIZE = 5_000;

  private final CqlSession session;
  private final int pageSize;
  private final PreparedStatement select;
  private final PreparedStatement setGeneration;
  private final PreparedStatement revoke;

  public CassandraTokenSubjectStore(CqlSession session) {
    this(session, DEFAULT_PAGE_SIZE);
  }

  /**
   * @param pageSize rows fetched per round trip while reading a subject's revoked tokens
   */
  public CassandraTokenSubjectStore(CqlSession session, int pageSize) {
    if (pageSize < 1) {
      throw new IllegalArgumentException("pageSize must be positive: " + pageSize);
    }
    this.session = session;
    this.pageSize = pageSize;
    this.select =
        session.prepare("SELECT generation, token_id FROM token_subjects WHERE subject = ?");
    this.setGeneration =
        session.prepare("UPDATE token_subjects SET generation = ? WHERE subject = ?");
    this.revoke =
        session.prepare("INSERT INTO token_subjects (subject, token_id) VALUES (?, ?) USING TTL ?");
  }

  @Override
  public SubjectState load(UUID subject) {
    long generation = 0;
    Set<UUID> revoked = new HashSet<>();
    // Iterating the result set fetches every further page as it is reached.
    for (Row row : session.execute(select.bind(subject).setPageSize(pageSize))) {
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

  /**
   * The row must outlive the token. Cassandra counts a TTL from the current whole second, so a row
   * written at x.9 s with a TTL of 1 s is gone at x+1 s: the TTL is the token's remaining life
   * rounded up, plus one second for that truncation.
   */
  @Override
  public void revokeToken(UUID subject, UUID tokenId, Duration ttl) {
    long roundedUp = (Math.max(0, ttl.toMillis()) + 999) / 1000;
    int seconds = (int) Math.min(Integer.MAX_VALUE, roundedUp + 1);
    session.execute(revoke.bind(subject, tokenId, seconds));
  }
}
