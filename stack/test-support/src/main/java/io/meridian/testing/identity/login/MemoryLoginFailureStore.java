package io.meridian.testing.identity.login;

import io.meridian.core.identity.login.LoginFailureStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * {@link LoginFailureStore} in memory with {@code CassandraLoginFailureStore}'s rules: failures
 * expire by the clock, reads are newest first and limited. Counts its reads and remembers the limit
 * each key was last read with, so a test can see what a throttle asked for.
 */
public final class MemoryLoginFailureStore implements LoginFailureStore {
  private record Failure(Instant at, Instant expires) {}

  private final Clock clock;
  private final Map<String, List<Failure>> failures = new HashMap<>();
  private final Map<String, Integer> limits = new HashMap<>();
  private int reads;

  public MemoryLoginFailureStore(Clock clock) {
    this.clock = clock;
  }

  @Override
  public synchronized CompletionStage<List<Instant>> recent(String key, Instant since, int limit) {
    reads++;
    limits.put(key, limit);
    Instant now = clock.instant();
    List<Instant> recent =
        failures.getOrDefault(key, List.of()).stream()
            .filter(failure -> failure.expires().isAfter(now) && !failure.at().isBefore(since))
            .map(Failure::at)
            .sorted(Comparator.reverseOrder())
            .limit(limit)
            .toList();
    return CompletableFuture.completedFuture(recent);
  }

  @Override
  public synchronized void record(String key, Instant at, Duration ttl) {
    failures.computeIfAbsent(key, k -> new ArrayList<>()).add(new Failure(at, at.plus(ttl)));
  }

  @Override
  public synchronized void clear(String key) {
    failures.remove(key);
  }

  /** Failures recorded under the key and not cleared, expired or not. */
  public synchronized int failuresOf(String key) {
    return failures.getOrDefault(key, List.of()).size();
  }

  /** The keys with failures recorded and not cleared. */
  public synchronized List<String> keys() {
    return List.copyOf(failures.keySet());
  }

  public synchronized int reads() {
    return reads;
  }

  /** The limit each key was last read with. */
  public synchronized Map<String, Integer> limits() {
    return Map.copyOf(limits);
  }
}
