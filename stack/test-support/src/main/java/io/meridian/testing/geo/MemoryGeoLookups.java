package io.meridian.testing.geo;

import io.meridian.core.entity.GeoLookups;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.geo.Distances;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * {@link GeoLookups} over what a test puts in: fences as latitude/longitude rectangles, and the
 * points of collections it makes geo-hot. The real indexes ({@code GeoIndexes}) hold polygons built
 * from the entities' GeoJSON; a rectangle is enough to test the use cases that page, filter and
 * order what the lookups find. Nothing is held until a test adds it: every collection is cold, as
 * on a node that has not loaded it.
 */
public final class MemoryGeoLookups implements GeoLookups {
  private record Key(UUID app, String collection) {}

  private record Fence(StoredEntity entity, double south, double west, double north, double east) {
    boolean contains(double lat, double lon) {
      return lat >= south && lat <= north && lon >= west && lon <= east;
    }
  }

  private record Point(StoredEntity entity, double lat, double lon) {}

  private final Map<Key, List<Fence>> fences = new HashMap<>();
  private final Map<Key, List<Point>> points = new HashMap<>();

  /** Adds a fence: the rectangle between two corners, its boundary included. */
  public synchronized void addFence(
      UUID app,
      String collection,
      StoredEntity fence,
      double south,
      double west,
      double north,
      double east) {
    fences
        .computeIfAbsent(new Key(app, collection), key -> new ArrayList<>())
        .add(new Fence(fence, south, west, north, east));
  }

  /** Adds an entity's location to a collection, which is geo-hot from then on. */
  public synchronized void addPoint(
      UUID app, String collection, StoredEntity entity, double lat, double lon) {
    points
        .computeIfAbsent(new Key(app, collection), key -> new ArrayList<>())
        .add(new Point(entity, lat, lon));
  }

  @Override
  public synchronized void forEachContaining(
      UUID applicationId,
      String collection,
      double lat,
      double lon,
      Predicate<StoredEntity> wanted,
      Consumer<StoredEntity> found) {
    for (Fence fence : fences.getOrDefault(new Key(applicationId, collection), List.of())) {
      if (wanted.test(fence.entity()) && fence.contains(lat, lon)) {
        found.accept(fence.entity());
      }
    }
  }

  @Override
  public synchronized void forEachIntersecting(
      UUID applicationId,
      String collection,
      double lat0,
      double lon0,
      double lat1,
      double lon1,
      Predicate<StoredEntity> wanted,
      Consumer<StoredEntity> found) {
    for (Fence fence : fences.getOrDefault(new Key(applicationId, collection), List.of())) {
      if (wanted.test(fence.entity()) && meets(fence, lat0, lon0, lat1, lon1)) {
        found.accept(fence.entity());
      }
    }
  }

  @Override
  public synchronized Optional<List<Nearby>> nearest(
      UUID applicationId,
      String collection,
      double lat,
      double lon,
      double meters,
      double afterMeters,
      UUID afterId,
      Predicate<StoredEntity> filter,
      int limit) {
    List<Point> held = points.get(new Key(applicationId, collection));
    if (held == null) {
      return Optional.empty();
    }
    Comparator<Nearby> order =
        Comparator.comparingDouble(Nearby::meters).thenComparing(n -> n.entity().uuid());
    return Optional.of(
        held.stream()
            .map(p -> new Nearby(p.entity(), Distances.meters(lat, lon, p.lat(), p.lon())))
            .filter(nearby -> nearby.meters() <= meters)
            .filter(
                nearby ->
                    afterId == null
                        || nearby.meters() > afterMeters
                        || (nearby.meters() == afterMeters
                            && nearby.entity().uuid().compareTo(afterId) > 0))
            .filter(nearby -> filter.test(nearby.entity()))
            .sorted(order)
            .limit(limit)
            .toList());
  }

  /** Whether the segment meets the rectangle: Liang-Barsky clipping in latitude/longitude. */
  private static boolean meets(Fence fence, double lat0, double lon0, double lat1, double lon1) {
    double[] p = {-(lon1 - lon0), lon1 - lon0, -(lat1 - lat0), lat1 - lat0};
    double[] q = {
      lon0 - fence.west(), fence.east() - lon0, lat0 - fence.south(), fence.north() - lat0
    };
    double enter = 0;
    double leave = 1;
    for (int i = 0; i < 4; i++) {
      if (p[i] == 0) {
        if (q[i] < 0) {
          return false;
        }
      } else if (p[i] < 0) {
        enter = Math.max(enter, q[i] / p[i]);
      } else {
        leave = Math.min(leave, q[i] / p[i]);
      }
    }
    return enter <= leave;
  }
}
