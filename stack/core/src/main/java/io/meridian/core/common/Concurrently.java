package io.meridian.core.common;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/** Runs asynchronous calls over many items with a bounded number in flight, and waits for all. */
public final class Concurrently {
  /** Enough to keep a Cassandra node busy without flooding its request queue from one request. */
  public static final int DEFAULT_WINDOW = 64;

  private Concurrently() {}

  /**
   * Calls {@code call} for every item, at most {@code window} at a time, and returns the results in
   * item order. The first failure is rethrown (unwrapped from {@link CompletionException}) once the
   * calls already started have finished.
   */
  public static <T, R> List<R> map(
      List<T> items, int window, Function<T, ? extends CompletionStage<R>> call) {
    List<R> results = new ArrayList<>(items.size());
    for (int start = 0; start < items.size(); start += window) {
      List<CompletableFuture<R>> inFlight = new ArrayList<>();
      for (T item : items.subList(start, Math.min(items.size(), start + window))) {
        inFlight.add(call.apply(item).toCompletableFuture());
      }
      try {
        CompletableFuture.allOf(inFlight.toArray(CompletableFuture[]::new)).join();
      } catch (CompletionException e) {
        if (e.getCause() instanceof RuntimeException cause) {
          throw cause;
        }
        throw e;
      }
      inFlight.forEach(future -> results.add(future.join()));
    }
    return results;
  }
}
