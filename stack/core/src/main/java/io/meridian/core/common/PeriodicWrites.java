package io.meridian.core.common;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;

/**
 * Stores what a node counts in memory every interval on a daemon thread of its own, and a last time
 * on close so that a stopping node's counts are kept. Application traffic and edge statistics are
 * kept this way; this class holds what they share, and each owner keeps what is its own: what is
 * due, how it is written, where failed writes go back to be retried, and the names in its thread
 * and log lines.
 *
 * <p>A round starts every due write at once and waits for them all; a write that fails hands its
 * key back to the owner instead of failing the round. A run of failing rounds warns once, when it
 * begins, so that a store down for an hour logs one line, not one per interval.
 *
 * <p>Rounds run on the writer thread, and once more on the closing thread after the writer has
 * stopped.
 *
 * @param <K> what a failed write hands back, so that the owner knows what to write again
 */
public final class PeriodicWrites<K> implements AutoCloseable {
  private final String threadName;
  private final Logger log;
  private final String retryingWarning;
  private final String failedWarning;
  private final Supplier<Map<K, CompletionStage<Void>>> writeDue;
  private final Consumer<List<K>> storeFailed;
  private ScheduledExecutorService writer;
  private boolean warned;

  /**
   * Writes nothing until {@link #start started} or asked to {@link #store()}.
   *
   * @param log the owner's logger, so its lines keep the owner's name
   * @param retryingWarning logged when writes start failing; its {@code {}} is how many failed
   * @param failedWarning logged when a round fails as a whole; its {@code {}} is the error
   * @param writeDue starts the write of everything due, each under the key to hand back if it fails
   * @param storeFailed takes back the keys of the writes that failed, to be written again
   */
  public PeriodicWrites(
      String threadName,
      Logger log,
      String retryingWarning,
      String failedWarning,
      Supplier<Map<K, CompletionStage<Void>>> writeDue,
      Consumer<List<K>> storeFailed) {
    this.threadName = threadName;
    this.log = log;
    this.retryingWarning = retryingWarning;
    this.failedWarning = failedWarning;
    this.writeDue = writeDue;
    this.storeFailed = storeFailed;
  }

  /** Writes everything due and waits for the writes; hands back the keys of those that failed. */
  public void store() {
    Map<K, CompletionStage<Void>> due = writeDue.get();
    if (due.isEmpty()) {
      return;
    }
    List<K> failed = new ArrayList<>();
    List<CompletableFuture<Void>> writes = new ArrayList<>(due.size());
    due.forEach(
        (key, write) ->
            writes.add(
                write
                    .toCompletableFuture()
                    .exceptionally(
                        error -> {
                          synchronized (failed) {
                            failed.add(key);
                          }
                          return null;
                        })));
    CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new)).join();
    if (!failed.isEmpty()) {
      storeFailed.accept(failed);
      if (!warned) {
        log.warn(retryingWarning, failed.size());
        warned = true;
      }
    } else {
      warned = false;
    }
  }

  /** Stores every {@code interval} on a thread of its own. */
  public synchronized void start(Duration interval) {
    ScheduledThreadPoolExecutor executor =
        new ScheduledThreadPoolExecutor(1, DaemonThreads.named(threadName));
    executor.scheduleWithFixedDelay(
        this::storeQuietly, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
    writer = executor;
  }

  /** Stops the writes, storing a last time so a stopping node's counts are kept. */
  @Override
  public synchronized void close() {
    if (writer == null) {
      return;
    }
    writer.shutdownNow();
    try {
      writer.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    writer = null;
    storeQuietly();
  }

  private void storeQuietly() {
    try {
      store();
    } catch (RuntimeException e) {
      log.warn(failedWarning, e.toString());
    }
  }
}
