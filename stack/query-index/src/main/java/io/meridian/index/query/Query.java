package io.meridian.index.query;

import io.meridian.core.query.Projection;
import java.util.List;
import java.util.Optional;

/**
 * A parsed query.
 *
 * @param projection the selected fields; empty for {@code select *}
 * @param where the filter, empty for "every entity of the collection"
 * @param orderBy explicit sort keys; empty means the default order (by distance for a {@code
 *     within}, else newest first)
 */
public record Query(
    Optional<Projection> projection, Optional<Condition> where, List<Order> orderBy) {

  public Query {
    orderBy = List.copyOf(orderBy);
  }

  /** The query that a blank query text means: {@code select *}. */
  public static Query selectAll() {
    return new Query(Optional.empty(), Optional.empty(), List.of());
  }

  public record Order(String property, Direction direction) {}

  public enum Direction {
    ASC,
    DESC
  }
}
