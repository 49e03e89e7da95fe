package io.meridian.core.geo;

import io.meridian.core.common.DaemonThreads;
import io.meridian.core.common.EventFeed;
import io.meridian.core.entity.EntityStore;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.geo.CollectionIndexes.Held;
import io.meridian.core.geo.CollectionIndexes.Key;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings into this node's indexes what it did not write itself, from Cassandra: at start every
 * registered fence and every geo-hot collection, later each collection that becomes geo-hot, and
 * the entities the geo feed names as changed through any node.
 *
 * <p>A change names an entity and the version written; an entity loaded still older than that is a
 * write under way (the change is published before the write), so the change is retried at each poll
 * until the entity catches up or {@code pendingTimeout} passes (the write failed).
 *
 * <p>Threads: changes are handled on the feed's thread, geo-hot collections listed on the loader
 * thread, the start's load on the caller's.
 */
final class GeoLoader implements AutoCloseable {
  /** Under the name operators know these lines by. */
  private static final Logger LOG = LoggerFactory.getLogger(GeoIndexes.class);

  private static final int LOAD_CHUNK = 2_000;

  private final CollectionIndexes indexes;
  private final GeoStore store;
  private final EventFeed<GeoChange> feed;
  private final EntityStore entities;
  private final Clock clock;
  private final Duration pendingTimeout;
  private final Duration catchUpDelay;

  /** Changes received since the last poll ended; touched only by the feed's thread. */
  private final List<GeoChange> inbox = new ArrayList<>();

  /** Changes whose write was still under way, with when they were first seen; feed thread only. */
  private final Map<GeoChange, Instant> pending = new LinkedHashMap<>();

  /**
   * Loads geo-hot collections one at a time. The second listing of a collection is scheduled, not
   * slept through on this thread: a sleeping task held every later load behind it (the fuzzing run
   * turned dozens of collections geo-hot, and another application's load missed its 10 s bound).
   */
  private final ScheduledExecutorService loader =
      Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("meridian-geo-loader"));

  GeoLoader(
      CollectionIndexes indexes,
      GeoStore store,
      EventFeed<GeoChange> feed,
      EntityStore entities,
      Clock clock,
      Duration pendingTimeout,
      Duration catchUpDelay) {
    this.indexes = indexes;
    this.store = store;
    this.feed = feed;
    this.entities = entities;
    this.clock = clock;
    this.pendingTimeout = pendingTimeout;
    this.catchUpDelay = catchUpDelay;
  }

  /**
   * Starts following the feed, then loads every held collection; returns once all are loaded. The
   * feed starts first, so a write during the load is seen by one or both.
   */
  void start() {
    feed.subscribe(inbox::add);
    feed.afterEachPoll(this::drain);
    feed.start();
    for (GeoStore.GeoCollection collection : store.collections()) {
      Key key = new Key(collection.applicationId(), collection.collection());
      if (collection.kind() == GeoStore.Kind.FENCES) {
        indexes.addFenceCollection(key);
        loadFences(key);
      } else {
        Held holder = indexes.holder(key);
        holder.hot = true;
        loadPoints(key, holder);
      }
    }
  }

  /**
   * A collection became geo-hot (it is listed now, in the background, and again after {@code
   * catchUpDelay} to take in writes of nodes that did not know yet) or stopped being so.
   */
  void settingsChanged(Key key, boolean hot) {
    Held holder = indexes.holder(key);
    if (hot == holder.hot) {
      return;
    }
    holder.hot = hot;
    if (hot) {
      loader.execute(() -> loadPoints(key, holder));
      loader.schedule(
          () -> {
            if (holder.hot) {
              loadPoints(key, holder);
            }
          },
          catchUpDelay.toMillis(),
          TimeUnit.MILLISECONDS);
    } else {
      holder.points = null;
      holder.loadingPoints = null;
    }
  }

  /** Applies the changes of the last poll and retries those still under way; feed thread only. */
  private void drain() {
    Instant now = clock.instant();
    for (GeoChange change : inbox) {
      pending.putIfAbsent(change, now);
    }
    inbox.clear();
    if (pending.isEmpty()) {
      return;
    }
    Map<UUID, List<GeoChange>> byApplication = new LinkedHashMap<>();
    for (GeoChange change : List.copyOf(pending.keySet())) {
      if (change.isSettings()) {
        pending.remove(change);
        Key key = new Key(change.applicationId(), change.collection());
        settingsChanged(key, store.geoHot(change.applicationId(), change.collection()));
      } else {
        byApplication.computeIfAbsent(change.applicationId(), app -> new ArrayList<>()).add(change);
      }
    }
    byApplication.forEach((app, changes) -> applyLoaded(app, changes, now));
  }

  private void applyLoaded(UUID applicationId, List<GeoChange> changes, Instant now) {
    Map<UUID, StoredEntity> loaded =
        entities.loadAll(applicationId, changes.stream().map(GeoChange::entityId).toList());
    Map<Key, List<StoredEntity>> caughtUp = new LinkedHashMap<>();
    for (GeoChange change : changes) {
      Key key = new Key(applicationId, change.collection());
      StoredEntity entity = loaded.get(change.entityId());
      if (entity != null && entity.version() >= change.version()) {
        caughtUp.computeIfAbsent(key, k -> new ArrayList<>()).add(entity);
        pending.remove(change);
      } else if (entity == null && indexes.heldVersion(key, change.entityId()) != Long.MIN_VALUE) {
        indexes.remove(key, change.entityId(), change.version()); // deleted
        pending.remove(change);
      } else if (Duration.between(pending.get(change), now).compareTo(pendingTimeout) > 0) {
        pending.remove(change); // the write never completed (or deleted what we never held)
      }
    }
    caughtUp.forEach(indexes::applyAll);
  }

  /** Loads every registered fence of a collection. */
  private void loadFences(Key key) {
    List<UUID> registered = store.fences(key.applicationId(), key.collection());
    for (int start = 0; start < registered.size(); start += LOAD_CHUNK) {
      List<UUID> chunk = registered.subList(start, Math.min(registered.size(), start + LOAD_CHUNK));
      indexes.applyAll(key, entities.loadAll(key.applicationId(), chunk).values());
    }
  }

  /**
   * Lists a geo-hot collection into a new point index, which queries use once it is complete.
   * Changes arriving meanwhile go to it too.
   */
  private void loadPoints(Key key, Held holder) {
    PointIndex<StoredEntity> building = new PointIndex<>();
    holder.loadingPoints = building;
    Optional<UUID> after = Optional.empty();
    while (holder.hot) {
      List<UUID> page = entities.list(key.applicationId(), key.collection(), after, LOAD_CHUNK);
      indexes.applyAll(key, entities.loadAll(key.applicationId(), page).values());
      if (page.size() < LOAD_CHUNK) {
        break;
      }
      after = Optional.of(page.get(page.size() - 1));
    }
    if (holder.hot && holder.loadingPoints == building) {
      holder.points = building;
      holder.loadingPoints = null;
      LOG.info(
          "Geo-hot collection {} of application {}: {} points in memory",
          key.collection(),
          key.applicationId(),
          building.size());
    }
  }

  /** Stops following the feed and loading. */
  @Override
  public void close() {
    feed.close();
    loader.shutdownNow();
    try {
      loader.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
