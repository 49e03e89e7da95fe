package io.meridian.index.query;

import java.util.List;
import java.util.Optional;

/**
 * A parsed query.
 *
 * @param select the projected properties; {@code ["*"]} for all
 * @param where the filter, empty for "every entity of the collection"
 * @param orderBy explicit sort keys; empty means the default order (newest first)
 */
public record Query(List<String> select, Optional<Condition> where, List<Order> orderBy) {
  public static final List<String> ALL = List.of("*");

  public Query {
    select = List.copyOf(select);
    orderBy = List.copyOf(orderBy);
  }

  /** The query that a blank query text means: {@code select *}. */
  public static Query selectAll() {
    return new Query(ALL, Optional.empty(), List.of());
  }

  public record Order(String property, Direction direction) {}

  public enum Direction {
    ASC,
    DESC
  }
}
