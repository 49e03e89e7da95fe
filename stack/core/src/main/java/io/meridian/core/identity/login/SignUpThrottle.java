package io.meridian.core.identity.login;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.common.RetryLaterException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;

/**
 * How many accounts one client address may sign up: at most {@code burst} within any {@code
 * burstWindow} and at most {@code perAddress} within any {@code window}, counted across every REST
 * node in the same store as failed sign-ins (a sign-up is one row under {@code signup:<address>},
 * forgotten by itself after the window; both limits read the same rows).
 *
 * <p>Two limits because one address is two kinds of caller. Real users behind a NAT (an office, a
 * campus, a carrier) sign up at human pace, a few a minute at most, but many in a day; a script
 * signs up as fast as it is let. The burst stops the script within seconds; the larger hourly
 * allowance is what the NAT needs, and still bounds a patient abuser to that many accounts an hour
 * from one address.
 *
 * <p>The check and the count are two steps, not one transaction: sign-ups sent from one address at
 * the same moment on several nodes may pass the limit by as many as are in flight. Each of them is
 * still charged to the node's {@link HashingBudget}, which is exact.
 */
public final class SignUpThrottle {
  /** The same whatever the address. */
  static final String EXHAUSTED = "Too many sign-ups from this address; try again later";

  private final Allowance allowance;
  private final Allowance burst;

  /** Sign-ups refused because their address had used its allowance, since start. */
  private final LongAdder refusals = new LongAdder();

  /** One limit only: {@code perAddress} within {@code window}, at any pace. */
  public SignUpThrottle(LoginFailureStore store, Clock clock, int perAddress, Duration window) {
    this(store, clock, perAddress, window, perAddress, window);
  }

  public SignUpThrottle(
      LoginFailureStore store,
      Clock clock,
      int perAddress,
      Duration window,
      int burst,
      Duration burstWindow) {
    if (burst > perAddress || burstWindow.compareTo(window) > 0) {
      throw new IllegalArgumentException(
          "A sign-up burst ("
              + burst
              + " per "
              + burstWindow
              + ") must fit in the allowance ("
              + perAddress
              + " per "
              + window
              + ")");
    }
    this.allowance = new Allowance(store, clock, perAddress, window);
    this.burst = new Allowance(store, clock, burst, burstWindow);
  }

  /**
   * Counts {@code users} new accounts against the address, or refuses with {@code 429} (and counts
   * nothing) when they would pass either of its limits, with the longer wait; {@code 400} when more
   * are asked at once than the burst could ever hold. A blank address (not known) is not throttled.
   */
  public void admit(String address, int users) {
    if (users <= 0 || address == null || address.isBlank()) {
      return;
    }
    if (users > burst.limit()) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT, "Sign up at most " + burst.limit() + " users at a time");
    }
    List<String> key = List.of("signup:" + ClientAddresses.key(address));
    Optional<Duration> wait = Allowance.longest(burst.wait(key, users), allowance.wait(key, users));
    if (wait.isPresent()) {
      refusals.increment();
      throw new RetryLaterException(ErrorCode.TOO_MANY_REQUESTS, EXHAUSTED, wait.get());
    }
    allowance.record(key, users);
  }

  /** How many sign-up requests {@link #admit} refused since this node started. */
  public long refusals() {
    return refusals.sum();
  }
}
