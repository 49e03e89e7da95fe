package io.meridian.core.index;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An index for unit tests of the pipeline's concurrency: it records requests and lets the test
 * decide when each completes. Integration tests use the real Elasticsearch index instead.
 */
final class RecordingIndex implements EntityIndex {
  final List<List<IndexOperation>> bulks = new CopyOnWriteArrayList<>();

  /** Per bulk: whether it was sent to answer only once visible to searches. */
  final List<Boolean> visibleBulks = new CopyOnWriteArrayList<>();

  final List<CompletableFuture<IndexResult>> pendingBulks = new CopyOnWriteArrayList<>();
  final List<CompletableFuture<Void>> pendingRefreshes = new CopyOnWriteArrayList<>();
  volatile boolean available = true;

  @Override
  public void ensureSchema() {}

  @Override
  public CompletionStage<IndexResult> apply(List<IndexOperation> operations) {
    return bulk(operations, false);
  }

  @Override
  public CompletionStage<IndexResult> applyVisibly(List<IndexOperation> operations) {
    return bulk(operations, true);
  }

  private CompletionStage<IndexResult> bulk(List<IndexOperation> operations, boolean visible) {
    visibleBulks.add(visible);
    bulks.add(new ArrayList<>(operations));
    CompletableFuture<IndexResult> result = new CompletableFuture<>();
    pendingBulks.add(result);
    return result;
  }

  void completeBulk(int i, List<UUID> failed) {
    int size = bulks.get(i).size();
    pendingBulks.get(i).complete(new IndexResult(size - failed.size(), 0, failed));
  }

  @Override
  public CompletionStage<Map<UUID, Long>> indexedVersions(Collection<UUID> entityIds) {
    return CompletableFuture.completedFuture(Map.of());
  }

  @Override
  public CompletionStage<Void> refresh() {
    CompletableFuture<Void> result = new CompletableFuture<>();
    pendingRefreshes.add(result);
    return result;
  }

  @Override
  public CompletionStage<IndexResult> rewrite(List<IndexOperation> operations) {
    return apply(operations);
  }

  @Override
  public SearchHits search(IndexQuery query) {
    return new SearchHits(List.of());
  }

  @Override
  public SearchHits scan(
      java.util.UUID applicationId, java.util.Optional<java.util.UUID> after, int size) {
    return new SearchHits(List.of());
  }

  @Override
  public Map<String, Long> counts(UUID applicationId) {
    return Map.of();
  }

  @Override
  public boolean isAvailable() {
    return available;
  }

  @Override
  public boolean probe() {
    return available;
  }
}
