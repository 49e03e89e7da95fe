package io.meridian.rest.support;

import java.time.Duration;

/** Polls an assertion until it holds or the time is up (then its last failure is thrown). */
public final class Eventually {
  private Eventually() {}

  public static void within(Duration timeout, Runnable assertion) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      try {
        assertion.run();
        return;
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
