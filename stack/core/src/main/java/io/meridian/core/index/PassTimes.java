package io.meridian.core.index;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/** Where a repair pass spent its time, for the line it logs when it indexed anything. */
final class PassTimes {
  private final long started;
  final LongAdder changeLog = new LongAdder();
  final LongAdder indexVersions = new LongAdder();
  final LongAdder entities = new LongAdder();
  final LongAdder bulk = new LongAdder();

  PassTimes(long started) {
    this.started = started;
  }

  @Override
  public String toString() {
    return String.format(
        "pass took %d ms (change log %d ms, index versions %d ms, entities %d ms, bulk %d ms)",
        millis(System.nanoTime() - started),
        millis(changeLog.sum()),
        millis(indexVersions.sum()),
        millis(entities.sum()),
        millis(bulk.sum()));
  }

  private static long millis(long nanos) {
    return TimeUnit.NANOSECONDS.toMillis(nanos);
  }
}
