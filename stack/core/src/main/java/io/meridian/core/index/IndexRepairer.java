package io.meridian.core.index;

import io.meridian.core.change.Change;
import io.meridian.core.change.ChangeLog;
import io.meridian.core.change.Lease;
import io.meridian.core.common.Concurrently;
import io.meridian.core.common.DaemonThreads;
import io.meridian.core.entity.EntityStore;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes the index converge on Cassandra. It follows the change log bucket by bucket (once a bucket
 * is older than the lag), asks the index which versions it holds for the bucket's entities, and
 * re-indexes from Cassandra every entity the index lacks or holds in an older version. A bucket's
 * checkpoint moves on only when all of it is indexed, so nothing is skipped while the index is down
 * or after a node died between its Cassandra write and its index write; nor while a change's write
 * is still under way (read again by the next pass, up to the write deadline).
 *
 * <p>One node at a time does this, under a lease; all state is in Cassandra, so any node takes
 * over. This class runs the passes; a shard's part of one is a {@link ShardBacklog}, repairing a
 * chunk of changes is {@link ChunkRepair}'s.
 */
public final class IndexRepairer implements AutoCloseable {
  static final String CONSUMER = "index";
  private static final String LEASE = "index-repairer";
  private static final int CHUNK = 500;
  private static final int PARALLEL_READS = 4;
  private static final Logger LOG = LoggerFactory.getLogger(IndexRepairer.class);

  private final ChangeLog log;
  private final Lease lease;
  private final EntityIndex index;
  private final Clock clock;
  private final Duration lag;
  private final Duration interval;
  private final String nodeId;
  private final IndexBacklog backlog;
  private final ChunkRepair repair;
  private final LongAdder passes = new LongAdder();
  private final LongAdder failedRuns = new LongAdder();
  private final LongAdder repairedTotal = new LongAdder();
  private final ScheduledExecutorService executor =
      Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("meridian-index-repairer"));
  private final ExecutorService readPool =
      Executors.newFixedThreadPool(
          PARALLEL_READS, DaemonThreads.named("meridian-index-repairer-read"));

  /** When this node last acquired or renewed the lease (nanoTime); the repairer thread's. */
  private long leaseRenewedAt;

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
      Duration writeDeadline,
      String nodeId,
      IndexBacklog backlog) {
    this.log = log;
    this.lease = lease;
    this.index = index;
    this.clock = clock;
    this.lag = lag;
    this.interval = interval;
    this.nodeId = nodeId;
    this.backlog = backlog;
    this.repair = new ChunkRepair(store, index, CHUNK, clock, writeDeadline);
  }

  public void start() {
    executor.scheduleWithFixedDelay(this::runSafely, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
  }

  private void runSafely() {
    try {
      runOnce();
      settleBacklog();
      if (lastRunFailed) {
        LOG.info("Index repairer is working again");
      }
      lastRunFailed = false;
    } catch (RuntimeException e) {
      failedRuns.increment();
      if (!lastRunFailed) {
        LOG.warn("Index repairer could not run, will retry: {}", e.toString());
      }
      lastRunFailed = true;
    }
  }

  /**
   * Tells this node's {@link IndexBacklog} which of its changes are indexed by now. The node that
   * ran the pass knows; the others read the checkpoints, and only while a change waits that is old
   * enough to lie behind them, so a node whose writes are all indexed reads nothing.
   */
  private void settleBacklog() {
    if (completedThrough != Long.MIN_VALUE) {
      backlog.verifiedBefore(log.bucketEnd(completedThrough));
    }
    OptionalLong oldest = backlog.oldestMillis();
    if (oldest.isEmpty() || oldest.getAsLong() > clock.millis() - lag.toMillis()) {
      return;
    }
    long firstUnfinished = Long.MAX_VALUE;
    for (int shard = 0; shard < log.shards(); shard++) {
      OptionalLong checkpoint = log.checkpoint(CONSUMER, shard);
      if (checkpoint.isEmpty()) {
        return;
      }
      firstUnfinished = Math.min(firstUnfinished, checkpoint.getAsLong());
    }
    backlog.verifiedBefore(log.bucketEnd(firstUnfinished - 1));
  }

  /** Passes this node ran over the change log (as the lease holder) since it started. */
  public long passes() {
    return passes.sum();
  }

  /** Runs that failed (Cassandra or the index unavailable, lease lost) since this node started. */
  public long failedRuns() {
    return failedRuns.sum();
  }

  /** Entities this node's passes (re)indexed because the index lacked them or held them stale. */
  public long repaired() {
    return repairedTotal.sum();
  }

  /**
   * One pass over every shard, if this node holds the lease and the index answers.
   *
   * <p>The shards are read together, a bucket of each per round and in parallel, until a chunk of
   * {@value #CHUNK} changes is gathered; the chunk is repaired with one index-versions call, one
   * entity load and one bulk, and then every shard's checkpoint moves past the buckets it gave. So
   * a backlog after an outage (many shards, many buckets, a few changes each) costs a few large
   * requests instead of a chain of small ones per shard, and memory stays bounded by a chunk plus a
   * round. A checkpoint never moves past a bucket whose changes are not indexed.
   *
   * @return how many entities were (re)indexed
   */
  public int runOnce() {
    long acquiring = System.nanoTime();
    if (!lease.acquire(LEASE, nodeId, leaseTtl())) {
      return 0;
    }
    leaseRenewedAt = acquiring;
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
    PassTimes pass = new PassTimes(System.nanoTime());
    List<ShardBacklog> backlogs =
        inParallel(
            IntStream.range(0, log.shards()).boxed().toList(),
            shard -> ShardBacklog.read(log, shard, lastSafeBucket),
            pass.changeLog);
    int repaired = 0;
    List<ShardBacklog> open = backlogs.stream().filter(ShardBacklog::hasNext).toList();
    while (!open.isEmpty()) {
      List<Change> chunk = new ArrayList<>();
      Map<UUID, ShardBacklog> readBy = new HashMap<>();
      Set<ShardBacklog> gave = new LinkedHashSet<>();
      while (chunk.size() < CHUNK && !open.isEmpty()) {
        List<List<Change>> read = inParallel(open, ShardBacklog::readNext, pass.changeLog);
        for (int i = 0; i < read.size(); i++) {
          ShardBacklog shard = open.get(i);
          read.get(i).forEach(change -> readBy.put(change.id(), shard));
          chunk.addAll(read.get(i));
        }
        gave.addAll(open);
        open = open.stream().filter(ShardBacklog::hasNext).toList();
      }
      renewLease();
      ChunkRepair.Outcome outcome = repair.repair(chunk, pass);
      outcome.unsettled().forEach(change -> readBy.get(change.id()).hold(change));
      repaired += outcome.repaired();
      repairedTotal.add(outcome.repaired()); // counted as it happens: a later chunk may fail
      inParallel(List.copyOf(gave), ShardBacklog::saveRead, pass.changeLog);
    }
    // Shards without entries move on too, so the next pass reads from here. A checkpoint ahead of
    // this node's safe bucket (another node's clock runs ahead) is left where it is.
    inParallel(
        backlogs.stream().filter(ShardBacklog::behind).toList(),
        backlog -> backlog.saveAllRead(lastSafeBucket),
        pass.changeLog);
    // A held bucket is read again by the next pass, and is not verified before then.
    completedThrough =
        backlogs.stream()
            .map(ShardBacklog::held)
            .filter(OptionalLong::isPresent)
            .mapToLong(held -> held.getAsLong() - 1)
            .min()
            .orElse(lastSafeBucket);
    passes.increment();
    if (repaired > 0) {
      LOG.info(
          "Index repairer indexed {} entities the index lacked or held stale; {}", repaired, pass);
    }
    return repaired;
  }

  private Duration leaseTtl() {
    return interval.multipliedBy(10).plusSeconds(5);
  }

  /**
   * Calls {@code call} for every item on the pool, waits for all, and adds the time to {@code
   * spent}.
   */
  private <T, R> List<R> inParallel(List<T> items, Function<T, R> call, LongAdder spent) {
    long started = System.nanoTime();
    try {
      // All are submitted at once; the pool runs PARALLEL_READS at a time.
      return Concurrently.map(
          items,
          Math.max(1, items.size()),
          item -> CompletableFuture.supplyAsync(() -> call.apply(item), readPool));
    } finally {
      spent.add(System.nanoTime() - started);
    }
  }

  /**
   * Renews the lease, before each chunk, once a third of it has passed: a catch-up after an outage
   * outlasts it, and a node taking over mid-pass would repeat the work beside this one. Throws if
   * the lease was lost; the checkpoints saved so far stand.
   */
  private void renewLease() {
    long now = System.nanoTime();
    if (now - leaseRenewedAt < leaseTtl().toNanos() / 3) {
      return;
    }
    leaseRenewedAt = now;
    if (!lease.acquire(LEASE, nodeId, leaseTtl())) {
      throw new IllegalStateException("Another node took over the index repairer lease");
    }
  }

  @Override
  public void close() {
    executor.shutdownNow();
    readPool.shutdownNow();
    try {
      lease.release(LEASE, nodeId);
    } catch (RuntimeException e) {
      LOG.debug("Could not release the index repairer lease; it expires by itself", e);
    }
  }
}
