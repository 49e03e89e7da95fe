package io.meridian.loadtests.scenarios;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.loadtests.load.MeridianClient;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.LongSupplier;

/**
 * Events counted per wall-clock second, to read a run's steady rate: Gatling's summary gives only
 * the mean over the whole run, ramps and stragglers included. Safe for concurrent use; seconds
 * after the first hour are counted in the total only.
 */
public final class Throughput {
  private static final int SECONDS = 3_600;

  private final LongSupplier millis;
  private final AtomicLongArray perSecond = new AtomicLongArray(SECONDS);
  private final AtomicLong total = new AtomicLong();
  private final AtomicLong origin = new AtomicLong(Long.MIN_VALUE);

  public Throughput() {
    this(System::currentTimeMillis);
  }

  Throughput(LongSupplier millis) {
    this.millis = millis;
  }

  /** One event now. */
  public void record() {
    recordAt(millis.getAsLong());
  }

  /** One event at {@code epochMillis}; the first event recorded starts second 0. */
  public void recordAt(long epochMillis) {
    origin.compareAndSet(Long.MIN_VALUE, epochMillis);
    long second = Math.floorDiv(epochMillis - origin.get(), 1000);
    total.incrementAndGet();
    if (second >= 0 && second < SECONDS) {
      perSecond.incrementAndGet((int) second);
    }
  }

  public long total() {
    return total.get();
  }

  /** The highest mean rate over {@code window} consecutive whole seconds. */
  public double peak(int window) {
    int last = lastSecond();
    if (last < 0) {
      return 0;
    }
    int span = Math.min(window, last + 1);
    long sum = 0;
    long best = 0;
    for (int s = 0; s <= last; s++) {
      sum += perSecond.get(s);
      if (s >= span) {
        sum -= perSecond.get(s - span);
      }
      if (s >= span - 1) {
        best = Math.max(best, sum);
      }
    }
    return (double) best / span;
  }

  /** Seconds from the first event to the last (at least 1 once an event is in). */
  public int seconds() {
    return lastSecond() + 1;
  }

  private int lastSecond() {
    for (int s = SECONDS - 1; s >= 0; s--) {
      if (perSecond.get(s) > 0) {
        return s;
      }
    }
    return -1;
  }

  /** The total, the seconds it spanned, its mean rate and its peak over {@code window} s. */
  public ObjectNode summary(int window) {
    ObjectNode summary = MeridianClient.JSON.createObjectNode();
    summary.put("total", total());
    summary.put("seconds", seconds());
    summary.put("meanPerSecond", seconds() == 0 ? 0 : Math.round((double) total() / seconds()));
    summary.put("peakPerSecond" + window + "s", Math.round(peak(window)));
    return summary;
  }
}
