package io.meridian.core.index;

import java.time.Clock;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentNavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The changes this node wrote that the index may not hold yet: those whose fast path is under way
 * and those it could not index, which wait for the {@link IndexRepairer}. They are counted per
 * second in which they were handed to the index; a change leaves when its fast path applies it, or
 * once the repairer has verified every change log bucket before its second (the change was logged
 * before it was handed over, so it lies in such a bucket).
 *
 * <p>This node's view: a change another node could not index is counted there, and one whose node
 * died is counted nowhere until the repairer indexes it ({@link IndexRepairer#repaired()}). Safe
 * for any thread; a write costs two updates of a small sorted map.
 */
public final class IndexBacklog {
  private final Clock clock;

  /** Epoch second of hand-over to count of changes not known to be indexed; no zero counts. */
  private final ConcurrentSkipListMap<Long, Long> waiting = new ConcurrentSkipListMap<>();

  private final LongAdder indexed = new LongAdder();
  private final LongAdder deferred = new LongAdder();

  public IndexBacklog(Clock clock) {
    this.clock = clock;
  }

  /** Notes {@code count} changes handed to the index now; returns the key to settle them with. */
  long handedOver(int count) {
    long second = Math.floorDiv(clock.millis(), 1000);
    waiting.merge(second, (long) count, Long::sum);
    return second;
  }

  /** The fast path applied {@code count} of the changes handed over in {@code second}. */
  void indexed(long second, int count) {
    if (count > 0) {
      indexed.add(count);
      waiting.computeIfPresent(second, (key, held) -> held <= count ? null : held - count);
    }
  }

  /** The fast path did not index {@code count} changes: they wait for the repairer. */
  void deferred(int count) {
    deferred.add(count);
  }

  /**
   * The repairer has made the index hold every change logged before {@code epochMillis}: changes
   * handed over in an earlier second are indexed.
   */
  public void verifiedBefore(long epochMillis) {
    ConcurrentNavigableMap<Long, Long> settled = waiting.headMap(Math.floorDiv(epochMillis, 1000));
    settled.clear();
  }

  /** Changes of this node that the index may not hold yet. */
  public long pending() {
    long sum = 0;
    for (Map.Entry<Long, Long> entry : waiting.entrySet()) {
      sum += entry.getValue();
    }
    return sum;
  }

  /** When the oldest of them was handed to the index (epoch ms, to the second), if any. */
  public OptionalLong oldestMillis() {
    Map.Entry<Long, Long> first = waiting.firstEntry();
    return first == null ? OptionalLong.empty() : OptionalLong.of(first.getKey() * 1000);
  }

  /** Seconds since the oldest change not known to be indexed was handed over; 0 when none. */
  public long lagSeconds() {
    OptionalLong oldest = oldestMillis();
    return oldest.isEmpty() ? 0 : Math.max(0, (clock.millis() - oldest.getAsLong()) / 1000);
  }

  /** Changes the fast path indexed since start. */
  public long indexedTotal() {
    return indexed.sum();
  }

  /** Changes the fast path left to the repairer since start (index down, rejected, disabled). */
  public long deferredTotal() {
    return deferred.sum();
  }
}
