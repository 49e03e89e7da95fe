package io.meridian.testing.identity.admin;

import io.meridian.core.identity.admin.Invitation;
import io.meridian.core.identity.admin.InvitationStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * {@link InvitationStore} in memory with {@code CassandraInvitationStore}'s rules: one invitation
 * per email and organization (a new one replaces it), forgotten once its TTL has run out on the
 * clock, an email's pending ones in organization order.
 */
public final class MemoryInvitationStore implements InvitationStore {
  private record Key(String email, UUID organization) {}

  private record Row(Invitation invitation, Instant forgotten) {}

  private final Clock clock;
  private final Map<Key, Row> rows = new HashMap<>();

  public MemoryInvitationStore(Clock clock) {
    this.clock = clock;
  }

  @Override
  public synchronized void save(Invitation invitation, Duration ttl) {
    Duration kept =
        ttl.toSeconds() < 1 ? Duration.ofSeconds(1) : Duration.ofSeconds(ttl.toSeconds());
    rows.put(
        new Key(invitation.email(), invitation.organization()),
        new Row(invitation, clock.instant().plus(kept)));
  }

  @Override
  public synchronized List<Invitation> pending(String email) {
    Instant now = clock.instant();
    return rows.entrySet().stream()
        .filter(entry -> entry.getKey().email().equals(email))
        .filter(entry -> entry.getValue().forgotten().isAfter(now))
        .sorted(Map.Entry.comparingByKey((a, b) -> a.organization().compareTo(b.organization())))
        .map(entry -> entry.getValue().invitation())
        .toList();
  }

  @Override
  public synchronized void delete(String email, UUID organization) {
    rows.remove(new Key(email, organization));
  }
}
