package io.meridian.core.geo;

import static io.meridian.core.entity.GeoLookups.FENCE_PROPERTY;
import static io.meridian.core.entity.GeoLookups.LOCATION_PROPERTY;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.Json;
import io.meridian.core.entity.StoredEntity;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The geo indexes this node holds, by collection: the fences of every collection that holds fences
 * and the points of every geo-hot collection, each index holding the entities it answers with.
 * Whoever brings an entity (its writer on this node, the feed, a load) applies it here, and the
 * entity's content decides where it goes: a fence, a point, both or neither. The indexes keep the
 * newest version of each entity, so the same write arriving twice, or late, changes nothing.
 *
 * <p>Threads: lookups read the indexes lock-free; each index takes one writer at a time.
 */
final class CollectionIndexes {
  record Key(UUID applicationId, String collection) {}

  /** One collection's indexes. */
  static final class Held {
    final FenceIndex<StoredEntity> fences = new FenceIndex<>();

    /** Written to while a geo-hot collection loads; queries use {@link #points} only. */
    volatile PointIndex<StoredEntity> loadingPoints;

    /** Non-null once the collection is geo-hot and fully loaded. */
    volatile PointIndex<StoredEntity> points;

    volatile boolean hot;
  }

  /** An entity with what its content makes it: a fence (shape), a point, both or neither. */
  private record Parsed(StoredEntity entity, FenceShape shape, double[] point) {}

  private final ConcurrentMap<Key, Held> held = new ConcurrentHashMap<>();

  /** Collections known to be registered in Cassandra as holding fences. */
  private final Set<Key> fenceCollections = ConcurrentHashMap.newKeySet();

  /** The collection's indexes, made empty on first use. */
  Held holder(Key key) {
    return held.computeIfAbsent(key, k -> new Held());
  }

  boolean isHot(Key key) {
    Held holder = held.get(key);
    return holder != null && holder.hot;
  }

  /** The collection's fences, if this node holds any index of it. */
  Optional<FenceIndex<StoredEntity>> fences(Key key) {
    Held holder = held.get(key);
    return holder == null ? Optional.empty() : Optional.of(holder.fences);
  }

  /** The collection's points, once it is geo-hot and fully loaded here. */
  Optional<PointIndex<StoredEntity>> points(Key key) {
    Held holder = held.get(key);
    return holder == null ? Optional.empty() : Optional.ofNullable(holder.points);
  }

  /** Remembers that the collection holds fences; true the first time. */
  boolean addFenceCollection(Key key) {
    return fenceCollections.add(key);
  }

  /** Drops every index of a deleted application. */
  void forgetApplication(UUID applicationId) {
    held.keySet().removeIf(key -> key.applicationId().equals(applicationId));
    fenceCollections.removeIf(key -> key.applicationId().equals(applicationId));
  }

  /**
   * Puts each entity in (or takes it out of) each index of its collection, by its content, as one
   * batch per index: a load or a page of the feed publishes one version of each index, not one per
   * entity.
   */
  void applyAll(Key key, Collection<StoredEntity> batch) {
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

  /** Takes a deleted entity out of every index of its collection. */
  void remove(Key key, UUID uuid, long version) {
    Held holder = held.get(key);
    if (holder != null) {
      holder.fences.remove(uuid, version);
      pointIndexes(holder).forEach(points -> points.remove(uuid, version));
    }
  }

  /** The newest version of the entity in the collection's indexes, or {@code Long.MIN_VALUE}. */
  long heldVersion(Key key, UUID uuid) {
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

  /** How many fences and points the collection's indexes hold (points: once fully loaded). */
  Map<String, Integer> sizes(Key key) {
    Held holder = held.get(key);
    if (holder == null) {
      return Map.of("fences", 0, "points", 0);
    }
    PointIndex<StoredEntity> points = holder.points;
    return Map.of("fences", holder.fences.size(), "points", points == null ? 0 : points.size());
  }

  long fenceCount() {
    long count = 0;
    for (Held holder : held.values()) {
      count += holder.fences.size();
    }
    return count;
  }

  long pointCount() {
    long count = 0;
    for (Held holder : held.values()) {
      PointIndex<StoredEntity> points = holder.points;
      count += points == null ? 0 : points.size();
    }
    return count;
  }

  /** Whether an entity (possibly null) is a fence: its geometry is a Polygon or MultiPolygon. */
  static boolean isFence(StoredEntity entity) {
    if (entity == null || !entity.json().contains("\"" + FENCE_PROPERTY + "\"")) {
      return false; // most entities: no parse
    }
    JsonNode geometry = Json.parseStoredObject(entity.json()).get(FENCE_PROPERTY);
    return FenceShape.parse(geometry) != null;
  }

  /** The point indexes a change goes to: the one loading and the one queries use. */
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
}
