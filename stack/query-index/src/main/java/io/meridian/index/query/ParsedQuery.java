package io.meridian.index.query;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.query.CompiledQuery;
import io.meridian.core.query.Projection;
import java.util.Optional;

/**
 * A {@link CompiledQuery} backed by the parser's tree; what the Elasticsearch index translates.
 * Immutable: the canonical form and the ordering flag are computed once, here.
 */
public final class ParsedQuery implements CompiledQuery {
  private final Query query;
  private final String canonical;
  private final boolean ordered;

  ParsedQuery(Query query) {
    this.query = query;
    this.canonical = CanonicalForm.of(query);
    this.ordered =
        !query.orderBy().isEmpty() || query.where().map(ParsedQuery::within).orElse(false);
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

  /** True with an order by, or with a {@code within} anywhere: those sort by distance. */
  @Override
  public boolean ordered() {
    return ordered;
  }

  @Override
  public boolean matches(ObjectNode entity) {
    return query.where().map(where -> QueryMatcher.matches(where, entity)).orElse(true);
  }

  // Placeholders until the query language knows point containment (replaced in this issue).
  @Override
  public java.util.List<io.meridian.core.query.GeoCondition> geoConditions() {
    return java.util.List.of();
  }

  @Override
  public Optional<io.meridian.core.query.GeoCondition> topLevelGeo() {
    return Optional.empty();
  }

  @Override
  public boolean onlyTopLevelGeo() {
    return false;
  }

  @Override
  public boolean hasOrderBy() {
    return !query.orderBy().isEmpty();
  }

  @Override
  public java.util.List<Object> sortKey(ObjectNode entity) {
    throw new IllegalStateException("not yet");
  }

  @Override
  public int compareSortKeys(java.util.List<Object> left, java.util.List<Object> right) {
    throw new IllegalStateException("not yet");
  }

  @Override
  public String toString() {
    return canonical;
  }

  private static boolean within(Condition condition) {
    if (condition instanceof Condition.And and) {
      return and.operands().stream().anyMatch(ParsedQuery::within);
    }
    if (condition instanceof Condition.Or or) {
      return or.operands().stream().anyMatch(ParsedQuery::within);
    }
    if (condition instanceof Condition.Not not) {
      return within(not.operand());
    }
    return condition instanceof Condition.Within;
  }
}
