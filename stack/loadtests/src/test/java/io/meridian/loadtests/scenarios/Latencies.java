package io.meridian.loadtests.scenarios;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.loadtests.load.MeridianClient;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Latencies in whole milliseconds, counted exactly up to a minute (one bucket per millisecond; a
 * longer one counts as a minute, a negative one, from clocks a millisecond apart, as 0). Safe for
 * concurrent use.
 */
public final class Latencies {
  private static final int MAX_MS = 60_000;

  private final AtomicLongArray counts = new AtomicLongArray(MAX_MS + 1);

  public void record(long millis) {
    counts.incrementAndGet((int) Math.max(0, Math.min(MAX_MS, millis)));
  }

  public long count() {
    long count = 0;
    for (int ms = 0; ms <= MAX_MS; ms++) {
      count += counts.get(ms);
    }
    return count;
  }

  /** The smallest latency that {@code percent} % of the recorded ones do not exceed; -1 if none. */
  public long percentile(double percent) {
    long count = count();
    if (count == 0) {
      return -1;
    }
    long rank = Math.max(1, (long) Math.ceil(percent / 100 * count));
    long seen = 0;
    for (int ms = 0; ms <= MAX_MS; ms++) {
      seen += counts.get(ms);
      if (seen >= rank) {
        return ms;
      }
    }
    return MAX_MS;
  }

  /** The count, p50, p75, p99, p99.9 and the maximum. */
  public ObjectNode summary() {
    ObjectNode summary = MeridianClient.JSON.createObjectNode();
    summary.put("count", count());
    summary.put("p50", percentile(50));
    summary.put("p75", percentile(75));
    summary.put("p99", percentile(99));
    summary.put("p999", percentile(99.9));
    summary.put("max", percentile(100));
    return summary;
  }
}
