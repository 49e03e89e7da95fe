package io.meridian.core.identity.token;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/** In-memory stores for unit tests of the token classes (the Cassandra ones have their own ITs). */
final class MemoryStores {
  private MemoryStores() {}

  static final class Subjects implements TokenSubjectStore {
    final Map<UUID, Long> generations = new HashMap<>();
    final Map<UUID, Set<UUID>> revoked = new HashMap<>();
    int loads;

    @Override
    public synchronized SubjectState load(UUID subject) {
      loads++;
      return new SubjectState(
          generations.getOrDefault(subject, 0L),
          Set.copyOf(revoked.getOrDefault(subject, Set.of())));
    }

    @Override
    public synchronized long raiseGeneration(UUID subject) {
      return generations.merge(subject, 1L, Long::sum);
    }

    @Override
    public synchronized void revokeToken(UUID subject, UUID tokenId, Duration ttl) {
      revoked.computeIfAbsent(subject, s -> new HashSet<>()).add(tokenId);
    }
  }

  static final class Events implements AccessEventStore {
    final List<Published<AccessEvent>> published = new ArrayList<>();
    boolean failing;

    @Override
    public synchronized void publish(AccessEvent event) {
      published.add(new Published<>(UUID.randomUUID(), event));
    }

    @Override
    public synchronized List<Published<AccessEvent>> since(Instant since, Instant now) {
      if (failing) {
        throw new IllegalStateException("store down");
      }
      return List.copyOf(published);
    }
  }
}
