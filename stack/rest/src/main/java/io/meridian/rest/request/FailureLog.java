package io.meridian.rest.request;

import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One WARN line per failed request (status 400 and above): method, route template and status; the
 * request id comes with the line from the MDC. Never the path, query string, headers or body, which
 * may carry tokens, passwords or a tenant's data.
 *
 * <p>Anyone can send failing requests, so the lines are rationed per node: at most {@code
 * linesPerSecond} client errors and as many server errors each second, kept apart so that a flood
 * of 4xx cannot hide an outage's 5xx. The next line written says how many were left out.
 */
public final class FailureLog {
  private static final Logger LOG = LoggerFactory.getLogger(FailureLog.class);

  private final Budget clientErrors;
  private final Budget serverErrors;
  private final int linesPerSecond;

  public FailureLog(int linesPerSecond, LongSupplier nanoTime) {
    this.linesPerSecond = linesPerSecond;
    this.clientErrors = new Budget(linesPerSecond, nanoTime);
    this.serverErrors = new Budget(linesPerSecond, nanoTime);
  }

  public void failed(String method, String route, int status) {
    long omitted = (status >= 500 ? serverErrors : clientErrors).admit();
    if (omitted == 0) {
      LOG.warn("{} {} answered {}", method, route, status);
    } else if (omitted > 0) {
      LOG.warn(
          "{} {} answered {} ({} failed requests before it were not logged: at most {} lines per"
              + " second)",
          method,
          route,
          status,
          omitted,
          linesPerSecond);
    }
  }

  /** A number of lines per one-second window; shared by all request threads. */
  static final class Budget {
    private static final long WINDOW_NANOS = 1_000_000_000L;

    private final int perWindow;
    private final LongSupplier nanoTime;
    private long windowStart;
    private int used;
    private long omitted;

    Budget(int perWindow, LongSupplier nanoTime) {
      this.perWindow = perWindow;
      this.nanoTime = nanoTime;
      this.windowStart = nanoTime.getAsLong();
    }

    /**
     * Takes one line: -1 if the window's lines are used up (the line is to be left out), else how
     * many lines were left out since the last one taken.
     */
    synchronized long admit() {
      long now = nanoTime.getAsLong();
      if (now - windowStart >= WINDOW_NANOS) {
        windowStart = now;
        used = 0;
      }
      if (used >= perWindow) {
        omitted++;
        return -1;
      }
      used++;
      long before = omitted;
      omitted = 0;
      return before;
    }
  }
}
