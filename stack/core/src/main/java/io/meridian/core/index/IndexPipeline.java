package io.meridian.core.index;

import java.time.Clock;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The fast path from a write to the index: right after Cassandra acknowledged a write, its index
 * operation joins the next bulk request; when the writer wants its write to be visible to its next
 * query, that bulk refreshes the shards it wrote to before it answers. The change log and {@link
 * IndexRepairer} make indexing certain; this path only makes it quick, so it gives up at once while
 * the index is unavailable.
 *
 * <p>Visible writes leave in their own bulks, one at a time: a refresh costs the index about five
 * times what a bulk of ten entities costs, so every writer that arrives while one refreshing bulk
 * is under way joins the next one and shares its refresh. Eventual writes never wait behind a
 * refresh and never make one; they keep {@code maxConcurrentBulks} plain bulks in flight.
 */
public final class IndexPipeline {
  private final EntityIndex index;
  private final boolean enabled;
  private final BulkBatcher eventualBulks;
  private final BulkBatcher visibleBulks;
  private final IndexBacklog backlog;

  /**
   * @param enabled false leaves all indexing to the repairer (used to test crash recovery)
   */
  public IndexPipeline(
      EntityIndex index, boolean enabled, int maxConcurrentBulks, int maxBulkSize, Clock clock) {
    this.index = index;
    this.backlog = new IndexBacklog(clock);
    this.enabled = enabled;
    this.eventualBulks = new BulkBatcher(index, maxConcurrentBulks, maxBulkSize, false);
    this.visibleBulks = new BulkBatcher(index, 1, maxBulkSize, true);
  }

  /** What this node handed to the index and the index may not hold yet. */
  public IndexBacklog backlog() {
    return backlog;
  }

  /**
   * Indexes the operations; the future completes with true once all are applied (and, with {@code
   * visible}, searchable), with false as soon as one could not be (never exceptionally).
   */
  public CompletableFuture<Boolean> index(List<IndexOperation> operations, boolean visible) {
    if (operations.isEmpty()) {
      return CompletableFuture.completedFuture(true);
    }
    long second = backlog.handedOver(operations.size());
    if (!enabled || !index.isAvailable()) {
      backlog.deferred(operations.size());
      return CompletableFuture.completedFuture(false);
    }
    CompletableFuture<?>[] parts =
        operations.stream()
            .map(operation -> (visible ? visibleBulks : eventualBulks).submit(operation))
            .toArray(CompletableFuture[]::new);
    return CompletableFuture.allOf(parts)
        .thenApply(
            ignored -> {
              int indexed = 0;
              for (CompletableFuture<?> part : parts) {
                if (Boolean.TRUE.equals(part.join())) {
                  indexed++;
                }
              }
              backlog.indexed(second, indexed);
              backlog.deferred(parts.length - indexed);
              return indexed == parts.length;
            });
  }
}
