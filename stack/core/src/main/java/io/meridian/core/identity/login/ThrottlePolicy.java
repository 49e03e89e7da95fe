package io.meridian.core.identity.login;

import java.time.Duration;
import java.util.Objects;

/**
 * How hard one kind of key (a user, a client address) is throttled. Failures are remembered for
 * {@code window}; the {@code freeFailures}-th failure within it locks the key for {@code baseDelay}
 * after that failure, and every further one doubles the delay, up to {@code maxDelay}.
 *
 * <p>{@code maxDelay} may not exceed {@code window}: a longer lock would be cut short anyway once
 * the failure that caused it is forgotten.
 */
public record ThrottlePolicy(
    int freeFailures, Duration window, Duration baseDelay, Duration maxDelay) {

  public ThrottlePolicy {
    Objects.requireNonNull(window, "window");
    Objects.requireNonNull(baseDelay, "baseDelay");
    Objects.requireNonNull(maxDelay, "maxDelay");
    if (freeFailures < 1) {
      throw new IllegalArgumentException(
          "At least one failure must be free of delay, got " + freeFailures);
    }
    if (!isPositive(window) || !isPositive(baseDelay)) {
      throw new IllegalArgumentException(
          "The window and the base delay must be positive, got " + window + " and " + baseDelay);
    }
    if (maxDelay.compareTo(baseDelay) < 0 || maxDelay.compareTo(window) > 0) {
      throw new IllegalArgumentException(
          "The maximum delay must lie between the base delay ("
              + baseDelay
              + ") and the window ("
              + window
              + "), got "
              + maxDelay);
    }
  }

  /** How long a key stays locked after its {@code failures}-th failure within the window. */
  public Duration delayAfter(int failures) {
    if (failures < freeFailures) {
      return Duration.ZERO;
    }
    // Doubling stops at the cap, so the delay never overflows however many failures there are.
    Duration delay = baseDelay;
    for (int doubled = freeFailures;
        doubled < failures && delay.compareTo(maxDelay) < 0;
        doubled++) {
      delay = delay.multipliedBy(2);
    }
    return delay.compareTo(maxDelay) < 0 ? delay : maxDelay;
  }

  /**
   * The fewest failures whose delay is {@code maxDelay}: counting further changes nothing, so no
   * read needs more rows than this.
   */
  int failuresAtMaxDelay() {
    int failures = freeFailures;
    while (delayAfter(failures).compareTo(maxDelay) < 0) {
      failures++;
    }
    return failures;
  }

  private static boolean isPositive(Duration duration) {
    return !duration.isNegative() && !duration.isZero();
  }
}
