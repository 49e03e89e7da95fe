package io.meridian.core.index;

import io.meridian.core.change.Change;
import io.meridian.core.common.TimeUuids;
import io.meridian.core.entity.EntityStore;
import io.meridian.core.entity.StoredEntity;
import java.time.Clock;
import java.time.Duration;
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
 *
 * <p>A change is logged before its write, so the repairer may read it while the write is still
 * under way: an entity row not written yet, or still at an older version. Such a change is not
 * decided until its write is done: indexing Cassandra's state then would index the old entity, or
 * write a delete at the change's version that the index keeps as a tombstone and that makes it
 * refuse the write's own fast-path upsert of that version, losing the entity from the index. It is
 * handed back as unsettled, for the next pass, until it is older than the write deadline: a write
 * that has not reached Cassandra by then died with its node, and Cassandra's state is the truth.
 */
final class ChunkRepair {
  /** What a chunk's repair did, and the changes whose writes were still under way. */
  record Outcome(int repaired, List<Change> unsettled) {}

  private final EntityStore store;
  private final EntityIndex index;
  private final int chunk;
  private final Clock clock;
  private final Duration writeDeadline;

  /**
   * @param chunk the most changes one index-versions call and one bulk carry
   * @param writeDeadline the longest a write may take from its change log entry to its entity row
   */
  ChunkRepair(
      EntityStore store, EntityIndex index, int chunk, Clock clock, Duration writeDeadline) {
    this.store = store;
    this.index = index;
    this.chunk = chunk;
    this.clock = clock;
    this.writeDeadline = writeDeadline;
  }

  /**
   * Indexes what the index lacks of these changes, except those whose writes are still under way;
   * throws if any of it could not be indexed.
   */
  Outcome repair(List<Change> changes, PassTimes pass) {
    Map<UUID, Change> latest = new LinkedHashMap<>();
    for (Change change : changes) {
      latest.merge(change.entityId(), change, (a, b) -> a.version() >= b.version() ? a : b);
    }
    List<Change> all = new ArrayList<>(latest.values());
    int repaired = 0;
    List<Change> unsettled = new ArrayList<>();
    for (int start = 0; start < all.size(); start += chunk) {
      repaired +=
          repairChunk(all.subList(start, Math.min(all.size(), start + chunk)), pass, unsettled);
    }
    return new Outcome(repaired, unsettled);
  }

  private int repairChunk(List<Change> changes, PassTimes pass, List<Change> unsettled) {
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
        (applicationId, appChanges) ->
            operations.addAll(currentState(applicationId, appChanges, unsettled)));
    long loaded = System.nanoTime();
    pass.entities.add(loaded - versionsRead);
    if (operations.isEmpty()) {
      return 0;
    }
    IndexResult result = index.apply(operations).toCompletableFuture().join();
    pass.bulk.add(System.nanoTime() - loaded);
    if (!result.complete()) {
      throw new IllegalStateException(
          "Index rejected " + result.failed().size() + " operations; will retry");
    }
    return operations.size();
  }

  /**
   * The operations that make the index hold what Cassandra holds now for these entities; a change
   * whose write is still under way goes to {@code unsettled} instead.
   */
  private List<IndexOperation> currentState(
      UUID applicationId, Collection<Change> changes, List<Change> unsettled) {
    Map<UUID, StoredEntity> stored =
        store.loadAll(applicationId, changes.stream().map(Change::entityId).toList());
    // An entity the index lacks may come from a write that stopped after its entity row: its
    // listing row may be missing too. Both are written again, idempotently.
    store.relist(applicationId, List.copyOf(stored.values()));
    long deadline = clock.millis() - writeDeadline.toMillis();
    List<IndexOperation> operations = new ArrayList<>();
    for (Change change : changes) {
      StoredEntity entity = stored.get(change.entityId());
      if (!written(change, entity) && TimeUuids.millis(change.id()) > deadline) {
        unsettled.add(change);
      } else {
        operations.add(
            entity == null
                ? new IndexOperation.Delete(
                    applicationId, change.collection(), change.entityId(), change.version())
                : entity.toIndexUpsert(applicationId));
      }
    }
    return operations;
  }

  /**
   * Whether Cassandra shows the change's write done: the entity at the change's version or a later
   * one, or gone after a deletion. A missing entity after a change that wrote one is a write not
   * done yet (or one that died, or an entity deleted since, whose deletion has a change of its
   * own).
   */
  private static boolean written(Change change, StoredEntity entity) {
    return entity == null ? change.deleted() : entity.version() >= change.version();
  }
}
