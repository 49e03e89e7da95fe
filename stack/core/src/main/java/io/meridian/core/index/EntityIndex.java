package io.meridian.core.index;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletionStage;

/**
 * The query index over entities (Elasticsearch in production). Cassandra is the truth: the index
 * only answers "which uuids match", and can always be rebuilt from Cassandra.
 *
 * <p>Versions are external and strictly increasing per entity: an operation whose version is not
 * newer than what the index holds is ignored (reported as {@link IndexResult#stale()}), so replays
 * and out-of-order deliveries are harmless.
 */
public interface EntityIndex {

  /** Creates index templates, indexes and aliases if missing. Idempotent; safe on every start. */
  void ensureSchema();

  /**
   * Applies the operations in one bulk request. Completes normally when the index answered, even if
   * some operations failed (see {@link IndexResult#failed()}); completes exceptionally with {@link
   * IndexUnavailableException} when the index cannot be reached.
   */
  CompletionStage<IndexResult> apply(List<IndexOperation> operations);

  /**
   * As {@link #apply}, and the answer comes only once everything the request applied is visible to
   * searches from every node: the index refreshes the shards (every copy) the operations went to
   * before it answers. One request instead of a bulk and then a refresh of the whole index.
   */
  CompletionStage<IndexResult> applyVisibly(List<IndexOperation> operations);

  /**
   * As {@link #apply}, except that an operation whose version equals the one the index holds is
   * written again: how a rebuild refreshes entries written by older indexing rules, or left behind
   * by a lost document. An older version still loses, so a racing newer write is never undone.
   */
  CompletionStage<IndexResult> rewrite(List<IndexOperation> operations);

  /**
   * The version the index holds for each of the given entities; entities it does not hold (or holds
   * as deleted) are absent from the map.
   */
  CompletionStage<Map<UUID, Long>> indexedVersions(Collection<UUID> entityIds);

  /** Makes every operation applied before this call visible to searches. */
  CompletionStage<Void> refresh();

  /**
   * Runs one page of a query: hits in the query's order (its order by; by distance for a {@code
   * within}; else newest first), the entity uuid breaking ties so that the order is total and
   * {@link IndexQuery#searchAfter()} continues exactly after the previous page.
   *
   * @throws io.meridian.core.common.MeridianException with {@code BAD_REQUEST} for a query the
   *     index rejects, {@link IndexUnavailableException} when the index cannot be reached
   */
  SearchHits search(IndexQuery query);

  /**
   * The application's live (not deleted) entries in uuid order, starting after {@code after}: how
   * an index rebuild finds entries whose entity no longer exists. Each hit's sort values are its
   * uuid.
   */
  SearchHits scan(UUID applicationId, Optional<UUID> after, int size);

  /**
   * How many live entities each collection of the application holds, by stored collection name
   * (collections with none are absent): one aggregation over the application's entries, as exact as
   * the index is current. For the application's description, never a hot path.
   */
  Map<String, Long> counts(UUID applicationId);

  /** True when the last contact with the index succeeded; cheap, never blocks. */
  boolean isAvailable();

  /** Probes the index now (cluster health); used by health endpoints and the repairer. */
  boolean probe();
}
