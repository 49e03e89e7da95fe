package io.meridian.core.identity.login;

import io.meridian.core.common.Concurrently;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.common.RetryLaterException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * How many accounts one client address may sign up: at most {@code perAddress} within any {@code
 * window}, counted across every REST node in the same store as failed sign-ins (a sign-up is one
 * row under {@code signup:<address>}, forgotten by itself after the window).
 *
 * <p>The check and the count are two steps, not one transaction: sign-ups sent from one address at
 * the same moment on several nodes may pass the limit by as many as are in flight. Each of them is
 * still charged to the node's {@link HashingBudget}, which is exact.
 */
public final class SignUpThrottle {
  /** The same whatever the address. */
  static final String EXHAUSTED = "Too many sign-ups from this address; try again later";

  private final LoginFailureStore store;
  private final Clock clock;
  private final int perAddress;
  private final Duration window;

  /** Sign-ups refused because their address had used its allowance, since start. */
  private final LongAdder refusals = new LongAdder();

  public SignUpThrottle(LoginFailureStore store, Clock clock, int perAddress, Duration window) {
    if (perAddress < 1 || window.isNegative() || window.isZero()) {
      throw new IllegalArgumentException(
          "Sign-ups need a positive allowance and window, got " + perAddress + " per " + window);
    }
    this.store = store;
    this.clock = clock;
    this.perAddress = perAddress;
    this.window = window;
  }

  /**
   * Counts {@code users} new accounts against the address, or refuses with {@code 429} (and counts
   * nothing) when they would pass its allowance; {@code 400} when more are asked at once than the
   * allowance could ever hold. A blank address (not known) is not throttled.
   */
  public void admit(String address, int users) {
    if (users <= 0 || address == null || address.isBlank()) {
      return;
    }
    if (users > perAddress) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT, "Sign up at most " + perAddress + " users at a time");
    }
    String key = "signup:" + ClientAddresses.key(address);
    Instant now = clock.instant();
    List<Instant> recent =
        Concurrently.map(
                List.of(key), 1, counted -> store.recent(counted, now.minus(window), perAddress))
            .get(0);
    if (recent.size() + users > perAddress) {
      // Newest first: room for `users` more once the sign-up at this index has left the window.
      Instant leaves = recent.get(perAddress - users).plus(window);
      Duration wait = Duration.between(now, leaves);
      refusals.increment();
      throw new RetryLaterException(
          ErrorCode.TOO_MANY_REQUESTS, EXHAUSTED, wait.isNegative() ? Duration.ZERO : wait);
    }
    for (int i = 0; i < users; i++) {
      store.record(key, now, window);
    }
  }

  /** How many sign-up requests {@link #admit} refused since this node started. */
  public long refusals() {
    return refusals.sum();
  }
}
