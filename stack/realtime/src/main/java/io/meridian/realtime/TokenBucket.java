package io.meridian.realtime;

/**
 * A token bucket: {@code rate} messages a second on average, {@code burst} at once. Used by one
 * connection, whose messages arrive on one container thread at a time.
 */
final class TokenBucket {
  private final double rate;
  private final double burst;
  private double allowance;
  private long allowanceNanos = System.nanoTime();

  TokenBucket(int rate, int burst) {
    this.rate = rate;
    this.burst = burst;
    this.allowance = burst;
  }

  /** Takes a token; false when none is left. */
  boolean take() {
    long now = System.nanoTime();
    allowance = Math.min(burst, allowance + (now - allowanceNanos) * rate / 1e9);
    allowanceNanos = now;
    if (allowance < 1) {
      return false;
    }
    allowance -= 1;
    return true;
  }
}
