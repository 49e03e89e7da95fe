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
 * Slows down password guessing, per account and per client address, across every REST node: a login
 * calls {@link #check} before it verifies a password, then {@link #failed} or {@link #succeeded}.
 * Each key is locked by its own {@link ThrottlePolicy}; a locked key refuses with {@code 429} and
 * the time left as {@code Retry-After}.
 *
 * <p>The account key throttles an attack on one account spread over many addresses; callers key it
 * by the account a login resolves to (its uuid), never by what was typed, so that the username, the
 * email and the uuid of one account share one count. The address key throttles one address trying
 * many accounts. A success clears only the account's count at that address and the account's own:
 * otherwise an attacker could reset its address's count by logging into an account of its own
 * between guesses.
 *
 * <p>An account locked by failures from elsewhere still lets in an address it signed in from
 * successfully within {@code knownFor} (a <em>known</em> address), which is then throttled by its
 * own failures against the account only: an attacker who keeps an account locked does not keep its
 * owner out, unless it guesses from the owner's own network. The same holds for the address's own
 * lock: an address shared by many people (a NAT, a proxy that hides its clients) locked by one of
 * them guessing at many accounts still lets in the accounts that signed in from it before, each
 * throttled by its own failures there; only accounts new to the address wait. Failures from a known
 * address count against the account and the address too, so from everywhere else the locks are the
 * same.
 *
 * <p>Attempts refused while a key is locked are not recorded. Were they recorded, anyone could keep
 * any account locked for ever by sending a request now and then, without guessing anything; as it
 * is, a lock ends at most {@code maxDelay} after the last real failure, and every failure that
 * extends it is a password check the attacker pays for. The price is that a lock is short: a
 * determined attacker still gets one guess per {@code maxDelay} per account, and can keep that
 * account locked (for addresses it does not know) for as long as it keeps guessing. And since a
 * failure is recorded only once its password has been checked, requests that pass {@code check} at
 * the same moment all get their guess: a burst of {@code n} requests whenever a lock ends gets
 * {@code n} guesses, not one (after which the delay is at or near its maximum).
 *
 * <p>Callers must treat unknown logins exactly like known ones (a key of their own, same calls), so
 * that neither the lock nor its message tells whether an account exists.
 */
public final class LoginThrottle {
  /** The same whatever was locked, and whether or not the account exists. */
  static final String LOCKED = "Too many failed login attempts; try again later";

  private final LoginFailureStore store;
  private final Clock clock;
  private final ThrottlePolicy perAccount;
  private final ThrottlePolicy perAddress;
  private final Duration knownFor;
  private final int accountReadLimit;
  private final int addressReadLimit;

  /** Sign-ins refused because an account or address was locked, since start (for the metrics). */
  private final LongAdder refusals = new LongAdder();

  public LoginThrottle(
      LoginFailureStore store,
      Clock clock,
      ThrottlePolicy perAccount,
      ThrottlePolicy perAddress,
      Duration knownFor) {
    this.store = store;
    this.clock = clock;
    this.perAccount = perAccount;
    this.perAddress = perAddress;
    this.knownFor = knownFor;
    this.accountReadLimit = perAccount.failuresAtMaxDelay();
    this.addressReadLimit = perAddress.failuresAtMaxDelay();
  }

  /**
   * Refuses with a {@link RetryLaterException} if the address is locked, or the account is locked
   * for this address; a blank account or address is not checked.
   */
  public void check(String account, String address) {
    Instant now = clock.instant();
    List<Read> reads = reads(account, address);
    List<List<Instant>> rows =
        Concurrently.map(
            reads,
            Concurrently.DEFAULT_WINDOW,
            read -> store.recent(read.key(), now.minus(read.horizon()), read.limit()));
    boolean known = false;
    for (int i = 0; i < reads.size(); i++) {
      known |= reads.get(i).kind() == Kind.KNOWN && !rows.get(i).isEmpty();
    }
    Duration longest = Duration.ZERO;
    for (int i = 0; i < reads.size(); i++) {
      Read read = reads.get(i);
      if (read.kind() == Kind.KNOWN || (known && read.kind() != Kind.PAIR)) {
        continue;
      }
      Duration left = lock(read.policy(), rows.get(i), now);
      if (left.compareTo(longest) > 0) {
        longest = left;
      }
    }
    if (!longest.isZero()) {
      refusals.increment();
      throw new RetryLaterException(ErrorCode.TOO_MANY_REQUESTS, LOCKED, longest);
    }
  }

  /** How many sign-ins {@link #check} refused since this node started. */
  public long refusals() {
    return refusals.sum();
  }

  /**
   * Records a wrong client secret, under the client id at this address only, or refuses with a
   * {@link RetryLaterException} if that pair is locked (without recording it). Client secrets need
   * no lock against guessing (160 bits, compared in constant time), so a right secret is never
   * checked against this: the lock only tells a client that keeps sending a wrong secret to stop,
   * and neither another client behind the same address nor the holder of the secret, from anywhere,
   * is ever refused because of it.
   */
  public void failedSecret(String client, String address) {
    Instant now = clock.instant();
    String key = "secret:" + (present(address) ? ClientAddresses.key(address) : "") + "|" + client;
    List<Instant> failures =
        Concurrently.map(
                List.of(key),
                1,
                one -> store.recent(one, now.minus(perAccount.window()), accountReadLimit))
            .get(0);
    Duration left = lock(perAccount, failures, now);
    if (!left.isZero()) {
      refusals.increment();
      throw new RetryLaterException(ErrorCode.TOO_MANY_REQUESTS, LOCKED, left);
    }
    store.record(key, now, perAccount.window());
  }

  /** Records a failed password check under the account, the address, and both together. */
  public void failed(String account, String address) {
    Instant now = clock.instant();
    for (Read read : reads(account, address)) {
      if (read.kind() != Kind.KNOWN) {
        store.record(read.key(), now, read.policy().window());
      }
    }
  }

  /**
   * Forgets the account's failures (everywhere, and at this address) and remembers the address as
   * known to the account; the address's own failures stay, since they may be guesses at others.
   */
  public void succeeded(String account, String address) {
    if (!present(account)) {
      return;
    }
    store.clear(accountKey(account));
    if (present(address)) {
      store.clear(pairKey(account, address));
      store.clear(knownKey(account, address));
      store.record(knownKey(account, address), clock.instant(), knownFor);
    }
  }

  /**
   * The time left until the newest failure's lock ends, or zero. Never more than the delay itself,
   * so a failure stamped by a node whose clock runs ahead cannot lock a key for longer.
   */
  private static Duration lock(ThrottlePolicy policy, List<Instant> failures, Instant now) {
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

  /**
   * What to read, in this order: the account, the address, the account at the address, and last
   * whether the address is known to the account. The prefixes keep an account from ever meaning an
   * address.
   */
  private List<Read> reads(String account, String address) {
    List<Read> reads = new ArrayList<>(4);
    if (present(account)) {
      reads.add(
          new Read(
              Kind.ACCOUNT,
              accountKey(account),
              perAccount,
              perAccount.window(),
              accountReadLimit));
    }
    if (present(address)) {
      reads.add(
          new Read(
              Kind.ADDRESS,
              "addr:" + ClientAddresses.key(address),
              perAddress,
              perAddress.window(),
              addressReadLimit));
    }
    if (present(account) && present(address)) {
      reads.add(
          new Read(
              Kind.PAIR,
              pairKey(account, address),
              perAccount,
              perAccount.window(),
              accountReadLimit));
      reads.add(new Read(Kind.KNOWN, knownKey(account, address), null, knownFor, 1));
    }
    return reads;
  }

  private static String accountKey(String account) {
    return "user:" + account;
  }

  private static String pairKey(String account, String address) {
    return "pair:" + ClientAddresses.key(address) + "|" + account;
  }

  private static String knownKey(String account, String address) {
    return "known:" + ClientAddresses.key(address) + "|" + account;
  }

  private static boolean present(String key) {
    return key != null && !key.isBlank();
  }

  private enum Kind {
    ACCOUNT,
    ADDRESS,
    PAIR,
    KNOWN
  }

  /** One key to read: failures under a policy, or (for {@code KNOWN}, no policy) successes. */
  private record Read(Kind kind, String key, ThrottlePolicy policy, Duration horizon, int limit) {}
}
