package io.meridian.core.query;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;

/** A parsed query: immutable, thread-safe, cheap to keep for the length of a request. */
public interface CompiledQuery {

  /**
   * The query in a normal form: equal for queries that differ only in spacing, keyword case or
   * operator spelling ({@code gt} and {@code >}). Cursors are bound to it.
   */
  String canonical();

  /** The selected fields; empty for {@code select *}. */
  Optional<Projection> projection();

  /** True when the query has a where clause (a {@code within} counts). */
  boolean filters();

  /** True when results need an order other than the default (an order by, or a within). */
  boolean ordered();

  /**
   * Whether the entity (as the API renders it) satisfies the where clause, with the index's
   * semantics: the check applied to a hit whose index entry is older than the entity.
   */
  boolean matches(ObjectNode entity);

  /** Every geographic condition of the where clause, anywhere in it, in reading order. */
  List<GeoCondition> geoConditions();

  /**
   * The geographic condition an in-memory index can answer: one that is the whole where clause or
   * an operand of a top-level {@code and} (the first such in reading order). The rest of the where
   * clause is then checked with {@link #matches}, which tests the geographic condition too.
   */
  Optional<GeoCondition> topLevelGeo();

  /** True when the where clause is {@link #topLevelGeo()} alone: no other condition to check. */
  boolean onlyTopLevelGeo();

  /** True when the query has an order by. */
  boolean hasOrderBy();

  /**
   * The entity's position in the query's order, for ordering results in memory: the order by keys
   * (else {@code created}, newest first), then the uuid. Only strings, longs, finite doubles,
   * booleans and nulls, so a cursor carries it as JSON.
   */
  List<Object> sortKey(ObjectNode entity);

  /** Compares two {@link #sortKey}s in the query's order (Elasticsearch's: missing values last). */
  int compareSortKeys(List<Object> left, List<Object> right);
}
