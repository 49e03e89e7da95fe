package io.meridian.core.index;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The fast path from a write to the index: right after Cassandra acknowledged a write, its index
 * operation joins the next bulk request, and, when the writer wants its write to be visible to its
 * next query, a shared refresh. The change log and {@link IndexRepairer} make indexing certain;
 * this path only makes it quick, so it gives up at once while the index is unavailable.
 */
public final class IndexPipeline {
  private final EntityIndex index;
  private final boolean enabled;
  private final BulkBatcher batcher;
  private final RefreshCoalescer refresher;

  /**
   * @param enabled false leaves all indexing to the repairer (used to test crash recovery)
   */
  public IndexPipeline(
      EntityIndex index, boolean enabled, int maxConcurrentBulks, int maxBulkSize) {
    this.index = index;
    this.enabled = enabled;
    this.batcher = new BulkBatcher(index, maxConcurrentBulks, maxBulkSize);
    this.refresher = new RefreshCoalescer(index);
  }

  /**
   * Indexes the operations; the future completes with true once all are applied (and, with {@code
   * visible}, searchable), with false as soon as one could not be (never exceptionally).
   */
  public CompletableFuture<Boolean> index(List<IndexOperation> operations, boolean visible) {
    if (operations.isEmpty()) {
      return CompletableFuture.completedFuture(true);
    }
    if (!enabled || !index.isAvailable()) {
      return CompletableFuture.completedFuture(false);
    }
    CompletableFuture<?>[] parts =
        operations.stream().map(batcher::submit).toArray(CompletableFuture[]::new);
    CompletableFuture<Boolean> applied =
        CompletableFuture.allOf(parts)
            .thenApply(
                ignored -> {
                  for (CompletableFuture<?> part : parts) {
                    if (!Boolean.TRUE.equals(part.join())) {
                      return false;
                    }
                  }
                  return true;
                });
    if (!visible) {
      return applied;
    }
    return applied.thenCompose(
        ok ->
            ok
                ? refresher.refreshCovering().handle((ignored, error) -> error == null)
                : CompletableFuture.completedFuture(false));
  }
}
