package io.meridian.testing.identity.token;

import io.meridian.core.identity.token.TokenSubjectStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * {@link TokenSubjectStore} in memory with {@code CassandraTokenSubjectStore}'s rules: a generation
 * per subject (0 until raised), and singly revoked token ids forgotten once the time they were
 * remembered for has run out on the clock. Counts its loads, so a test can see what is cached.
 */
public final class MemoryTokenSubjectStore implements TokenSubjectStore {
  private final Clock clock;
  private final Map<UUID, Long> generations = new HashMap<>();
  private final Map<UUID, Map<UUID, Instant>> revoked = new HashMap<>();
  private int loads;

  public MemoryTokenSubjectStore(Clock clock) {
    this.clock = clock;
  }

  @Override
  public synchronized SubjectState load(UUID subject) {
    loads++;
    Instant now = clock.instant();
    Set<UUID> live = new HashSet<>();
    revoked
        .getOrDefault(subject, Map.of())
        .forEach(
            (token, forgotten) -> {
              if (forgotten.isAfter(now)) {
                live.add(token);
              }
            });
    long generation = generations.getOrDefault(subject, 0L);
    return live.isEmpty() && generation == 0
        ? SubjectState.FRESH
        : new SubjectState(generation, Set.copyOf(live));
  }

  @Override
  public synchronized long raiseGeneration(UUID subject) {
    return generations.merge(subject, 1L, Long::sum);
  }

  @Override
  public synchronized void revokeToken(UUID subject, UUID tokenId, Duration ttl) {
    // As the Cassandra store's TTL: the remaining life rounded up to a second, plus one.
    long seconds = (Math.max(0, ttl.toMillis()) + 999) / 1000 + 1;
    revoked
        .computeIfAbsent(subject, s -> new HashMap<>())
        .put(tokenId, clock.instant().plusSeconds(seconds));
  }

  /** How many times a subject's state was read. */
  public synchronized int loads() {
    return loads;
  }

  /** The subject's generation as stored. */
  public synchronized long generation(UUID subject) {
    return generations.getOrDefault(subject, 0L);
  }
}
