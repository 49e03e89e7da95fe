package io.meridian.rest.support;

import java.time.Duration;
import java.util.function.Supplier;

/** Polls an assertion until it holds or the time is up (then its last failure is thrown). */
public final class Eventually {
  private Eventually() {}

  public static void within(Duration timeout, Runnable assertion) {
    within(
        timeout,
        () -> {
          assertion.run();
          return null;
        });
  }

  /** As {@link #within(Duration, Runnable)}, returning what the passing attempt returned. */
  public static <T> T within(Duration timeout, Supplier<T> assertion) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      try {
        return assertion.get();
      } catch (AssertionError e) {
        if (System.nanoTime() > deadline) {
          throw e;
        }
      }
      try {
        Thread.sleep(250);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
  }
}
