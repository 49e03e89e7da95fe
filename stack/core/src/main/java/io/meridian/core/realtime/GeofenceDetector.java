package io.meridian.core.realtime;

import io.meridian.core.entity.GeoLookups;
import io.meridian.core.entity.StoredEntity;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;

/**
 * Tells which geofence events a write of one entity raises against the fences of a collection
 * (docs/realtime.md, "Geofence subscriptions"): Tile38's per-fence semantics over the fences a
 * subscription selects, from this node's in-memory fence index. Pure: no state, no I/O, safe from
 * any thread.
 *
 * <p>For a move from p0 (the position before the write, absent for a creation or an entity that had
 * no location) to p1 (after; absent for a deletion or a removed location), and each selected fence
 * F:
 *
 * <ul>
 *   <li>{@code enter}: F does not contain p0 (or there is none) and contains p1;
 *   <li>{@code inside}: F contains p1, whether or not it contained p0;
 *   <li>{@code exit}: F contains p0 and not p1 (or there is none);
 *   <li>{@code cross}: both exist, F contains neither, and the segment p0→p1 (straight in
 *       longitude/latitude, as fence edges are) meets F;
 *   <li>{@code outside}: p1 exists and no selected fence contains it; once, with no fence.
 * </ul>
 *
 * "Contains" counts the boundary in, as every fence lookup does. A move costs two point lookups
 * and, when {@code cross} is asked and the entity moved, one segment lookup whose cost follows the
 * segment's length in cells ({@code FenceIndex.forEachIntersecting}); a move far from every fence
 * reads a few empty cells.
 */
public final class GeofenceDetector {
  private static final Comparator<GeofenceHit> ORDER =
      Comparator.comparing((GeofenceHit hit) -> hit.fence().uuid())
          .thenComparing(GeofenceHit::detection);

  private final GeoLookups geo;

  public GeofenceDetector(GeoLookups geo) {
    this.geo = Objects.requireNonNull(geo, "geo");
  }

  /**
   * As {@link #detect(UUID, String, Predicate, Set, Position, Position)} on the entities'
   * positions.
   */
  public List<GeofenceHit> detect(
      UUID applicationId,
      String fences,
      Predicate<StoredEntity> fenceFilter,
      Set<GeofenceDetection> detections,
      StoredEntity before,
      StoredEntity after) {
    return detect(
        applicationId, fences, fenceFilter, detections, Position.of(before), Position.of(after));
  }

  /**
   * The events of a move from {@code from} to {@code to} (either null when absent) against the
   * fences of the application's collection {@code fences} that {@code fenceFilter} accepts,
   * restricted to {@code detections}: ordered by fence uuid, then by detection in {@link
   * GeofenceDetection}'s order, the {@code outside} event last. {@code fenceFilter} sees fences as
   * the index holds them, only those near the move, each once per call (a fence query parses the
   * fence's JSON).
   *
   * @throws io.meridian.core.common.MeridianException 503 when this node's fence index may be stale
   */
  public List<GeofenceHit> detect(
      UUID applicationId,
      String fences,
      Predicate<StoredEntity> fenceFilter,
      Set<GeofenceDetection> detections,
      Position from,
      Position to) {
    boolean enter = detections.contains(GeofenceDetection.ENTER);
    boolean inside = detections.contains(GeofenceDetection.INSIDE);
    boolean exit = detections.contains(GeofenceDetection.EXIT);
    boolean cross = detections.contains(GeofenceDetection.CROSS) && from != null && to != null;
    boolean outside = detections.contains(GeofenceDetection.OUTSIDE);
    Predicate<StoredEntity> selected = new Memo(fenceFilter);
    Found before =
        from != null && (enter || exit || cross)
            ? containing(applicationId, fences, selected, from)
            : Found.NONE;
    Found after =
        to != null && (enter || inside || exit || cross || outside)
            ? containing(applicationId, fences, selected, to)
            : Found.NONE;
    List<GeofenceHit> hits = new ArrayList<>(0);
    for (StoredEntity fence : after.fences()) {
      if (enter && !before.holds(fence.uuid())) {
        hits.add(new GeofenceHit(GeofenceDetection.ENTER, fence));
      }
      if (inside) {
        hits.add(new GeofenceHit(GeofenceDetection.INSIDE, fence));
      }
    }
    if (exit) {
      for (StoredEntity fence : before.fences()) {
        if (!after.holds(fence.uuid())) {
          hits.add(new GeofenceHit(GeofenceDetection.EXIT, fence));
        }
      }
    }
    if (cross && !samePoint(from, to)) {
      geo.forEachIntersecting(
          applicationId,
          fences,
          from.latitude(),
          from.longitude(),
          to.latitude(),
          to.longitude(),
          fence ->
              !before.holds(fence.uuid()) && !after.holds(fence.uuid()) && selected.test(fence),
          fence -> hits.add(new GeofenceHit(GeofenceDetection.CROSS, fence)));
    }
    hits.sort(ORDER);
    if (outside && to != null && after.fences().isEmpty()) {
      hits.add(new GeofenceHit(GeofenceDetection.OUTSIDE, null));
    }
    return hits;
  }

  private Found containing(
      UUID applicationId, String fences, Predicate<StoredEntity> filter, Position point) {
    List<StoredEntity> found = new ArrayList<>(0);
    geo.forEachContaining(
        applicationId, fences, point.latitude(), point.longitude(), filter, found::add);
    return found.isEmpty() ? Found.NONE : new Found(found);
  }

  /** A filter that decides each fence (as one lookup version holds it) once per call. */
  private static final class Memo implements Predicate<StoredEntity> {
    private final Predicate<StoredEntity> filter;
    private IdentityHashMap<StoredEntity, Boolean> decided;

    Memo(Predicate<StoredEntity> filter) {
      this.filter = filter;
    }

    @Override
    public boolean test(StoredEntity fence) {
      if (decided == null) {
        decided = new IdentityHashMap<>();
      }
      Boolean known = decided.get(fence);
      if (known == null) {
        known = filter.test(fence);
        decided.put(fence, known);
      }
      return known;
    }
  }

  /**
   * The fences containing one point, usually a handful (compared one by one), but some hundreds
   * where fences pile up (then through a set of their uuids).
   */
  private static final class Found {
    static final Found NONE = new Found(List.of());
    private static final int LIST_LIMIT = 16;

    private final List<StoredEntity> fences;
    private final Set<UUID> uuids;

    Found(List<StoredEntity> fences) {
      this.fences = fences;
      if (fences.size() > LIST_LIMIT) {
        uuids = new HashSet<>();
        fences.forEach(fence -> uuids.add(fence.uuid()));
      } else {
        uuids = null;
      }
    }

    List<StoredEntity> fences() {
      return fences;
    }

    boolean holds(UUID uuid) {
      if (uuids != null) {
        return uuids.contains(uuid);
      }
      for (StoredEntity fence : fences) {
        if (fence.uuid().equals(uuid)) {
          return true;
        }
      }
      return false;
    }
  }

  private static boolean samePoint(Position a, Position b) {
    return a.latitude() == b.latitude() && a.longitude() == b.longitude();
  }
}
