package io.meridian.core.common;

import java.time.Duration;

/** A refusal that holds for a while: the response says when to try again ({@code Retry-After}). */
public final class RetryLaterException extends MeridianException {
  private final Duration retryAfter;

  public RetryLaterException(ErrorCode code, String description, Duration retryAfter) {
    super(code, description);
    this.retryAfter = retryAfter;
  }

  /** At least one second: {@code Retry-After} counts whole seconds. */
  public long retryAfterSeconds() {
    return Math.max(1, (retryAfter.toMillis() + 999) / 1000);
  }
}
