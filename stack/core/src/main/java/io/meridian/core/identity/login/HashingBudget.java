package io.meridian.core.identity.login;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.RetryLaterException;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;

/**
 * How many password hashes each client address may make this node compute: a token bucket per
 * address that holds at most {@code burst} hashes and refills at {@code perMinute}. A bcrypt hash
 * costs tens of milliseconds of CPU by design, so without a bound a few anonymous requests
 * (sign-ups with passwords, password changes) keep every core busy.
 *
 * <p>Per node, in memory: a request is charged where it is served, so a cluster of {@code n} nodes
 * lets an address hash up to {@code n} times the rate. That is still a bound proportional to the
 * cluster's size, which is what protects each node's CPU, and it costs no storage round trip. The
 * buckets of at most {@value #MAX_ADDRESSES} addresses are kept (the least recently used go first,
 * and a bucket left alone until it would be full again is dropped); an attacker with more addresses
 * than that gets no more from this class than from its addresses alone.
 */
public final class HashingBudget {
  /** The same whatever the address and whatever it asked for. */
  static final String EXHAUSTED = "Too many passwords hashed for this address; try again later";

  private static final int MAX_ADDRESSES = 100_000;

  private final int burst;
  private final double perMilli;
  private final Clock clock;
  private final Cache<String, Bucket> buckets;

  /** Requests refused for want of budget, since start (for the metrics). */
  private final LongAdder refusals = new LongAdder();

  public HashingBudget(int burst, int perMinute, Clock clock) {
    if (burst < 1 || perMinute < 1) {
      throw new IllegalArgumentException(
          "The hashing budget needs a burst and a rate of at least 1, got "
              + burst
              + " and "
              + perMinute);
    }
    this.burst = burst;
    this.perMilli = perMinute / 60_000.0;
    this.clock = clock;
    this.buckets =
        Caffeine.newBuilder()
            .maximumSize(MAX_ADDRESSES)
            .expireAfterAccess(Duration.ofMillis((long) Math.ceil(burst / perMilli)))
            .build();
  }

  /** The most hashes one request may ever be charged: more could never be granted. */
  public int burst() {
    return burst;
  }

  /**
   * Takes {@code hashes} from the address's bucket, or refuses with a {@link RetryLaterException}
   * ({@code 429}, {@code Retry-After}: when the bucket will hold enough) and takes nothing. A blank
   * address (not known) is not rationed.
   */
  public void charge(String address, int hashes) {
    if (hashes <= 0 || address == null || address.isBlank()) {
      return;
    }
    if (hashes > burst) {
      throw new IllegalArgumentException(
          "No request may be charged more than " + burst + " hashes, got " + hashes);
    }
    Bucket bucket = buckets.get(ClientAddresses.key(address), key -> new Bucket(burst, now()));
    Duration wait = bucket.take(hashes, now(), burst, perMilli);
    if (!wait.isZero()) {
      refusals.increment();
      throw new RetryLaterException(ErrorCode.TOO_MANY_REQUESTS, EXHAUSTED, wait);
    }
  }

  /** How many requests {@link #charge} refused since this node started. */
  public long refusals() {
    return refusals.sum();
  }

  private long now() {
    return clock.millis();
  }

  /** Tokens and when they were last counted; guarded by its own monitor. */
  private static final class Bucket {
    private double tokens;
    private long countedAt;

    Bucket(double tokens, long countedAt) {
      this.tokens = tokens;
      this.countedAt = countedAt;
    }

    /** Zero when taken, else how long until {@code wanted} tokens will be there. */
    synchronized Duration take(int wanted, long now, int burst, double perMilli) {
      if (now > countedAt) {
        tokens = Math.min(burst, tokens + (now - countedAt) * perMilli);
        countedAt = now;
      }
      if (tokens >= wanted) {
        tokens -= wanted;
        return Duration.ZERO;
      }
      return Duration.ofMillis((long) Math.ceil((wanted - tokens) / perMilli));
    }
  }
}
