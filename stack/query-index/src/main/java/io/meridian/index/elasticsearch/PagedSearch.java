package io.meridian.index.elasticsearch;

import co.elastic.clients.elasticsearch._types.FieldValue;
import co.elastic.clients.elasticsearch.core.SearchRequest;
import co.elastic.clients.elasticsearch.core.SearchResponse;
import co.elastic.clients.elasticsearch.core.search.Hit;
import io.meridian.core.index.IndexQuery;
import io.meridian.core.index.SearchHits;
import io.meridian.index.query.ParsedQuery;
import io.meridian.index.query.Query;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * One page of hits as an Elasticsearch search request, and its response as {@link SearchHits}.
 * Pages are keyset ({@code search_after}), never offsets: every page costs what the first costs.
 */
final class PagedSearch {
  private final SearchRequest request;
  private final SortKeys sort;

  private PagedSearch(SearchRequest request, SortKeys sort) {
    this.request = request;
    this.sort = sort;
  }

  /**
   * A page of a query. Hits carry versions but no {@code _source} (it is disabled), and no total is
   * counted.
   *
   * @throws io.meridian.core.common.MeridianException with {@code BAD_REQUEST} when {@link
   *     IndexQuery#searchAfter()} does not fit the query's order
   */
  static PagedSearch of(String index, IndexQuery query) {
    Query parsed = ((ParsedQuery) query.query()).query();
    SortKeys sort = SortKeys.of(parsed);
    co.elastic.clients.elasticsearch._types.query_dsl.Query filter =
        QueryTranslator.filter(
            query.applicationId(), query.collection(), query.scope(), parsed.where());
    return new PagedSearch(request(index, filter, sort, query.size(), query.searchAfter()), sort);
  }

  /** A page of an application's live documents in uuid order, after {@code after}. */
  static PagedSearch scan(String index, UUID applicationId, Optional<UUID> after, int size) {
    SortKeys sort = SortKeys.byUuid();
    List<Object> position = after.<List<Object>>map(id -> List.of(id.toString())).orElse(List.of());
    return new PagedSearch(
        request(index, QueryTranslator.application(applicationId), sort, size, position), sort);
  }

  private static SearchRequest request(
      String index,
      co.elastic.clients.elasticsearch._types.query_dsl.Query filter,
      SortKeys sort,
      int size,
      List<Object> position) {
    List<FieldValue> searchAfter = position.isEmpty() ? List.of() : sort.searchAfter(position);
    return SearchRequest.of(
        s -> {
          s.index(index)
              .size(size)
              .version(true)
              .source(src -> src.fetch(false))
              .trackTotalHits(t -> t.enabled(false))
              .query(filter)
              .sort(sort.options());
          if (!searchAfter.isEmpty()) {
            s.searchAfter(searchAfter);
          }
          return s;
        });
  }

  SearchRequest request() {
    return request;
  }

  SearchHits hits(SearchResponse<?> response) {
    List<SearchHits.Hit> hits = new ArrayList<>(response.hits().hits().size());
    for (Hit<?> hit : response.hits().hits()) {
      List<Object> position = sort.cursor(hit.sort());
      hits.add(
          new SearchHits.Hit(
              UUID.fromString(hit.id()), hit.version(), position, sort.distance(position)));
    }
    return new SearchHits(hits);
  }
}
