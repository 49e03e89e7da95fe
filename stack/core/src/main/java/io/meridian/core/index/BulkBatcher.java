package io.meridian.core.index;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Groups index operations of concurrent writers into bulk requests, like a group commit: while
 * {@code maxInFlight} bulks are under way, new operations queue up and leave together in the next
 * one. Nothing waits for a timer, so a lone writer pays no batching delay.
 *
 * <p>Each submitted operation's future completes with true when the index applied it (or already
 * held a newer version), false when it could not (the repairer will index it later). An operation
 * the index failed while it stays available (a busy node refusing items with 429, a shard moving)
 * joins a later bulk after a short pause, up to {@link #ATTEMPTS} times in all: re-applying is
 * harmless, versions being external, and a write should not lose its visibility to a moment of
 * back-pressure. A batcher for visible writes sends bulks that answer only after a refresh of the
 * shards they wrote to ({@link EntityIndex#applyVisibly}), so its futures complete once a search
 * from any node sees the operation, and the operations sharing a bulk share its refresh.
 */
final class BulkBatcher {
  /** Tries of one operation, the first included. */
  static final int ATTEMPTS = 3;

  /** Pause before the first retry; it doubles before each next one. */
  private static final long BACKOFF_MILLIS = 100;

  private record Pending(IndexOperation operation, CompletableFuture<Boolean> done, int attempt) {
    Pending again() {
      return new Pending(operation, done, attempt + 1);
    }
  }

  private final EntityIndex index;
  private final int maxInFlight;
  private final int maxBatch;
  private final boolean visible;
  private final Queue<Pending> queue = new ConcurrentLinkedQueue<>();
  private final AtomicInteger inFlight = new AtomicInteger();

  BulkBatcher(EntityIndex index, int maxInFlight, int maxBatch, boolean visible) {
    this.index = index;
    this.maxInFlight = maxInFlight;
    this.maxBatch = maxBatch;
    this.visible = visible;
  }

  CompletableFuture<Boolean> submit(IndexOperation operation) {
    CompletableFuture<Boolean> done = new CompletableFuture<>();
    queue.add(new Pending(operation, done, 1));
    drain();
    return done;
  }

  private void drain() {
    while (!queue.isEmpty()) {
      int current = inFlight.get();
      if (current >= maxInFlight) {
        return; // a finishing bulk calls drain() again
      }
      if (!inFlight.compareAndSet(current, current + 1)) {
        continue;
      }
      List<Pending> batch = new ArrayList<>();
      for (Pending next; batch.size() < maxBatch && (next = queue.poll()) != null; ) {
        batch.add(next);
      }
      if (batch.isEmpty()) {
        inFlight.decrementAndGet();
        continue;
      }
      send(batch);
    }
  }

  private void send(List<Pending> batch) {
    List<IndexOperation> operations = batch.stream().map(Pending::operation).toList();
    CompletableFuture<IndexResult> request;
    try {
      request =
          (visible ? index.applyVisibly(operations) : index.apply(operations))
              .toCompletableFuture();
    } catch (RuntimeException e) {
      request = CompletableFuture.failedFuture(e);
    }
    request.whenComplete(
        (result, error) -> {
          inFlight.decrementAndGet();
          Set<UUID> failed = error == null ? Set.copyOf(result.failed()) : null;
          List<Pending> again = new ArrayList<>();
          for (Pending pending : batch) {
            if (failed != null && !failed.contains(pending.operation().entityId())) {
              pending.done().complete(true);
            } else if (pending.attempt() < ATTEMPTS && index.isAvailable()) {
              again.add(pending.again());
            } else {
              pending.done().complete(false);
            }
          }
          if (!again.isEmpty()) {
            retryLater(again);
          }
          drain();
        });
  }

  private void retryLater(List<Pending> again) {
    int attempt = again.stream().mapToInt(Pending::attempt).max().orElse(2);
    Executor later =
        CompletableFuture.delayedExecutor(BACKOFF_MILLIS << (attempt - 2), TimeUnit.MILLISECONDS);
    later.execute(
        () -> {
          queue.addAll(again);
          drain();
        });
  }
}
