package io.meridian.core.entity;

import io.meridian.core.query.Projection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * One page of a query's results.
 *
 * @param projection the query's selected fields; empty for whole entities
 * @param cursor where the next page starts, or null when this page is the last
 * @param distances for a query by distance ({@code within}), each entity's distance in metres from
 *     the centre
 */
public record QueryPage(
    List<StoredEntity> entities,
    Optional<Projection> projection,
    String cursor,
    Map<UUID, Double> distances) {
  public QueryPage {
    entities = List.copyOf(entities);
    distances = Map.copyOf(distances);
  }

  public QueryPage(List<StoredEntity> entities, Optional<Projection> projection, String cursor) {
    this(entities, projection, cursor, Map.of());
  }
}
