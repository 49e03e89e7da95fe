package io.meridian.core.traffic;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * This node's requests per application in a ring of {@link #BUCKET} buckets covering {@link
 * #RETENTION}. Memory is bounded whatever the traffic: at most {@code maxApplications} rings (the
 * least recently used beyond that are dropped, as are rings idle for the whole retention), each a
 * fixed array of about 20 KB, where a per-application Micrometer tag would add series without
 * bound.
 *
 * <p>Recorded on the request threads: every counter is an atomic long of one array per application,
 * and only the first request of a bucket takes the ring's lock, to reset the slot it reuses.
 */
public final class TrafficCounters {
  /** The length of a bucket: the charts' resolution and the store's row. */
  public static final Duration BUCKET = Duration.ofSeconds(10);

  /** How far back the buckets go, here and in the store (whose rows live twice as long). */
  public static final Duration RETENTION = Duration.ofMinutes(60);

  static final long BUCKET_MILLIS = BUCKET.toMillis();
  private static final int SLOTS = (int) (RETENTION.toMillis() / BUCKET_MILLIS);

  private final Clock clock;
  private final Cache<UUID, Ring> rings;

  public TrafficCounters(Clock clock, long maxApplications) {
    this.clock = clock;
    this.rings =
        Caffeine.newBuilder()
            .maximumSize(maxApplications)
            .expireAfterAccess(RETENTION)
            .executor(Runnable::run)
            .build();
  }

  /** The first millisecond of the bucket holding {@code millis}. */
  public static long bucketStart(long millis) {
    return millis - Math.floorMod(millis, BUCKET_MILLIS);
  }

  /** Counts one request of the application, answered with {@code status} after {@code nanos}. */
  public void record(UUID app, int status, long nanos) {
    Ring ring = rings.getIfPresent(app);
    if (ring == null) {
      ring = rings.get(app, ignored -> new Ring());
    }
    ring.add(bucketStart(clock.millis()), status, nanos / 1000);
  }

  /** This node's buckets of the application starting in {@code [from, to)}, by start. */
  public Map<Long, TrafficBucket> buckets(UUID app, long from, long to) {
    Map<Long, TrafficBucket> buckets = new TreeMap<>();
    Ring ring = rings.getIfPresent(app);
    if (ring != null) {
      for (int i = 0; i < SLOTS; i++) {
        TrafficBucket bucket = ring.bucket(i, from, to);
        if (bucket != null) {
          buckets.put(bucket.start(), bucket);
        }
      }
    }
    return buckets;
  }

  /**
   * The buckets to store now: those that counted a request since the last call, which this marks
   * stored. Called by one thread at a time.
   */
  public List<Due> toStore() {
    List<Due> due = new ArrayList<>();
    rings
        .asMap()
        .forEach(
            (app, ring) -> {
              for (int i = 0; i < SLOTS; i++) {
                TrafficBucket bucket = ring.takeChanged(i);
                if (bucket != null) {
                  due.add(new Due(app, bucket));
                }
              }
            });
    return due;
  }

  /** Marks buckets changed again: they could not be stored. */
  public void storeFailed(List<Due> failed) {
    for (Due due : failed) {
      Ring ring = rings.getIfPresent(due.app());
      if (ring != null) {
        ring.markChanged(due.bucket().start());
      }
    }
  }

  /** A bucket of an application to store. */
  public record Due(UUID app, TrafficBucket bucket) {}

  private static int index(long start) {
    return (int) Math.floorMod(start / BUCKET_MILLIS, SLOTS);
  }

  /**
   * One application's slots in one array of longs, {@link #FIELDS} per slot: compact (about 20 KB
   * an hour) where an object per counter would take several times that. A slot whose time came
   * round again is reset under the ring's lock, once per bucket; counting takes no lock.
   */
  private static final class Ring {
    private static final int START = 0;
    private static final int REQUESTS = 1;
    private static final int ERRORS_4XX = 2;
    private static final int ERRORS_5XX = 3;
    private static final int LATENCY_SUM = 4;
    private static final int LATENCY_MAX = 5;

    /** 1 when the slot counted a request since it was last stored. */
    private static final int CHANGED = 6;

    private static final int FIELDS = 7;

    final AtomicLongArray cells = new AtomicLongArray(SLOTS * FIELDS);

    void add(long start, int status, long micros) {
      int base = index(start) * FIELDS;
      long held = cells.get(base + START);
      if (held != start) {
        if (held > start) {
          return; // a request that took the whole retention: its bucket is gone
        }
        synchronized (this) {
          held = cells.get(base + START);
          if (held > start) {
            return;
          }
          if (held < start) {
            for (int field = 1; field < FIELDS; field++) {
              cells.set(base + field, 0);
            }
            cells.set(base + START, start); // last: who sees the new start sees zeroed counts
          }
        }
      }
      cells.incrementAndGet(base + REQUESTS);
      if (status >= 500) {
        cells.incrementAndGet(base + ERRORS_5XX);
      } else if (status >= 400) {
        cells.incrementAndGet(base + ERRORS_4XX);
      }
      cells.addAndGet(base + LATENCY_SUM, micros);
      if (micros > cells.get(base + LATENCY_MAX)) {
        cells.accumulateAndGet(base + LATENCY_MAX, micros, Math::max);
      }
      if (cells.get(base + CHANGED) == 0) {
        cells.set(base + CHANGED, 1); // after the counts: a store that cleared it reads them again
      }
    }

    /** Slot {@code slot}'s bucket if it starts in {@code [from, to)}, else null. */
    TrafficBucket bucket(int slot, long from, long to) {
      int base = slot * FIELDS;
      long start = cells.get(base + START);
      if (start < from || start >= to || start == 0) {
        return null;
      }
      TrafficBucket bucket =
          new TrafficBucket(
              start,
              cells.get(base + REQUESTS),
              cells.get(base + ERRORS_4XX),
              cells.get(base + ERRORS_5XX),
              cells.get(base + LATENCY_SUM),
              cells.get(base + LATENCY_MAX));
      return cells.get(base + START) == start ? bucket : null; // reset meanwhile: gone
    }

    /** Slot {@code slot}'s bucket if it changed since the last call, marking it stored. */
    TrafficBucket takeChanged(int slot) {
      int base = slot * FIELDS;
      if (cells.get(base + CHANGED) == 0 || cells.getAndSet(base + CHANGED, 0) == 0) {
        return null;
      }
      return bucket(slot, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    void markChanged(long start) {
      int base = index(start) * FIELDS;
      if (cells.get(base + START) == start) {
        cells.set(base + CHANGED, 1);
      }
    }
  }
}
