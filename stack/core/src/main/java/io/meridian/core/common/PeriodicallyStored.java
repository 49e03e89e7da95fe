package io.meridian.core.common;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;
import org.slf4j.Logger;

/**
 * A service over counts that each node keeps in memory and stores every interval, through {@link
 * PeriodicWrites}, as application traffic and edge statistics are: the service says what is due and
 * how it is written; storing on demand, on a schedule and a last time on close is this class's.
 *
 * @param <K> what a failed write hands back, so that the service writes it again
 */
public abstract class PeriodicallyStored<K> implements AutoCloseable {
  private final PeriodicWrites<K> writer;

  /** The arguments are {@link PeriodicWrites}'s; the writes due come from {@link #writeDue}. */
  protected PeriodicallyStored(
      String threadName,
      Logger log,
      String retryingWarning,
      String failedWarning,
      Consumer<List<K>> storeFailed) {
    this.writer =
        new PeriodicWrites<>(
            threadName, log, retryingWarning, failedWarning, this::writeDue, storeFailed);
  }

  /** Starts the write of everything due, each under the key to hand back if it fails. */
  protected abstract Map<K, CompletionStage<Void>> writeDue();

  /** Stores this node's counts that are due and waits for the writes. */
  public void store() {
    writer.store();
  }

  /** Stores every {@code interval} on a thread of its own. */
  public void start(Duration interval) {
    writer.start(interval);
  }

  /** Stops the writes, storing a last time so a stopping node's counts are kept. */
  @Override
  public void close() {
    writer.close();
  }
}
