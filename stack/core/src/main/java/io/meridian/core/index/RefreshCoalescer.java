package io.meridian.core.index;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Shares index refreshes between writers. A caller's future completes after a refresh that
 * <em>started</em> after the call, so it covers everything the caller indexed before calling. At
 * most one refresh runs at a time; callers arriving meanwhile share the next one.
 */
final class RefreshCoalescer {
  private final EntityIndex index;
  private List<CompletableFuture<Void>> waiting = new ArrayList<>();
  private boolean running;

  RefreshCoalescer(EntityIndex index) {
    this.index = index;
  }

  CompletableFuture<Void> refreshCovering() {
    CompletableFuture<Void> done = new CompletableFuture<>();
    boolean start;
    synchronized (this) {
      waiting.add(done);
      start = !running;
      running = true;
    }
    if (start) {
      startNext();
    }
    return done;
  }

  private void startNext() {
    List<CompletableFuture<Void>> batch;
    synchronized (this) {
      if (waiting.isEmpty()) {
        running = false;
        return;
      }
      batch = waiting;
      waiting = new ArrayList<>();
    }
    CompletableFuture<Void> refresh;
    try {
      refresh = index.refresh().toCompletableFuture();
    } catch (RuntimeException e) {
      refresh = CompletableFuture.failedFuture(e);
    }
    refresh.whenComplete(
        (ignored, error) -> {
          for (CompletableFuture<Void> future : batch) {
            if (error == null) {
              future.complete(null);
            } else {
              future.completeExceptionally(error);
            }
          }
          startNext();
        });
  }
}
