package io.meridian.core.entity;

import io.meridian.core.query.Projection;
import java.util.List;
import java.util.Optional;

/**
 * One page of a query's results.
 *
 * @param projection the query's selected fields; empty for whole entities
 * @param cursor where the next page starts, or null when this page is the last
 */
public record QueryPage(
    List<StoredEntity> entities, Optional<Projection> projection, String cursor) {
  public QueryPage {
    entities = List.copyOf(entities);
  }
}
