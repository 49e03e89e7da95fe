package io.meridian.core.identity.login;

import io.meridian.core.common.Concurrently;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * At most {@code limit} of something per key within any {@code window}, counted across every REST
 * node in the {@link LoginFailureStore} (one row per unit, forgotten by itself after the window).
 * The check and the count are two steps, not one transaction: requests for one key on several nodes
 * at the same moment may pass the limit by as many as are in flight.
 */
record Allowance(LoginFailureStore store, Clock clock, int limit, Duration window) {
  Allowance {
    if (limit < 1 || window.isNegative() || window.isZero()) {
      throw new IllegalArgumentException(
          "An allowance needs a positive limit and window, got " + limit + " per " + window);
    }
  }

  /**
   * Empty when {@code units} more fit within every key's allowance now; else how long until they
   * would (the longest wait of the keys, never negative). Reads every key at once; records nothing.
   */
  Optional<Duration> wait(List<String> keys, int units) {
    Instant now = clock.instant();
    List<List<Instant>> rows =
        Concurrently.map(
            keys, Concurrently.DEFAULT_WINDOW, key -> store.recent(key, now.minus(window), limit));
    Optional<Duration> longest = Optional.empty();
    for (List<Instant> recent : rows) {
      if (recent.size() + units > limit) {
        // Newest first: room for `units` more once the one at this index has left the window.
        Duration wait = Duration.between(now, recent.get(limit - units).plus(window));
        longest = longest(longest, Optional.of(wait.isNegative() ? Duration.ZERO : wait));
      }
    }
    return longest;
  }

  /** The longer of two waits; empty only when both are (nothing to wait for). */
  static Optional<Duration> longest(Optional<Duration> a, Optional<Duration> b) {
    if (a.isEmpty()) {
      return b;
    }
    return b.isPresent() && b.get().compareTo(a.get()) > 0 ? b : a;
  }

  /** Counts {@code units} under each key, now. */
  void record(List<String> keys, int units) {
    Instant now = clock.instant();
    for (String key : keys) {
      for (int i = 0; i < units; i++) {
        store.record(key, now, window);
      }
    }
  }
}
