package io.meridian.core.entity;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.connection.ConnectionRef;
import io.meridian.core.connection.ConnectionStore;
import io.meridian.core.connection.Direction;
import io.meridian.core.entity.Pager.Candidate;
import io.meridian.core.entity.Pager.Source;
import io.meridian.core.index.EntityIndex;
import io.meridian.core.index.IndexPipeline;
import io.meridian.core.index.IndexQuery;
import io.meridian.core.query.CompiledQuery;
import io.meridian.core.query.Cursors;
import io.meridian.core.query.QueryLanguage;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;

/**
 * Queries and listings, a page at a time. Where the candidates come from depends on the query: a
 * query that filters or orders asks the index; a plain listing of a collection or of a connection
 * reads Cassandra's listing (newest first). Either way Cassandra supplies the entities, so a page
 * never holds a deleted entity or an outdated version:
 *
 * <ul>
 *   <li>a candidate whose entity is gone is skipped;
 *   <li>a hit the index holds at an older version than Cassandra's is re-checked against the
 *       current entity with the query's own matcher (and re-indexed);
 *   <li>skipped candidates are made up for by reading further, so a page is short only at the end
 *       of the results.
 * </ul>
 *
 * <p>Cursors are keyset positions bound to the query ({@link Cursors}): paging costs the same on
 * page 50 as on page 1, and each entity comes once in order.
 */
public final class EntityQueries {
  public static final int DEFAULT_LIMIT = 10;
  public static final int MAX_LIMIT = 1000;

  /** A connection query searches the index among at most this many connected entities. */
  public static final int MAX_CONNECTION_SCOPE = 10_000;

  private final EntityStore store;
  private final ConnectionStore connections;
  private final EntityIndex index;
  private final QueryLanguage language;
  private final Pager pager;
  private final GeoQueries geo;
  private final int maxBatchPoints;

  /**
   * @param maxRadiusMeters the largest {@code within} radius a query may ask for
   * @param maxBatchPoints the most points one batch lookup ({@link #containingEach}) may ask about
   */
  public EntityQueries(
      EntityStore store,
      ConnectionStore connections,
      EntityIndex index,
      IndexPipeline pipeline,
      QueryLanguage language,
      Cursors cursors,
      GeoLookups geoLookups,
      double maxRadiusMeters,
      int maxBatchPoints) {
    this.store = store;
    this.connections = connections;
    this.index = index;
    this.language = language;
    this.pager = new Pager(store, pipeline, cursors);
    this.geo = new GeoQueries(geoLookups, cursors, maxRadiusMeters);
    this.maxBatchPoints = maxBatchPoints;
  }

  /**
   * A page of a collection: its listing, or the entities matching {@code ql} in its order. A
   * collection that never held an entity is an empty one, as in Usergrid, and costs no search (its
   * cursor is still checked).
   */
  public QueryPage query(
      ApplicationRef app, CollectionName collection, String ql, int limit, String cursor) {
    requireLimit(limit);
    CompiledQuery query = compile(ql);
    String plural = collection.plural();
    Predicate<StoredEntity> inCollection = entity -> entity.collection().equals(plural);
    String key = String.join("|", "collection", app.id().toString(), plural, query.canonical());
    if (!store.hasCollection(app.id(), plural)) {
      return pager.page(app, query, inCollection, (after, size) -> List.of(), key, limit, cursor);
    }
    Optional<QueryPage> inMemory = geo.page(app, plural, query, key, limit, cursor);
    if (inMemory.isPresent()) {
      return inMemory.get();
    }
    if (!usesIndex(query)) {
      String listingKey = String.join("|", "collection", app.id().toString(), plural, "listing");
      Source listing =
          (after, size) ->
              Candidate.listed(store.list(app.id(), plural, Candidate.listedAfter(after), size));
      return pager.page(app, query, inCollection, listing, listingKey, limit, cursor);
    }
    Source search =
        (after, size) ->
            hits(
                new IndexQuery(
                    app.id(), Optional.of(plural), Optional.empty(), query, size, after));
    return pager.page(app, query, inCollection, search, key, limit, cursor);
  }

  /**
   * The fences of a collection containing each point, for many points at once: per point, at most
   * {@code limit} fences matching {@code ql} (which may filter and order, but not name a point of
   * its own), in its order. A point with more fences than that gets the first {@code limit}; to
   * page further, ask for that point alone as a query ({@code geometry contains lat, lon and ...}).
   */
  public List<QueryPage> containingEach(
      ApplicationRef app, CollectionName collection, List<double[]> points, String ql, int limit) {
    requireBatchPoints(points.size());
    requireLimit(limit);
    CompiledQuery query = compile(ql);
    GeoQueries.refusePointContainment(query);
    String plural = collection.plural();
    List<QueryPage> pages = new ArrayList<>(points.size());
    if (!store.hasCollection(app.id(), plural)) {
      points.forEach(point -> pages.add(new QueryPage(List.of(), query.projection(), null)));
      return pages;
    }
    for (double[] point : points) {
      pages.add(
          geo.containing(app, plural, query, point[0], point[1], limit, List.of(), k -> null));
    }
    return pages;
  }

  /** 400 for a batch lookup of more points than one may ask about. */
  public void requireBatchPoints(int count) {
    if (count > maxBatchPoints) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "A batch lookup sends at most " + maxBatchPoints + " points, got " + count);
    }
  }

  /**
   * A page of an entity's connections under a verb ({@code OUT}: what it connects to; {@code IN}:
   * what connects to it): newest first, or the connected entities matching {@code ql}.
   */
  public QueryPage connected(
      ApplicationRef app,
      StoredEntity entity,
      Direction direction,
      String verb,
      String ql,
      int limit,
      String cursor) {
    return connected(app, entity, direction, verb, Optional.empty(), ql, limit, cursor);
  }

  /**
   * {@link #connected} among the connected entities of one collection only ({@code GET
   * /users/fred/likes/dogs}), when {@code of} names one.
   */
  public QueryPage connected(
      ApplicationRef app,
      StoredEntity entity,
      Direction direction,
      String verb,
      Optional<CollectionName> of,
      String ql,
      int limit,
      String cursor) {
    requireLimit(limit);
    CompiledQuery query = compile(ql);
    GeoQueries.refusePointContainment(query);
    String base = String.join("|", "connection", app.id().toString(), entity.uuid().toString());
    Optional<String> collection = of.map(CollectionName::plural);
    // A cursor is bound to the collection it pages, when there is one.
    String scopeKey =
        String.join("|", base, direction.name(), verb)
            + collection.map(plural -> "|" + plural).orElse("");
    Predicate<StoredEntity> any =
        found -> collection.isEmpty() || collection.get().equals(found.collection());
    if (!usesIndex(query)) {
      String key = scopeKey + "|listing";
      Source listing =
          (after, size) ->
              connectedCandidates(
                  connections.list(
                      app.id(),
                      entity.uuid(),
                      direction,
                      verb,
                      Candidate.listedAfter(after),
                      size));
      return pager.page(app, query, any, listing, key, limit, cursor);
    }
    Set<UUID> scope = connectedScope(app.id(), entity.uuid(), direction, verb);
    String key = scopeKey + "|" + query.canonical();
    Source search =
        (after, size) ->
            hits(new IndexQuery(app.id(), collection, Optional.of(scope), query, size, after));
    return pager.page(app, query, any, search, key, limit, cursor);
  }

  /** Whether the application ever held an entity of the collection. */
  public boolean hasCollection(ApplicationRef app, CollectionName collection) {
    return store.hasCollection(app.id(), collection.plural());
  }

  /**
   * Follows a verb from the entities a query selects (Usergrid's matrix form, {@code
   * /users;ql=...;limit=5/devices}): the connected entities of each source in turn, newest first,
   * each entity once, at most {@code limit}. There is no cursor: page the sources instead.
   */
  public QueryPage traverse(
      ApplicationRef app,
      CollectionName collection,
      String ql,
      int sourceLimit,
      String verb,
      int limit) {
    requireLimit(limit);
    QueryPage sources = query(app, collection, ql, sourceLimit, null);
    Set<UUID> targets = new LinkedHashSet<>();
    for (StoredEntity source : sources.entities()) {
      if (targets.size() >= limit) {
        break;
      }
      for (ConnectionRef ref :
          connections.list(app.id(), source.uuid(), Direction.OUT, verb, Optional.empty(), limit)) {
        if (targets.size() < limit) {
          targets.add(ref.entity());
        }
      }
    }
    Map<UUID, StoredEntity> loaded = store.loadAll(app.id(), targets);
    List<StoredEntity> found = new ArrayList<>(targets.size());
    for (UUID target : targets) {
      StoredEntity entity = loaded.get(target);
      if (entity != null) {
        found.add(entity);
      }
    }
    return new QueryPage(found, Optional.empty(), null);
  }

  /**
   * Parses a query (a 400 if it is malformed or asks for too large a radius) without running it.
   */
  public CompiledQuery compile(String ql) {
    CompiledQuery query = language.compile(ql);
    geo.requireRadius(query);
    return query;
  }

  private static boolean usesIndex(CompiledQuery query) {
    return query.filters() || query.ordered();
  }

  private List<Candidate> hits(IndexQuery query) {
    return index.search(query).hits().stream()
        .map(
            hit ->
                new Candidate(
                    hit.entityId(), hit.sortValues(), hit.version(), hit.distanceMeters()))
        .toList();
  }

  private static List<Candidate> connectedCandidates(List<ConnectionRef> refs) {
    return Candidate.listed(refs.stream().map(ConnectionRef::entity).toList());
  }

  /** The connected entities a connection query may match; a 400 when there are too many. */
  private Set<UUID> connectedScope(UUID app, UUID entity, Direction direction, String verb) {
    Set<UUID> scope = new LinkedHashSet<>();
    Optional<UUID> after = Optional.empty();
    while (true) {
      List<ConnectionRef> page = connections.list(app, entity, direction, verb, after, MAX_LIMIT);
      page.forEach(ref -> scope.add(ref.entity()));
      if (scope.size() > MAX_CONNECTION_SCOPE) {
        throw new MeridianException(
            ErrorCode.ILLEGAL_ARGUMENT,
            "A query over connections searches at most "
                + MAX_CONNECTION_SCOPE
                + " connected entities and '"
                + verb
                + "' has more: list them without a query, or query their collection");
      }
      if (page.size() < MAX_LIMIT) {
        return scope;
      }
      after = Optional.of(page.get(page.size() - 1).entity());
    }
  }

  /** A page size between 1 and {@link #MAX_LIMIT}, else a 400. */
  public static int requireLimit(int limit) {
    if (limit < 1 || limit > MAX_LIMIT) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "limit must be between 1 and " + MAX_LIMIT + ", got " + limit);
    }
    return limit;
  }
}
