package io.meridian.index.elasticsearch;

import co.elastic.clients.elasticsearch._types.aggregations.Aggregate;
import co.elastic.clients.elasticsearch._types.aggregations.StringTermsBucket;
import co.elastic.clients.elasticsearch.core.SearchRequest;
import co.elastic.clients.elasticsearch.core.SearchResponse;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

/**
 * The live entities of an application per collection: one terms aggregation over its entries, no
 * hits fetched.
 */
final class CollectionCounts {
  private static final String AGGREGATION = "collections";

  /** More collections than any application holds; beyond, the smallest are left out. */
  private static final int MAX_COLLECTIONS = 10_000;

  private CollectionCounts() {}

  static SearchRequest request(String index, UUID applicationId) {
    return SearchRequest.of(
        s ->
            s.index(index)
                .size(0)
                .trackTotalHits(t -> t.enabled(false))
                .query(QueryTranslator.application(applicationId))
                .aggregations(
                    AGGREGATION,
                    a -> a.terms(t -> t.field(IndexSchema.COLLECTION).size(MAX_COLLECTIONS))));
  }

  static Map<String, Long> counts(SearchResponse<Void> response) {
    Map<String, Long> counts = new TreeMap<>();
    Aggregate aggregate = response.aggregations().get(AGGREGATION);
    if (aggregate == null || !aggregate.isSterms()) {
      return counts;
    }
    for (StringTermsBucket bucket : aggregate.sterms().buckets().array()) {
      counts.put(bucket.key().stringValue(), bucket.docCount());
    }
    return counts;
  }
}
