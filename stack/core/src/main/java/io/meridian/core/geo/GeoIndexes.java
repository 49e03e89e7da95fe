package io.meridian.core.geo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.DaemonThreads;
import io.meridian.core.common.EventFeed;
import io.meridian.core.common.EventLog;
import io.meridian.core.common.Json;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.EntityStore;
import io.meridian.core.entity.EntityWriteObserver;
import io.meridian.core.entity.GeoLookups;
import io.meridian.core.entity.StoredEntity;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This node's in-memory geo indexes: the fences of every collection that holds fences, and the
 * points of every geo-hot collection, each index holding the entities it answers with, so a lookup
 * needs no I/O.
 *
 * <p>How they stay equal to Cassandra:
 *
 * <ul>
 *   <li>At start, before the node serves: every registered fence and every entity of a geo-hot
 *       collection is loaded from Cassandra, after the feed has started (so a write during the load
 *       is seen by one or both; the version rule makes seeing it twice harmless).
 *   <li>A write to a fence or to a geo-hot collection registers a new fence and publishes a {@link
 *       GeoChange} before the entity is written (intent first), and applies the written entity to
 *       this node's indexes before it returns: the writer's next request sees it.
 *   <li>Every node polls the changes (the {@link EventFeed}) and loads the entities they name. An
 *       entity still older than the change is a write under way: the change is retried at each poll
 *       until the entity catches up or {@code pendingTimeout} passes (the write failed).
 * </ul>
 *
 * <p>Threads: lookups run on request threads, lock-free. Changes are applied by writers (their own
 * writes), by the feed's thread and by the loader thread; the indexes take one writer at a time and
 * keep the newest version of each entity.
 */
public final class GeoIndexes implements GeoLookups, EntityWriteObserver, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(GeoIndexes.class);
  private static final int LOAD_CHUNK = 2_000;

  private record Key(UUID applicationId, String collection) {}

  /** One collection's indexes. */
  private static final class Held {
    final FenceIndex<StoredEntity> fences = new FenceIndex<>();

    /** Written to while a geo-hot collection loads; queries use {@link #points} only. */
    volatile PointIndex<StoredEntity> loadingPoints;

    /** Non-null once the collection is geo-hot and fully loaded. */
    volatile PointIndex<StoredEntity> points;

    volatile boolean hot;
  }

  private final GeoStore store;
  private final EventLog<GeoChange> log;
  private final EventFeed<GeoChange> feed;
  private final EntityStore entities;
  private final Clock clock;
  private final int maxVertices;
  private final Duration pendingTimeout;
  private final Duration catchUpDelay;
  private final ConcurrentMap<Key, Held> held = new ConcurrentHashMap<>();
  private final Set<Key> fenceCollections = ConcurrentHashMap.newKeySet();

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

  /**
   * @param catchUpDelay how long after a collection becomes geo-hot it is listed again, to take in
   *     writes made by nodes that did not know yet (at least the feed's staleness bound)
   */
  public GeoIndexes(
      GeoStore store,
      EventLog<GeoChange> log,
      EventFeed<GeoChange> feed,
      EntityStore entities,
      Clock clock,
      int maxVertices,
      Duration pendingTimeout,
      Duration catchUpDelay) {
    this.store = store;
    this.log = log;
    this.feed = feed;
    this.entities = entities;
    this.clock = clock;
    this.maxVertices = maxVertices;
    this.pendingTimeout = pendingTimeout;
    this.catchUpDelay = catchUpDelay;
  }

  /** Starts following changes, then loads every held collection; returns once all are loaded. */
  public void start() {
    feed.subscribe(inbox::add);
    feed.afterEachPoll(this::drain);
    feed.start();
    for (GeoStore.GeoCollection collection : store.collections()) {
      Key key = new Key(collection.applicationId(), collection.collection());
      if (collection.kind() == GeoStore.Kind.FENCES) {
        fenceCollections.add(key);
        loadFences(key);
      } else {
        Held holder = holder(key);
        holder.hot = true;
        loadPoints(key, holder);
      }
    }
  }

  // ---- writes ------------------------------------------------------------------------------

  @Override
  public void validate(CollectionName collection, ObjectNode properties) {
    GeoValidation.validate(properties, maxVertices);
  }

  @Override
  public void beforeWrites(ApplicationRef app, String collection, List<EntityWrite> writes) {
    Key key = new Key(app.id(), collection);
    boolean hot = isHot(key);
    List<UUID> newFences = new ArrayList<>();
    List<GeoChange> changes = new ArrayList<>();
    for (EntityWrite write : writes) {
      boolean fenceAfter = isFence(write.after());
      if (fenceAfter) {
        newFences.add(write.after().uuid());
      }
      if (hot || fenceAfter || isFence(write.before())) {
        UUID uuid = write.after() != null ? write.after().uuid() : write.before().uuid();
        changes.add(new GeoChange(app.id(), collection, uuid, write.version()));
      }
    }
    if (!newFences.isEmpty()) {
      if (fenceCollections.add(key)) {
        store.addCollection(GeoStore.Kind.FENCES, app.id(), collection);
      }
      store.registerFences(app.id(), collection, newFences);
    }
    if (!changes.isEmpty()) {
      log.publishAll(changes);
    }
  }

  @Override
  public void afterWrites(ApplicationRef app, String collection, List<EntityWrite> writes) {
    Key key = new Key(app.id(), collection);
    boolean hot = isHot(key);
    List<StoredEntity> written = new ArrayList<>(writes.size());
    for (EntityWrite write : writes) {
      boolean fenceBefore = isFence(write.before());
      boolean fenceAfter = isFence(write.after());
      if (!hot && !fenceBefore && !fenceAfter) {
        continue;
      }
      if (write.after() != null) {
        written.add(write.after());
      } else {
        remove(key, write.before().uuid(), write.version());
      }
      if (fenceBefore && !fenceAfter) {
        store.unregisterFence(app.id(), collection, write.before().uuid());
      }
    }
    if (!written.isEmpty()) {
      applyAll(key, written);
    }
  }

  // ---- settings ----------------------------------------------------------------------------

  /** Whether the collection's settings make it geo-hot (as this node knows them). */
  public boolean isGeoHot(UUID applicationId, String collection) {
    return isHot(new Key(applicationId, collection));
  }

  /**
   * Makes a collection geo-hot or not, on every node: this one loads it now (in the background),
   * the others when they see the change.
   */
  public void setGeoHot(UUID applicationId, String collection, boolean hot) {
    store.setGeoHot(applicationId, collection, hot);
    if (hot) {
      store.addCollection(GeoStore.Kind.HOT, applicationId, collection);
    } else {
      store.removeCollection(GeoStore.Kind.HOT, applicationId, collection);
    }
    log.publish(GeoChange.settings(applicationId, collection));
    settingsChanged(new Key(applicationId, collection), hot);
  }

  /** Drops every index of a deleted application. */
  public void forgetApplication(UUID applicationId) {
    held.keySet().removeIf(key -> key.applicationId().equals(applicationId));
    fenceCollections.removeIf(key -> key.applicationId().equals(applicationId));
  }

  // ---- lookups -----------------------------------------------------------------------------

  @Override
  public void forEachContaining(
      UUID applicationId,
      String collection,
      double lat,
      double lon,
      Predicate<StoredEntity> wanted,
      Consumer<StoredEntity> found) {
    feed.requireFresh();
    Held holder = held.get(new Key(applicationId, collection));
    if (holder != null) {
      holder.fences.forEachContaining(lat, lon, wanted, found);
    }
  }

  @Override
  public void forEachIntersecting(
      UUID applicationId,
      String collection,
      double lat0,
      double lon0,
      double lat1,
      double lon1,
      Predicate<StoredEntity> wanted,
      Consumer<StoredEntity> found) {
    feed.requireFresh();
    Held holder = held.get(new Key(applicationId, collection));
    if (holder != null) {
      holder.fences.forEachIntersecting(lat0, lon0, lat1, lon1, wanted, found);
    }
  }

  @Override
  public Optional<List<Nearby>> nearest(
      UUID applicationId,
      String collection,
      double lat,
      double lon,
      double meters,
      double afterMeters,
      UUID afterId,
      Predicate<StoredEntity> filter,
      int limit) {
    Held holder = held.get(new Key(applicationId, collection));
    PointIndex<StoredEntity> points = holder == null ? null : holder.points;
    if (points == null) {
      return Optional.empty();
    }
    feed.requireFresh();
    return Optional.of(
        points.nearest(lat, lon, meters, afterMeters, afterId, filter, limit).stream()
            .map(near -> new Nearby(near.value(), near.meters()))
            .toList());
  }

  /**
   * How many fences and points this node holds for a collection (points: once fully loaded), for
   * operators and tests.
   */
  public Map<String, Integer> sizes(UUID applicationId, String collection) {
    Held holder = held.get(new Key(applicationId, collection));
    if (holder == null) {
      return Map.of("fences", 0, "points", 0);
    }
    PointIndex<StoredEntity> points = holder.points;
    return Map.of("fences", holder.fences.size(), "points", points == null ? 0 : points.size());
  }

  /** Fences held in memory on this node, over every collection. */
  public long fenceCount() {
    long count = 0;
    for (Held holder : held.values()) {
      count += holder.fences.size();
    }
    return count;
  }

  /** Points held in memory on this node, over every fully loaded geo-hot collection. */
  public long pointCount() {
    long count = 0;
    for (Held holder : held.values()) {
      PointIndex<StoredEntity> points = holder.points;
      count += points == null ? 0 : points.size();
    }
    return count;
  }

  // ---- applying ----------------------------------------------------------------------------

  private Held holder(Key key) {
    return held.computeIfAbsent(key, k -> new Held());
  }

  private boolean isHot(Key key) {
    Held holder = held.get(key);
    return holder != null && holder.hot;
  }

  /** An entity with what its content makes it: a fence (shape), a point, both or neither. */
  private record Parsed(StoredEntity entity, FenceShape shape, double[] point) {}

  /**
   * Puts each entity in (or takes it out of) each index of its collection, by its content, as one
   * batch per index: a load or a page of the feed publishes one version of each index, not one per
   * entity.
   */
  private void applyAll(Key key, Collection<StoredEntity> batch) {
    List<Parsed> parsed = new ArrayList<>(batch.size());
    boolean anyFence = false;
    for (StoredEntity entity : batch) {
      ObjectNode json = Json.parseStoredObject(entity.json());
      FenceShape shape = FenceShape.parse(json.get(FENCE_PROPERTY));
      anyFence |= shape != null;
      parsed.add(new Parsed(entity, shape, Locations.point(json.get(LOCATION_PROPERTY))));
    }
    Held holder = anyFence ? holder(key) : held.get(key);
    if (holder == null) {
      return;
    }
    holder.fences.update(
        changes -> {
          for (Parsed p : parsed) {
            if (p.shape() != null) {
              changes.put(p.entity().uuid(), p.entity().version(), p.shape(), p.entity());
            } else {
              changes.remove(p.entity().uuid(), p.entity().version());
            }
          }
        });
    for (PointIndex<StoredEntity> points : pointIndexes(holder)) {
      points.update(
          changes -> {
            for (Parsed p : parsed) {
              StoredEntity entity = p.entity();
              if (p.point() != null) {
                changes.put(entity.uuid(), entity.version(), p.point()[0], p.point()[1], entity);
              } else {
                changes.remove(entity.uuid(), entity.version());
              }
            }
          });
    }
  }

  private void remove(Key key, UUID uuid, long version) {
    Held holder = held.get(key);
    if (holder != null) {
      holder.fences.remove(uuid, version);
      pointIndexes(holder).forEach(points -> points.remove(uuid, version));
    }
  }

  private static List<PointIndex<StoredEntity>> pointIndexes(Held holder) {
    List<PointIndex<StoredEntity>> indexes = new ArrayList<>(2);
    PointIndex<StoredEntity> loading = holder.loadingPoints;
    PointIndex<StoredEntity> points = holder.points;
    if (loading != null) {
      indexes.add(loading);
    }
    if (points != null && points != loading) {
      indexes.add(points);
    }
    return indexes;
  }

  /** Whether an entity (possibly null) is a fence: its geometry is a Polygon or MultiPolygon. */
  private static boolean isFence(StoredEntity entity) {
    if (entity == null || !entity.json().contains("\"" + FENCE_PROPERTY + "\"")) {
      return false; // most entities: no parse
    }
    JsonNode geometry = Json.parseStoredObject(entity.json()).get(FENCE_PROPERTY);
    return FenceShape.parse(geometry) != null;
  }

  // ---- following the feed ------------------------------------------------------------------

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
      } else if (entity == null && heldVersion(key, change.entityId()) != Long.MIN_VALUE) {
        remove(key, change.entityId(), change.version()); // deleted
        pending.remove(change);
      } else if (Duration.between(pending.get(change), now).compareTo(pendingTimeout) > 0) {
        pending.remove(change); // the write never completed (or deleted what we never held)
      }
    }
    caughtUp.forEach(this::applyAll);
  }

  private long heldVersion(Key key, UUID uuid) {
    Held holder = held.get(key);
    if (holder == null) {
      return Long.MIN_VALUE;
    }
    long version = holder.fences.version(uuid).orElse(Long.MIN_VALUE);
    PointIndex<StoredEntity> points = holder.points;
    return points == null
        ? version
        : Math.max(version, points.version(uuid).orElse(Long.MIN_VALUE));
  }

  // ---- loading -----------------------------------------------------------------------------

  private void settingsChanged(Key key, boolean hot) {
    Held holder = holder(key);
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

  /** Loads every registered fence of a collection. */
  private void loadFences(Key key) {
    List<UUID> registered = store.fences(key.applicationId(), key.collection());
    for (int start = 0; start < registered.size(); start += LOAD_CHUNK) {
      List<UUID> chunk = registered.subList(start, Math.min(registered.size(), start + LOAD_CHUNK));
      applyAll(key, entities.loadAll(key.applicationId(), chunk).values());
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
      applyAll(key, entities.loadAll(key.applicationId(), page).values());
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
