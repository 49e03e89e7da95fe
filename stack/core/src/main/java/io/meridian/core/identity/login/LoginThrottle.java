package io.meridian.core.identity.login;

import io.meridian.core.common.Concurrently;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.RetryLaterException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * Slows down password guessing, per user and per client address, across every REST node: a login
 * calls {@link #check} before it verifies a password, then {@link #failed} or {@link #succeeded}.
 * Each key is locked by its own {@link ThrottlePolicy}; a locked key refuses with {@code 429} and
 * the time left as {@code Retry-After}.
 *
 * <p>The user key throttles an attack on one account spread over many addresses; the address key
 * throttles one address trying many accounts. A success clears only the user key: otherwise an
 * attacker could reset its address's count by logging into an account of its own between guesses.
 *
 * <p>Attempts refused while a key is locked are not recorded. Were they recorded, anyone could keep
 * any account locked for ever by sending a request now and then, without guessing anything; as it
 * is, a lock ends at most {@code maxDelay} after the last real failure, and every failure that
 * extends it is a password check the attacker pays for. The price is that a lock is short: a
 * determined attacker still gets one guess per {@code maxDelay} per account, and can keep that
 * account locked for as long as it keeps guessing. And since a failure is recorded only once its
 * password has been checked, requests that pass {@code check} at the same moment all get their
 * guess: a burst of {@code n} requests whenever a lock ends gets {@code n} guesses, not one (after
 * which the delay is at or near its maximum).
 *
 * <p>Callers must treat unknown users exactly like known ones (same key, same calls), so that
 * neither the lock nor its message tells whether an account exists.
 */
public final class LoginThrottle {
  /** The same whatever was locked, and whether or not the user exists. */
  static final String LOCKED = "Too many failed login attempts; try again later";

  private final LoginFailureStore store;
  private final Clock clock;
  private final ThrottlePolicy perUser;
  private final ThrottlePolicy perAddress;
  private final int userReadLimit;
  private final int addressReadLimit;

  /** Sign-ins refused because a user or address was locked, since start (for the metrics). */
  private final LongAdder refusals = new LongAdder();

  public LoginThrottle(
      LoginFailureStore store, Clock clock, ThrottlePolicy perUser, ThrottlePolicy perAddress) {
    this.store = store;
    this.clock = clock;
    this.perUser = perUser;
    this.perAddress = perAddress;
    this.userReadLimit = perUser.failuresAtMaxDelay();
    this.addressReadLimit = perAddress.failuresAtMaxDelay();
  }

  /**
   * Refuses with a {@link RetryLaterException} if the user or the address is locked now; a blank
   * user or address is not checked.
   */
  public void check(String userKey, String address) {
    Instant now = clock.instant();
    List<Duration> remaining =
        Concurrently.map(
            keys(userKey, address),
            Concurrently.DEFAULT_WINDOW,
            key ->
                store
                    .recent(key.name(), now.minus(key.policy().window()), key.readLimit())
                    .thenApply(failures -> remainingLock(key.policy(), failures, now)));
    Duration longest = remaining.stream().max(Duration::compareTo).orElse(Duration.ZERO);
    if (!longest.isZero()) {
      refusals.increment();
      throw new RetryLaterException(ErrorCode.TOO_MANY_REQUESTS, LOCKED, longest);
    }
  }

  /** How many sign-ins {@link #check} refused since this node started. */
  public long refusals() {
    return refusals.sum();
  }

  /** Records a failed password check under the user and under the address. */
  public void failed(String userKey, String address) {
    Instant now = clock.instant();
    for (Key key : keys(userKey, address)) {
      store.record(key.name(), now, key.policy().window());
    }
  }

  /** Forgets the user's failures; the address's stay, since they may be guesses at other users. */
  public void succeeded(String userKey) {
    for (Key key : keys(userKey, null)) {
      store.clear(key.name());
    }
  }

  /**
   * The time left until the newest failure's lock ends, or zero. Never more than the delay itself,
   * so a failure stamped by a node whose clock runs ahead cannot lock a key for longer.
   */
  private static Duration remainingLock(
      ThrottlePolicy policy, List<Instant> failures, Instant now) {
    if (failures.isEmpty()) {
      return Duration.ZERO;
    }
    Duration delay = policy.delayAfter(failures.size());
    Duration left = Duration.between(now, failures.get(0).plus(delay));
    if (left.isNegative()) {
      return Duration.ZERO;
    }
    return left.compareTo(delay) < 0 ? left : delay;
  }

  /** The keys to throttle; the prefixes keep a user name from ever meaning an address. */
  private List<Key> keys(String userKey, String address) {
    List<Key> keys = new ArrayList<>(2);
    if (userKey != null && !userKey.isBlank()) {
      keys.add(new Key("user:" + userKey, perUser, userReadLimit));
    }
    if (address != null && !address.isBlank()) {
      keys.add(new Key("addr:" + address, perAddress, addressReadLimit));
    }
    return keys;
  }

  private record Key(String name, ThrottlePolicy policy, int readLimit) {}
}
