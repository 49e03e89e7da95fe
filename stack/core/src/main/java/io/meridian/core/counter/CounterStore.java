package io.meridian.core.counter;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletionStage;

/**
 * Aggregate counters of an application: named sums kept per time bucket at every {@link
 * CounterResolution}. Increments commute, so any number of nodes may add to one counter at once and
 * the sums stay exact; an increment is not idempotent, so it is never retried on a timeout.
 */
public interface CounterStore {

  /**
   * Adds each delta to its counter's buckets at every resolution for {@code timestamp}, and records
   * the counters' names. Completes when Cassandra acknowledged every part.
   */
  CompletionStage<Void> increment(UUID applicationId, Map<String, Long> deltas, long timestamp);

  /**
   * The buckets of one counter at one resolution that hold a value, from {@code from} to {@code to}
   * (bucket starts, both included), oldest first, at most {@code limit}.
   */
  List<CounterValue> read(
      UUID applicationId, String name, CounterResolution resolution, long from, long to, int limit);

  /** The names of the application's counters, at most {@code limit}, in stored order. */
  List<String> names(UUID applicationId, int limit);

  /** One bucket's sum: its start (epoch milliseconds, or 1 for all time) and its value. */
  record CounterValue(long timestamp, long value) {}
}
