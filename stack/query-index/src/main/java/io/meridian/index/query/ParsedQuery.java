package io.meridian.index.query;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.query.CompiledQuery;
import io.meridian.core.query.GeoCondition;
import io.meridian.core.query.Projection;
import java.util.List;
import java.util.Optional;

/**
 * A {@link CompiledQuery} backed by the parser's tree; what the Elasticsearch index translates.
 * Immutable: the canonical form, the geographic conditions and the orders are computed once, here.
 */
public final class ParsedQuery implements CompiledQuery {
  private final Query query;
  private final String canonical;
  private final List<GeoCondition> geoConditions;
  private final Optional<GeoCondition> topLevelGeo;
  private final boolean ordered;
  private final EntityOrder order;

  ParsedQuery(Query query) {
    this.query = query;
    this.canonical = CanonicalForm.of(query);
    this.geoConditions = query.where().map(GeoConditions::all).orElse(List.of());
    this.topLevelGeo = query.where().flatMap(GeoConditions::topLevel);
    this.ordered =
        !query.orderBy().isEmpty()
            || geoConditions.stream().anyMatch(GeoCondition.Near.class::isInstance);
    this.order = EntityOrder.of(query);
  }

  /** Parses {@code ql}; null or blank means {@code select *}. */
  public static ParsedQuery parse(String ql) {
    return new ParsedQuery(QueryParser.parse(ql));
  }

  public Query query() {
    return query;
  }

  @Override
  public String canonical() {
    return canonical;
  }

  @Override
  public Optional<Projection> projection() {
    return query.projection();
  }

  @Override
  public boolean filters() {
    return query.where().isPresent();
  }

  /**
   * True with an order by, or with a {@code within} anywhere: those sort by distance. A point
   * containment alone keeps the default order, newest first.
   */
  @Override
  public boolean ordered() {
    return ordered;
  }

  @Override
  public boolean matches(ObjectNode entity) {
    return query.where().map(where -> QueryMatcher.matches(where, entity)).orElse(true);
  }

  @Override
  public List<GeoCondition> geoConditions() {
    return geoConditions;
  }

  /**
   * The first point containment that is a conjunct of the where clause, else the first such {@code
   * within}; the operands of an {@code and} in parentheses inside the top-level one count too.
   */
  @Override
  public Optional<GeoCondition> topLevelGeo() {
    return topLevelGeo;
  }

  @Override
  public boolean onlyTopLevelGeo() {
    return query
        .where()
        .filter(w -> w instanceof Condition.Within || w instanceof Condition.PointInside)
        .isPresent();
  }

  @Override
  public boolean hasOrderBy() {
    return !query.orderBy().isEmpty();
  }

  /** See {@link EntityOrder} for the keys and how they mirror Elasticsearch's sort. */
  @Override
  public List<Object> sortKey(ObjectNode entity) {
    return order.key(entity);
  }

  /**
   * @throws io.meridian.core.common.MeridianException with {@code BAD_REQUEST} when a key does not
   *     fit this query's order (wrong length or value types)
   */
  @Override
  public int compareSortKeys(List<Object> left, List<Object> right) {
    return order.compare(left, right);
  }

  @Override
  public String toString() {
    return canonical;
  }
}
