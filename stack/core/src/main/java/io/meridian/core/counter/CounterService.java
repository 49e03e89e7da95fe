package io.meridian.core.counter;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/**
 * Aggregate counters: increments from events and from entity writes, and reads of their buckets.
 * Every request is checked whole before anything is read or written, so a refused one changes
 * nothing and costs no more than its parsing.
 */
public final class CounterService {
  /** Counters one event or one read may name. */
  public static final int MAX_COUNTERS = 100;

  /** Buckets one counter's read may return, padded or not (Usergrid pads at most 1,000). */
  public static final int MAX_BUCKETS = 1000;

  /** Names listed by {@code GET /counters}. */
  public static final int MAX_NAMES = 10_000;

  /** The longest counter name. */
  public static final int MAX_NAME_LENGTH = 256;

  /** The latest time a client may give: the end of year 9999. */
  public static final long MAX_TIME = 253_402_300_799_999L;

  private final CounterStore store;
  private final Clock clock;

  public CounterService(CounterStore store, Clock clock) {
    this.store = store;
    this.clock = clock;
  }

  /** Now, for an event sent without a timestamp (or with 0, as Usergrid's clients do). */
  public long now() {
    return clock.millis();
  }

  /**
   * Adds the deltas (already checked by {@link #requireName}) at {@code timestamp}; returns when
   * Cassandra acknowledged them all.
   */
  public void increment(ApplicationRef app, Map<String, Long> deltas, long timestamp) {
    if (deltas.isEmpty()) {
      return;
    }
    try {
      store.increment(app.id(), deltas, timestamp).toCompletableFuture().join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException cause) {
        throw cause; // the driver's exception, mapped to 503 like every storage failure
      }
      throw e;
    }
  }

  /** Adds the deltas without waiting: for counters kept beside another write. */
  public CompletionStage<Void> incrementLater(
      ApplicationRef app, Map<String, Long> deltas, long timestamp) {
    return store.increment(app.id(), deltas, timestamp);
  }

  /** The application's counter names, sorted case-insensitively as Usergrid lists them. */
  public List<String> names(ApplicationRef app) {
    TreeSet<String> sorted = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
    sorted.addAll(store.names(app.id(), MAX_NAMES));
    return List.copyOf(sorted);
  }

  /**
   * The counters' buckets, one series per name in the order asked. With {@code pad}, every bucket
   * from start to end is present (0 where nothing was counted).
   */
  public List<CounterSeries> read(ApplicationRef app, CounterQuery query) {
    CounterResolution resolution = query.resolution();
    long from = resolution.bucket(query.start());
    long to = resolution.bucket(query.end());
    if (query.pad() && resolution != CounterResolution.ALL) {
      long buckets = (to - from) / resolution.millis() + 1;
      if (buckets > MAX_BUCKETS) {
        throw new MeridianException(
            ErrorCode.ILLEGAL_ARGUMENT,
            "A padded read covers "
                + buckets
                + " buckets, more than "
                + MAX_BUCKETS
                + ": narrow start_time and end_time or use a coarser resolution");
      }
    }
    List<CounterSeries> series = new ArrayList<>(query.names().size());
    for (String name : query.names()) {
      List<CounterStore.CounterValue> stored =
          store.read(app.id(), name, resolution, from, to, MAX_BUCKETS + 1);
      if (stored.size() > MAX_BUCKETS) {
        throw new MeridianException(
            ErrorCode.ILLEGAL_ARGUMENT,
            "The counter '"
                + name
                + "' has more than "
                + MAX_BUCKETS
                + " buckets in that range: narrow start_time and end_time or use a coarser"
                + " resolution");
      }
      series.add(
          new CounterSeries(
              name,
              query.pad() && resolution != CounterResolution.ALL
                  ? padded(stored, resolution, from, to)
                  : stored));
    }
    return series;
  }

  private static List<CounterStore.CounterValue> padded(
      List<CounterStore.CounterValue> stored, CounterResolution resolution, long from, long to) {
    List<CounterStore.CounterValue> values = new ArrayList<>();
    int next = 0;
    for (long bucket = from; bucket <= to; bucket = resolution.next(bucket)) {
      if (next < stored.size() && stored.get(next).timestamp() == bucket) {
        values.add(stored.get(next++));
      } else {
        values.add(new CounterStore.CounterValue(bucket, 0));
      }
    }
    return values;
  }

  /** 400 unless {@code name} can name a counter: 1 to 256 characters, none a control character. */
  public static String requireName(String name) {
    if (name == null
        || name.isEmpty()
        || name.length() > MAX_NAME_LENGTH
        || name.chars().anyMatch(Character::isISOControl)) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "A counter name is 1 to " + MAX_NAME_LENGTH + " characters, none a control character");
    }
    return name;
  }

  /** 400 unless {@code millis} is a time a client may give (0 to the end of year 9999). */
  public static long requireTime(String what, long millis) {
    if (millis < 0 || millis > MAX_TIME) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          what + " is epoch milliseconds from 0 to " + MAX_TIME + " (the end of year 9999)");
    }
    return millis;
  }
}
