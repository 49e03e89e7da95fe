package io.meridian.core.index;

import io.meridian.core.query.CompiledQuery;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * One page of a query over an application's entities.
 *
 * @param collection the collection's canonical (plural) name; empty to search every collection
 *     (connection queries, whose targets may be of any type)
 * @param scope when present, only these entities can match (a connection query's targets)
 * @param size how many hits to return at most (1..1001: a page plus one to know if more follow)
 * @param searchAfter the sort values of the last hit of the previous page ({@link
 *     SearchHits.Hit#sortValues()}); empty for the first page
 */
public record IndexQuery(
    UUID applicationId,
    Optional<String> collection,
    Optional<Set<UUID>> scope,
    CompiledQuery query,
    int size,
    List<Object> searchAfter) {
  public IndexQuery {
    scope = scope.map(Set::copyOf);
    searchAfter =
        searchAfter == null
            ? List.of()
            : Collections.unmodifiableList(new ArrayList<>(searchAfter));
  }

  /** The first page of a query over one collection. */
  public static IndexQuery of(
      UUID applicationId, String collection, CompiledQuery query, int size) {
    return new IndexQuery(
        applicationId, Optional.of(collection), Optional.empty(), query, size, List.of());
  }
}
