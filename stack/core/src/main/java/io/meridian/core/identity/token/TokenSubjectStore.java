package io.meridian.core.identity.token;

import java.time.Duration;
import java.util.Set;
import java.util.UUID;

/** The revocation state of token subjects (users, admins, applications, organizations). */
public interface TokenSubjectStore {

  /** A subject's current generation (0 if it never revoked) and its singly revoked token ids. */
  SubjectState load(UUID subject);

  /** Raises the subject's generation by one, revoking every token issued before; returns it. */
  long raiseGeneration(UUID subject);

  /** Revokes one token, remembered for {@code ttl} (until the token would have expired). */
  void revokeToken(UUID subject, UUID tokenId, Duration ttl);

  /**
   * @param revoked ids of single tokens revoked while still unexpired
   */
  record SubjectState(long generation, Set<UUID> revoked) {
    public static final SubjectState FRESH = new SubjectState(0, Set.of());

    public boolean accepts(AccessToken token) {
      return token.generation() >= generation && !revoked.contains(token.id());
    }
  }
}
