package io.meridian.core.rebuild;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.DaemonThreads;
import io.meridian.core.common.IdGenerator;
import io.meridian.core.common.TimeUuids;
import io.meridian.core.entity.EntityStore;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.index.EntityIndex;
import io.meridian.core.index.IndexOperation;
import io.meridian.core.index.IndexResult;
import io.meridian.core.index.SearchHits;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Rebuilds an application's index from Cassandra while the application keeps serving:
 *
 * <ol>
 *   <li><b>reindexing</b>: every entity of every collection listing, read from Cassandra and
 *       written again at its own version (even where the index holds that version: its entry may
 *       predate the current indexing rules). A write racing with the rebuild is never undone: the
 *       index keeps whichever version is newer.
 *   <li><b>pruning</b>: every live index entry of the application whose entity Cassandra no longer
 *       holds becomes a tombstone.
 * </ol>
 *
 * Progress is recorded in Cassandra as it goes, so any node reports it. Rebuilds run one at a time
 * per node, in the background.
 */
public final class IndexRebuilder implements AutoCloseable {
  /** A running job whose node has not recorded progress for this long was abandoned. */
  static final Duration ABANDONED_AFTER = Duration.ofSeconds(60);

  private static final int PAGE = 500;
  private static final Logger LOG = LoggerFactory.getLogger(IndexRebuilder.class);

  private final EntityStore store;
  private final EntityIndex index;
  private final RebuildJobStore jobs;
  private final IdGenerator ids;
  private final Clock clock;
  private final ExecutorService executor;

  public IndexRebuilder(
      EntityStore store, EntityIndex index, RebuildJobStore jobs, IdGenerator ids, Clock clock) {
    this(
        store,
        index,
        jobs,
        ids,
        clock,
        Executors.newSingleThreadExecutor(DaemonThreads.named("meridian-index-rebuild")));
  }

  /**
   * @param executor runs each rebuild; one thread in production, the caller's own in unit tests
   */
  IndexRebuilder(
      EntityStore store,
      EntityIndex index,
      RebuildJobStore jobs,
      IdGenerator ids,
      Clock clock,
      ExecutorService executor) {
    this.store = store;
    this.index = index;
    this.jobs = jobs;
    this.ids = ids;
    this.clock = clock;
    this.executor = executor;
  }

  /** Starts a rebuild, or returns the one already running for the application. */
  public RebuildJob start(ApplicationRef app) {
    Optional<RebuildJob> running =
        list(app, 1).stream().filter(job -> job.status().equals("running")).findFirst();
    if (running.isPresent()) {
      return running.get();
    }
    long now = clock.millis();
    RebuildJob job =
        new RebuildJob(
            ids.newTimeUuid(), app.id(), "running", "reindexing", 0, 0, 0, 0, now, now, null);
    jobs.save(job);
    executor.execute(() -> run(job));
    return job;
  }

  public Optional<RebuildJob> find(ApplicationRef app, UUID jobId) {
    if (!TimeUuids.isTimeBased(jobId)) {
      return Optional.empty(); // job ids are v1 uuids
    }
    return jobs.find(app.id(), jobId).map(this::reported);
  }

  /** The application's rebuilds, newest first. */
  public List<RebuildJob> list(ApplicationRef app, int limit) {
    return jobs.list(app.id(), limit).stream().map(this::reported).toList();
  }

  /** A running job whose node went quiet is reported as abandoned, and may be started again. */
  private RebuildJob reported(RebuildJob job) {
    if (job.status().equals("running")
        && clock.millis() - job.heartbeatMillis() > ABANDONED_AFTER.toMillis()) {
      return job.ended("abandoned", "The node running it stopped reporting");
    }
    return job;
  }

  private void run(RebuildJob started) {
    Progress progress = new Progress(started);
    try {
      List<String> collections = store.collections(started.applicationId());
      progress.collectionsTotal = collections.size();
      progress.save("reindexing");
      for (String collection : collections) {
        reindex(progress, collection);
        progress.collectionsDone++;
        progress.save("reindexing");
      }
      prune(progress);
      index.refresh().toCompletableFuture().join();
      jobs.save(progress.job("done").ended("completed", null));
      LOG.info(
          "Index rebuild {} of application {} completed: {} entities indexed, {} entries removed",
          started.jobId(),
          started.applicationId(),
          progress.indexed,
          progress.removed);
    } catch (RuntimeException e) {
      LOG.warn("Index rebuild {} failed", started.jobId(), e);
      jobs.save(progress.job(progress.phase).ended("failed", message(e)));
    }
  }

  private void reindex(Progress progress, String collection) {
    UUID app = progress.started.applicationId();
    Optional<UUID> after = Optional.empty();
    while (true) {
      List<UUID> uuids = store.list(app, collection, after, PAGE);
      Map<UUID, StoredEntity> loaded = store.loadAll(app, uuids);
      List<IndexOperation> upserts = new ArrayList<>(loaded.size());
      for (UUID uuid : uuids) {
        StoredEntity entity = loaded.get(uuid);
        if (entity != null) {
          upserts.add(entity.toIndexUpsert(app));
        }
      }
      check(index.rewrite(upserts));
      progress.indexed += upserts.size();
      progress.save("reindexing");
      if (uuids.size() < PAGE) {
        return;
      }
      after = Optional.of(uuids.get(uuids.size() - 1));
    }
  }

  private void prune(Progress progress) {
    UUID app = progress.started.applicationId();
    progress.save("pruning");
    Optional<UUID> after = Optional.empty();
    while (true) {
      List<SearchHits.Hit> hits = index.scan(app, after, PAGE).hits();
      Map<UUID, StoredEntity> loaded =
          store.loadAll(app, hits.stream().map(SearchHits.Hit::entityId).toList());
      List<IndexOperation> tombstones = new ArrayList<>();
      for (SearchHits.Hit hit : hits) {
        if (!loaded.containsKey(hit.entityId())) {
          // The entity is gone for good (uuids are never reused), so any newer version will do;
          // its collection is unknown here and a tombstone does not need one.
          tombstones.add(new IndexOperation.Delete(app, "", hit.entityId(), hit.version() + 1));
        }
      }
      check(index.apply(tombstones));
      progress.removed += tombstones.size();
      progress.save("pruning");
      if (hits.size() < PAGE) {
        return;
      }
      after = Optional.of(hits.get(hits.size() - 1).entityId());
    }
  }

  private static void check(CompletionStage<IndexResult> applied) {
    IndexResult result = applied.toCompletableFuture().join();
    if (!result.complete()) {
      throw new IllegalStateException(
          "The index rejected " + result.failed().size() + " operations");
    }
  }

  private static String message(RuntimeException e) {
    Throwable cause = e.getCause() != null ? e.getCause() : e;
    return cause.getClass().getSimpleName() + ": " + cause.getMessage();
  }

  @Override
  public void close() {
    executor.shutdownNow();
  }

  /** Counters of one run; touched only by the rebuild thread. */
  private final class Progress {
    final RebuildJob started;
    String phase = "reindexing";
    int collectionsTotal;
    int collectionsDone;
    long indexed;
    long removed;

    Progress(RebuildJob started) {
      this.started = started;
    }

    RebuildJob job(String currentPhase) {
      return new RebuildJob(
          started.jobId(),
          started.applicationId(),
          "running",
          currentPhase,
          collectionsTotal,
          collectionsDone,
          indexed,
          removed,
          started.startedMillis(),
          clock.millis(),
          null);
    }

    void save(String currentPhase) {
      phase = currentPhase;
      jobs.save(job(currentPhase));
    }
  }
}
