package io.meridian.core.index;

import io.meridian.core.change.Change;
import io.meridian.core.entity.EntityStore;
import io.meridian.core.entity.StoredEntity;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * Repairs one chunk of changes: asks the index which versions it holds for their entities (one
 * multi-get), re-reads from Cassandra every entity the index lacks or holds in an older version,
 * and indexes them in one bulk, a missing entity as a versioned delete. Replays are harmless:
 * external versions make the index ignore anything not newer than what it holds.
 */
final class ChunkRepair {
  private final EntityStore store;
  private final EntityIndex index;
  private final int chunk;

  /**
   * @param chunk the most changes one index-versions call and one bulk carry
   */
  ChunkRepair(EntityStore store, EntityIndex index, int chunk) {
    this.store = store;
    this.index = index;
    this.chunk = chunk;
  }

  /** Indexes what the index lacks of these changes; throws if any of it could not be indexed. */
  int repair(List<Change> changes, PassTimes pass) {
    Map<UUID, Change> latest = new LinkedHashMap<>();
    for (Change change : changes) {
      latest.merge(change.entityId(), change, (a, b) -> a.version() >= b.version() ? a : b);
    }
    List<Change> all = new ArrayList<>(latest.values());
    int repaired = 0;
    for (int start = 0; start < all.size(); start += chunk) {
      repaired += repairChunk(all.subList(start, Math.min(all.size(), start + chunk)), pass);
    }
    return repaired;
  }

  private int repairChunk(List<Change> changes, PassTimes pass) {
    long started = System.nanoTime();
    Map<UUID, Long> held =
        index
            .indexedVersions(changes.stream().map(Change::entityId).toList())
            .toCompletableFuture()
            .join();
    long versionsRead = System.nanoTime();
    pass.indexVersions.add(versionsRead - started);
    List<Change> missing =
        changes.stream()
            .filter(
                change -> {
                  Long version = held.get(change.entityId());
                  return version == null ? !change.deleted() : version < change.version();
                })
            .toList();
    if (missing.isEmpty()) {
      return 0;
    }
    List<IndexOperation> operations = new ArrayList<>();
    Map<UUID, List<Change>> byApplication =
        missing.stream().collect(Collectors.groupingBy(Change::applicationId));
    byApplication.forEach(
        (applicationId, appChanges) -> operations.addAll(currentState(applicationId, appChanges)));
    long loaded = System.nanoTime();
    pass.entities.add(loaded - versionsRead);
    IndexResult result = index.apply(operations).toCompletableFuture().join();
    pass.bulk.add(System.nanoTime() - loaded);
    if (!result.complete()) {
      throw new IllegalStateException(
          "Index rejected " + result.failed().size() + " operations; will retry");
    }
    return operations.size();
  }

  /** The operations that make the index hold what Cassandra holds now for these entities. */
  private List<IndexOperation> currentState(UUID applicationId, Collection<Change> changes) {
    Map<UUID, StoredEntity> stored =
        store.loadAll(applicationId, changes.stream().map(Change::entityId).toList());
    // An entity the index lacks may come from a write that stopped after its entity row: its
    // listing row may be missing too. Both are written again, idempotently.
    store.relist(applicationId, List.copyOf(stored.values()));
    List<IndexOperation> operations = new ArrayList<>();
    for (Change change : changes) {
      StoredEntity entity = stored.get(change.entityId());
      operations.add(
          entity == null
              ? new IndexOperation.Delete(
                  applicationId, change.collection(), change.entityId(), change.version())
              : entity.toIndexUpsert(applicationId));
    }
    return operations;
  }
}
