package io.meridian.core.geo;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.EventFeed;
import io.meridian.core.common.EventLog;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.EntityStore;
import io.meridian.core.entity.EntityWriteObserver;
import io.meridian.core.entity.GeoLookups;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.geo.CollectionIndexes.Key;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Predicate;

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
 * <p>Three files, one role each: this one answers lookups and, as a write observer, takes part in
 * the writes made through this node (the second point above); {@link GeoLoader} brings in what this
 * node did not write (the first and third); {@link CollectionIndexes} holds the indexes and applies
 * entities to them, whoever brings them.
 *
 * <p>Threads: lookups run on request threads, lock-free. Changes are applied by writers (their own
 * writes), by the feed's thread and by the loader thread; the indexes take one writer at a time and
 * keep the newest version of each entity.
 */
public final class GeoIndexes implements GeoLookups, EntityWriteObserver, AutoCloseable {
  private final GeoStore store;
  private final EventLog<GeoChange> log;
  private final EventFeed<GeoChange> feed;
  private final int maxVertices;
  private final CollectionIndexes indexes = new CollectionIndexes();
  private final GeoLoader loader;

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
    this.maxVertices = maxVertices;
    this.loader =
        new GeoLoader(indexes, store, feed, entities, clock, pendingTimeout, catchUpDelay);
  }

  /** Starts following changes, then loads every held collection; returns once all are loaded. */
  public void start() {
    loader.start();
  }

  // ---- writes ------------------------------------------------------------------------------

  @Override
  public void validate(CollectionName collection, ObjectNode properties) {
    GeoValidation.validate(properties, maxVertices);
  }

  @Override
  public void beforeWrites(ApplicationRef app, String collection, List<EntityWrite> writes) {
    Key key = new Key(app.id(), collection);
    boolean hot = indexes.isHot(key);
    List<UUID> newFences = new ArrayList<>();
    List<GeoChange> changes = new ArrayList<>();
    for (EntityWrite write : writes) {
      boolean fenceAfter = CollectionIndexes.isFence(write.after());
      if (fenceAfter) {
        newFences.add(write.after().uuid());
      }
      if (hot || fenceAfter || CollectionIndexes.isFence(write.before())) {
        UUID uuid = write.after() != null ? write.after().uuid() : write.before().uuid();
        changes.add(new GeoChange(app.id(), collection, uuid, write.version()));
      }
    }
    if (!newFences.isEmpty()) {
      if (indexes.addFenceCollection(key)) {
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
    boolean hot = indexes.isHot(key);
    List<StoredEntity> written = new ArrayList<>(writes.size());
    for (EntityWrite write : writes) {
      boolean fenceBefore = CollectionIndexes.isFence(write.before());
      boolean fenceAfter = CollectionIndexes.isFence(write.after());
      if (!hot && !fenceBefore && !fenceAfter) {
        continue;
      }
      if (write.after() != null) {
        written.add(write.after());
      } else {
        indexes.remove(key, write.before().uuid(), write.version());
      }
      if (fenceBefore && !fenceAfter) {
        store.unregisterFence(app.id(), collection, write.before().uuid());
      }
    }
    if (!written.isEmpty()) {
      indexes.applyAll(key, written);
    }
  }

  // ---- settings ----------------------------------------------------------------------------

  /** Whether the collection's settings make it geo-hot (as this node knows them). */
  public boolean isGeoHot(UUID applicationId, String collection) {
    return indexes.isHot(new Key(applicationId, collection));
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
    loader.settingsChanged(new Key(applicationId, collection), hot);
  }

  /** Drops every index of a deleted application. */
  public void forgetApplication(UUID applicationId) {
    indexes.forgetApplication(applicationId);
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
    fences(applicationId, collection)
        .ifPresent(fences -> fences.forEachContaining(lat, lon, wanted, found));
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
    fences(applicationId, collection)
        .ifPresent(fences -> fences.forEachIntersecting(lat0, lon0, lat1, lon1, wanted, found));
  }

  /** The collection's fences, if any; 503 when this node may have missed changes. */
  private Optional<FenceIndex<StoredEntity>> fences(UUID applicationId, String collection) {
    feed.requireFresh();
    return indexes.fences(new Key(applicationId, collection));
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
    Optional<PointIndex<StoredEntity>> points = indexes.points(new Key(applicationId, collection));
    if (points.isEmpty()) {
      return Optional.empty();
    }
    feed.requireFresh();
    return Optional.of(
        points.get().nearest(lat, lon, meters, afterMeters, afterId, filter, limit).stream()
            .map(near -> new Nearby(near.value(), near.meters()))
            .toList());
  }

  /**
   * How many fences and points this node holds for a collection (points: once fully loaded), for
   * operators and tests.
   */
  public Map<String, Integer> sizes(UUID applicationId, String collection) {
    return indexes.sizes(new Key(applicationId, collection));
  }

  /** Fences held in memory on this node, over every collection. */
  public long fenceCount() {
    return indexes.fenceCount();
  }

  /** Points held in memory on this node, over every fully loaded geo-hot collection. */
  public long pointCount() {
    return indexes.pointCount();
  }

  @Override
  public void close() {
    loader.close();
  }
}
