package io.meridian.rest.status;

import io.meridian.core.common.StorageHealth;
import io.meridian.core.index.EntityIndex;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Whether Cassandra and Elasticsearch answer, checked at most once per {@code maxAge} however many
 * callers ask. {@code /status} is public, so without this every anonymous request would cost a
 * query on each store. One check runs at a time: callers arriving while it runs wait for it and
 * share its answer, and an answer is reused until {@code maxAge} after it was completed.
 */
final class StoreHealth {
  /** What one check found, and when it finished (epoch milliseconds). */
  record Checked(boolean cassandra, boolean elasticsearch, long checkedMillis) {}

  private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(2);

  private final Supplier<Checked> check;
  private final long maxAgeNanos;
  private final LongSupplier nanoTime;
  private final AtomicReference<Check> latest = new AtomicReference<>();

  /** One check, running or done; {@code doneNanos} is written before {@code answer} completes. */
  private static final class Check {
    final CompletableFuture<Checked> answer = new CompletableFuture<>();
    volatile long doneNanos;
  }

  StoreHealth(Supplier<Checked> check, Duration maxAge, LongSupplier nanoTime) {
    this.check = check;
    this.maxAgeNanos = maxAge.toNanos();
    this.nanoTime = nanoTime;
  }

  static StoreHealth of(StorageHealth storage, EntityIndex index, Duration maxAge) {
    return new StoreHealth(() -> checkNow(storage, index), maxAge, System::nanoTime);
  }

  Checked get() {
    while (true) {
      Check current = latest.get();
      if (current != null
          && (!current.answer.isDone() || nanoTime.getAsLong() - current.doneNanos < maxAgeNanos)) {
        return current.answer.join();
      }
      Check next = new Check();
      if (latest.compareAndSet(current, next)) {
        Checked checked;
        try {
          checked = check.get();
        } catch (RuntimeException e) {
          checked = new Checked(false, false, System.currentTimeMillis());
        }
        next.doneNanos = nanoTime.getAsLong();
        next.answer.complete(checked);
        return checked;
      }
      // Another caller started a check first: loop to share it.
    }
  }

  private static Checked checkNow(StorageHealth storage, EntityIndex index) {
    CompletableFuture<Boolean> cassandra = storage.probe(PROBE_TIMEOUT).toCompletableFuture();
    boolean elasticsearch = index.probe();
    boolean cassandraUp = cassandra.join();
    return new Checked(cassandraUp, elasticsearch, System.currentTimeMillis());
  }
}
