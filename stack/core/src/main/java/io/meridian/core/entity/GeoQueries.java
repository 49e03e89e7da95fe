package io.meridian.core.entity;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import io.meridian.core.query.CompiledQuery;
import io.meridian.core.query.Cursors;
import io.meridian.core.query.GeoCondition;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The queries the in-memory geo indexes answer, a page at a time:
 *
 * <ul>
 *   <li>a point containment ({@code geometry contains lat, lon}), always: the fences containing the
 *       point, checked against the rest of the where clause, in the query's order;
 *   <li>a {@code within} on {@code location} without an order by, when this node holds the
 *       collection in memory (geo-hot): nearest first. Its cursors are those of the index's answer
 *       to the same query (the same key and position: distance, then uuid), so paging may move
 *       between a node that holds the collection and one that is still loading it.
 * </ul>
 *
 * Entities come from the indexes, which hold them as written: no Cassandra read.
 */
final class GeoQueries {
  private final GeoLookups lookups;
  private final Cursors cursors;
  private final double maxRadiusMeters;

  GeoQueries(GeoLookups lookups, Cursors cursors, double maxRadiusMeters) {
    this.lookups = lookups;
    this.cursors = cursors;
    this.maxRadiusMeters = maxRadiusMeters;
  }

  /** A 400 for a {@code within} larger than the configured maximum: never a silent cap. */
  void requireRadius(CompiledQuery query) {
    for (GeoCondition condition : query.geoConditions()) {
      if (condition instanceof GeoCondition.Near near && near.meters() > maxRadiusMeters) {
        throw new MeridianException(
            ErrorCode.ILLEGAL_ARGUMENT,
            "A within radius may be at most "
                + format(maxRadiusMeters)
                + " metres, got "
                + format(near.meters()));
      }
    }
  }

  /** Point containment runs over a collection's fences, not over connections. */
  static void refusePointContainment(CompiledQuery query) {
    if (query.geoConditions().stream().anyMatch(GeoCondition.PointInside.class::isInstance)) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "A point containment query runs over a collection: query the fences' collection");
    }
  }

  /** The page, when the in-memory indexes answer this query here; else empty. */
  Optional<QueryPage> page(
      ApplicationRef app,
      String collection,
      CompiledQuery query,
      String key,
      int limit,
      String cursor) {
    Optional<GeoCondition> geo = query.topLevelGeo();
    if (geo.isEmpty()) {
      return Optional.empty();
    }
    if (geo.get() instanceof GeoCondition.PointInside inside) {
      return Optional.of(containing(app, collection, query, inside, key, limit, cursor));
    }
    GeoCondition.Near near = (GeoCondition.Near) geo.get();
    if (query.hasOrderBy() || !near.property().equals(GeoLookups.LOCATION_PROPERTY)) {
      return Optional.empty();
    }
    return nearest(app, collection, query, near, key, limit, cursor);
  }

  private QueryPage containing(
      ApplicationRef app,
      String collection,
      CompiledQuery query,
      GeoCondition.PointInside inside,
      String key,
      int limit,
      String cursor) {
    if (!inside.property().equals(GeoLookups.FENCE_PROPERTY)) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "Point containment tests the '"
              + GeoLookups.FENCE_PROPERTY
              + "' property (a GeoJSON Polygon or MultiPolygon), not '"
              + inside.property()
              + "'");
    }
    return containing(
        app,
        collection,
        query,
        inside.latitude(),
        inside.longitude(),
        limit,
        position(key, cursor),
        sortKey -> cursors.encode(key, sortKey));
  }

  /**
   * The fences containing a point that match the query (whose other conditions and order apply), in
   * its order, after a position; with a cursor made by {@code cursorOf} when more follow.
   */
  QueryPage containing(
      ApplicationRef app,
      String collection,
      CompiledQuery query,
      double lat,
      double lon,
      int limit,
      List<Object> after,
      Function<List<Object>, String> cursorOf) {
    FencePage page = new FencePage(query, limit, after);
    lookups.forEachContaining(app.id(), collection, lat, lon, page::wants, page::offer);
    return page.page(limit, cursorOf);
  }

  private Optional<QueryPage> nearest(
      ApplicationRef app,
      String collection,
      CompiledQuery query,
      GeoCondition.Near near,
      String key,
      int limit,
      String cursor) {
    List<Object> after = position(key, cursor);
    double afterMeters = 0;
    UUID afterId = null;
    if (!after.isEmpty()) {
      if (after.size() != 2
          || !(after.get(0) instanceof Number meters)
          || !(after.get(1) instanceof String uuid)) {
        throw invalidCursor();
      }
      afterMeters = meters.doubleValue();
      afterId = parseUuid(uuid);
    }
    Predicate<StoredEntity> filter =
        query.onlyTopLevelGeo()
            ? entity -> true
            : entity -> query.matches(Json.parseStoredObject(entity.json()));
    Optional<List<GeoLookups.Nearby>> found =
        lookups.nearest(
            app.id(),
            collection,
            near.latitude(),
            near.longitude(),
            near.meters(),
            afterMeters,
            afterId,
            filter,
            limit + 1);
    if (found.isEmpty()) {
      return Optional.empty();
    }
    List<GeoLookups.Nearby> all = found.get();
    boolean more = all.size() > limit;
    List<GeoLookups.Nearby> page = more ? all.subList(0, limit) : all;
    Map<UUID, Double> distances = new HashMap<>();
    page.forEach(nearby -> distances.put(nearby.entity().uuid(), nearby.meters()));
    String next = null;
    if (more) {
      GeoLookups.Nearby last = page.get(page.size() - 1);
      next = cursors.encode(key, List.of(last.meters(), last.entity().uuid().toString()));
    }
    return Optional.of(
        new QueryPage(
            page.stream().map(GeoLookups.Nearby::entity).toList(),
            query.projection(),
            next,
            distances));
  }

  private List<Object> position(String key, String cursor) {
    return cursor == null || cursor.isEmpty() ? List.of() : cursors.decode(key, cursor);
  }

  private static UUID parseUuid(String text) {
    try {
      return UUID.fromString(text);
    } catch (IllegalArgumentException e) {
      throw invalidCursor();
    }
  }

  private static MeridianException invalidCursor() {
    return new MeridianException(
        ErrorCode.ILLEGAL_ARGUMENT, "The cursor is not valid for this query");
  }

  private static String format(double meters) {
    return meters == Math.rint(meters) ? Long.toString((long) meters) : Double.toString(meters);
  }
}
