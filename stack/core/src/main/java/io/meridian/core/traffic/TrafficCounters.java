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
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * This node's requests per application in a ring of {@link #BUCKET} buckets covering {@link
 * #RETENTION}. Memory is bounded whatever the traffic: at most {@code maxApplications} rings (the
 * least recently used beyond that are dropped, as are rings idle for the whole retention), each a
 * fixed number of slots, where a per-application Micrometer tag would add series without bound.
 *
 * <p>Recorded on the request threads: every counter is an adder or an atomic, a slot is replaced by
 * compare-and-set when its time comes round again, so no request takes a lock.
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
    Slot slot = ring.slot(bucketStart(clock.millis()));
    if (slot != null) {
      slot.add(status, nanos / 1000);
    }
  }

  /** This node's buckets of the application starting in {@code [from, to)}, by start. */
  public Map<Long, TrafficBucket> buckets(UUID app, long from, long to) {
    Map<Long, TrafficBucket> buckets = new TreeMap<>();
    Ring ring = rings.getIfPresent(app);
    if (ring != null) {
      for (int i = 0; i < SLOTS; i++) {
        Slot slot = ring.slots.get(i);
        if (slot != null && slot.start >= from && slot.start < to) {
          buckets.put(slot.start, slot.bucket());
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
                Slot slot = ring.slots.get(i);
                if (slot != null && slot.changed) {
                  slot.changed = false;
                  due.add(new Due(app, slot.bucket()));
                }
              }
            });
    return due;
  }

  /** Marks buckets changed again: they could not be stored. */
  public void storeFailed(List<Due> failed) {
    for (Due due : failed) {
      Ring ring = rings.getIfPresent(due.app());
      Slot slot = ring == null ? null : ring.existing(due.bucket().start());
      if (slot != null) {
        slot.changed = true;
      }
    }
  }

  /** A bucket of an application to store. */
  public record Due(UUID app, TrafficBucket bucket) {}

  private static int index(long start) {
    return (int) Math.floorMod(start / BUCKET_MILLIS, SLOTS);
  }

  /** One application's slots; slot {@code i} holds the latest bucket whose index is {@code i}. */
  private static final class Ring {
    final AtomicReferenceArray<Slot> slots = new AtomicReferenceArray<>(SLOTS);

    /** The slot of the bucket, replacing an older one; null if a newer one already holds it. */
    Slot slot(long start) {
      int index = index(start);
      while (true) {
        Slot slot = slots.get(index);
        if (slot != null && slot.start == start) {
          return slot;
        }
        if (slot != null && slot.start > start) {
          return null; // a request that took the whole retention: its bucket is gone
        }
        Slot fresh = new Slot(start);
        if (slots.compareAndSet(index, slot, fresh)) {
          return fresh;
        }
      }
    }

    Slot existing(long start) {
      Slot slot = slots.get(index(start));
      return slot != null && slot.start == start ? slot : null;
    }
  }

  private static final class Slot {
    final long start;
    final LongAdder requests = new LongAdder();
    final LongAdder errors4xx = new LongAdder();
    final LongAdder errors5xx = new LongAdder();
    final LongAdder latencySum = new LongAdder();
    final AtomicLong latencyMax = new AtomicLong();

    /** Counted a request since it was last stored (read first: most requests find it set). */
    volatile boolean changed;

    Slot(long start) {
      this.start = start;
    }

    void add(int status, long micros) {
      requests.increment();
      if (status >= 500) {
        errors5xx.increment();
      } else if (status >= 400) {
        errors4xx.increment();
      }
      latencySum.add(micros);
      if (micros > latencyMax.get()) {
        latencyMax.accumulateAndGet(micros, Math::max);
      }
      if (!changed) {
        changed = true;
      }
    }

    TrafficBucket bucket() {
      return new TrafficBucket(
          start,
          requests.sum(),
          errors4xx.sum(),
          errors5xx.sum(),
          latencySum.sum(),
          latencyMax.get());
    }
  }
}
