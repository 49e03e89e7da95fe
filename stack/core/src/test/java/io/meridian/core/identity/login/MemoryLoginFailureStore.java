package io.meridian.core.identity.login;

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

/** The store's contract over a map: rows expire by the clock, reads are newest first. */
class MemoryLoginFailureStore implements LoginFailureStore {
  private final Clock clock;
  private final Map<String, List<Failure>> failures = new HashMap<>();
  final Map<String, Integer> limits = new HashMap<>();
  int reads;

  MemoryLoginFailureStore(Clock clock) {
    this.clock = clock;
  }

  @Override
  public CompletionStage<List<Instant>> recent(String key, Instant since, int limit) {
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
  public void record(String key, Instant at, Duration ttl) {
    failures.computeIfAbsent(key, k -> new ArrayList<>()).add(new Failure(at, at.plus(ttl)));
  }

  @Override
  public void clear(String key) {
    failures.remove(key);
  }

  int failuresOf(String key) {
    return failures.getOrDefault(key, List.of()).size();
  }

  List<String> keys() {
    return List.copyOf(failures.keySet());
  }

  private record Failure(Instant at, Instant expires) {}
}
