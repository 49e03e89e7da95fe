package io.meridian.core.index;

import io.meridian.core.change.Change;
import io.meridian.core.change.ChangeLog;
import io.meridian.core.change.Lease;
import io.meridian.core.entity.EntityStore;
import io.meridian.core.entity.StoredEntity;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes the index converge on Cassandra. It follows the change log bucket by bucket (once a bucket
 * is older than the lag), asks the index which versions it holds for the bucket's entities, and
 * re-indexes from Cassandra every entity the index lacks or holds in an older version. A bucket's
 * checkpoint moves on only when all of it is indexed, so nothing is skipped while the index is down
 * or after a node died between its Cassandra write and its index write.
 *
 * <p>One node at a time does this, under a lease; all state is in Cassandra, so any node takes
 * over.
 */
public final class IndexRepairer implements AutoCloseable {
  static final String CONSUMER = "index";
  private static final String LEASE = "index-repairer";
  private static final int CHUNK = 500;
  private static final Logger LOG = LoggerFactory.getLogger(IndexRepairer.class);

  private final ChangeLog log;
  private final Lease lease;
  private final EntityStore store;
  private final EntityIndex index;
  private final Clock clock;
  private final Duration lag;
  private final Duration interval;
  private final String nodeId;
  private final ScheduledExecutorService executor =
      Executors.newSingleThreadScheduledExecutor(
          runnable -> {
            Thread thread = new Thread(runnable, "meridian-index-repairer");
            thread.setDaemon(true);
            return thread;
          });
  private volatile boolean lastRunFailed;
  private volatile boolean schemaReady;

  /**
   * The last safe bucket of the last pass that finished every shard. Until a newer bucket becomes
   * safe there is nothing new to read (entries never arrive in buckets older than the lag), so a
   * pass costs no checkpoint reads. Touched only on the repairer thread.
   */
  private long completedThrough = Long.MIN_VALUE;

  public IndexRepairer(
      ChangeLog log,
      Lease lease,
      EntityStore store,
      EntityIndex index,
      Clock clock,
      Duration lag,
      Duration interval,
      String nodeId) {
    this.log = log;
    this.lease = lease;
    this.store = store;
    this.index = index;
    this.clock = clock;
    this.lag = lag;
    this.interval = interval;
    this.nodeId = nodeId;
  }

  public void start() {
    executor.scheduleWithFixedDelay(this::runSafely, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
  }

  private void runSafely() {
    try {
      runOnce();
      if (lastRunFailed) {
        LOG.info("Index repairer is working again");
      }
      lastRunFailed = false;
    } catch (RuntimeException e) {
      if (!lastRunFailed) {
        LOG.warn("Index repairer could not run, will retry: {}", e.toString());
      }
      lastRunFailed = true;
    }
  }

  /**
   * One pass over every shard, if this node holds the lease and the index answers.
   *
   * @return how many entities were (re)indexed
   */
  public int runOnce() {
    if (!lease.acquire(LEASE, nodeId, interval.multipliedBy(10).plusSeconds(5))) {
      return 0;
    }
    if (!index.isAvailable() && !index.probe()) {
      return 0;
    }
    if (!schemaReady) {
      index.ensureSchema(); // the index may have been unavailable when this node started
      schemaReady = true;
    }
    long lastSafeBucket = log.bucketOf(clock.millis() - lag.toMillis()) - 1;
    if (lastSafeBucket == completedThrough) {
      return 0;
    }
    int repaired = 0;
    for (int shard = 0; shard < log.shards(); shard++) {
      OptionalLong checkpoint = log.checkpoint(CONSUMER, shard);
      long from = checkpoint.orElse(0);
      if (from > lastSafeBucket) {
        continue;
      }
      // Buckets are gathered up to a chunk before they are repaired: after an outage a shard
      // holds many buckets of a few changes each, and one round trip per bucket (index
      // versions, entities, listings, bulk, checkpoint) made catching up take tens of seconds.
      // The checkpoint moves only past buckets whose changes are repaired.
      List<Change> pending = new ArrayList<>();
      for (long bucket : log.bucketsWithEntries(shard, from, lastSafeBucket)) {
        pending.addAll(log.read(shard, bucket));
        if (pending.size() >= CHUNK) {
          repaired += repair(pending);
          pending.clear();
          log.saveCheckpoint(CONSUMER, shard, bucket + 1);
        }
      }
      if (!pending.isEmpty()) {
        repaired += repair(pending);
      }
      log.saveCheckpoint(CONSUMER, shard, lastSafeBucket + 1);
    }
    completedThrough = lastSafeBucket;
    if (repaired > 0) {
      LOG.info("Index repairer indexed {} entities the index lacked or held stale", repaired);
    }
    return repaired;
  }

  /** Indexes what the index lacks of these changes; throws if any of it could not be indexed. */
  private int repair(List<Change> changes) {
    Map<UUID, Change> latest = new LinkedHashMap<>();
    for (Change change : changes) {
      latest.merge(change.entityId(), change, (a, b) -> a.version() >= b.version() ? a : b);
    }
    List<Change> all = new ArrayList<>(latest.values());
    int repaired = 0;
    for (int start = 0; start < all.size(); start += CHUNK) {
      repaired += repairChunk(all.subList(start, Math.min(all.size(), start + CHUNK)));
    }
    return repaired;
  }

  private int repairChunk(List<Change> changes) {
    Map<UUID, Long> held =
        index
            .indexedVersions(changes.stream().map(Change::entityId).toList())
            .toCompletableFuture()
            .join();
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
    IndexResult result = index.apply(operations).toCompletableFuture().join();
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

  @Override
  public void close() {
    executor.shutdownNow();
    try {
      lease.release(LEASE, nodeId);
    } catch (RuntimeException e) {
      LOG.debug("Could not release the index repairer lease; it expires by itself", e);
    }
  }
}
