package io.meridian.testing.index;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.geo.Distances;
import io.meridian.core.geo.Locations;
import io.meridian.core.index.EntityIndex;
import io.meridian.core.index.IndexOperation;
import io.meridian.core.index.IndexQuery;
import io.meridian.core.index.IndexResult;
import io.meridian.core.index.IndexUnavailableException;
import io.meridian.core.index.SearchHits;
import io.meridian.core.query.CompiledQuery;
import io.meridian.core.query.GeoCondition;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * {@link EntityIndex} in memory with the Elasticsearch index's contract: one document per entity
 * with an external version (an operation not newer than the document is stale; a rewrite of the
 * same version applies), a deletion kept as a tombstone at its version, searches evaluated with the
 * query's own matcher ({@link CompiledQuery#matches}) in its order ({@link CompiledQuery#sortKey},
 * or by distance for a {@code within} without an order by), uuid breaking ties, and {@code
 * searchAfter} continuing after a hit's sort values. Everything applied is searchable at once (a
 * refresh after every bulk).
 *
 * <p>{@link #setAvailable} makes it answer as an unreachable Elasticsearch does; {@link #reject}
 * makes it fail the operations of some entities, as a rejected bulk item.
 */
public final class MemoryEntityIndex implements EntityIndex {
  private record Document(UUID app, String collection, long version, ObjectNode entity) {
    boolean live() {
      return entity != null;
    }
  }

  private record Hit(UUID uuid, long version, List<Object> key, Double meters) {}

  private final Map<UUID, Document> documents = new HashMap<>();
  private final Set<UUID> rejected = new HashSet<>();
  private volatile boolean available = true;
  private int bulks;
  private int refreshes;

  public void setAvailable(boolean available) {
    this.available = available;
  }

  /** Fails every later operation on these entities, until called again with other ones. */
  public synchronized void reject(Collection<UUID> entities) {
    rejected.clear();
    rejected.addAll(entities);
  }

  /** The version held for an entity, live or deleted. */
  public synchronized Optional<Long> version(UUID entity) {
    return Optional.ofNullable(documents.get(entity)).map(Document::version);
  }

  /** Whether the index holds the entity live (not deleted). */
  public synchronized boolean holds(UUID entity) {
    Document document = documents.get(entity);
    return document != null && document.live();
  }

  /** Bulk requests answered (apply, applyVisibly, rewrite) since creation. */
  public synchronized int bulks() {
    return bulks;
  }

  public synchronized int refreshes() {
    return refreshes;
  }

  @Override
  public void ensureSchema() {
    requireAvailable();
  }

  @Override
  public CompletionStage<IndexResult> apply(List<IndexOperation> operations) {
    return bulk(operations, false);
  }

  @Override
  public CompletionStage<IndexResult> applyVisibly(List<IndexOperation> operations) {
    return bulk(operations, false);
  }

  @Override
  public CompletionStage<IndexResult> rewrite(List<IndexOperation> operations) {
    return bulk(operations, true);
  }

  private synchronized CompletionStage<IndexResult> bulk(
      List<IndexOperation> operations, boolean sameVersionApplies) {
    if (!available) {
      return CompletableFuture.failedFuture(unavailable());
    }
    bulks++;
    int applied = 0;
    int stale = 0;
    List<UUID> failed = new ArrayList<>();
    for (IndexOperation operation : operations) {
      Document held = documents.get(operation.entityId());
      if (rejected.contains(operation.entityId())) {
        failed.add(operation.entityId());
      } else if (held != null
          && (sameVersionApplies
              ? operation.version() < held.version()
              : operation.version() <= held.version())) {
        stale++;
      } else {
        ObjectNode entity =
            operation instanceof IndexOperation.Upsert upsert ? upsert.entity().deepCopy() : null;
        documents.put(
            operation.entityId(),
            new Document(
                operation.applicationId(), operation.collection(), operation.version(), entity));
        applied++;
      }
    }
    return CompletableFuture.completedFuture(new IndexResult(applied, stale, failed));
  }

  @Override
  public synchronized CompletionStage<Map<UUID, Long>> indexedVersions(Collection<UUID> ids) {
    if (!available) {
      return CompletableFuture.failedFuture(unavailable());
    }
    Map<UUID, Long> versions = new HashMap<>();
    for (UUID id : ids) {
      Document document = documents.get(id);
      if (document != null && document.live()) {
        versions.put(id, document.version());
      }
    }
    return CompletableFuture.completedFuture(versions);
  }

  @Override
  public synchronized CompletionStage<Void> refresh() {
    if (!available) {
      return CompletableFuture.failedFuture(unavailable());
    }
    refreshes++;
    return CompletableFuture.completedFuture(null);
  }

  @Override
  public synchronized SearchHits search(IndexQuery query) {
    requireAvailable();
    CompiledQuery compiled = query.query();
    Optional<GeoCondition.Near> byDistance =
        compiled.hasOrderBy()
            ? Optional.empty()
            : compiled.geoConditions().stream()
                .filter(GeoCondition.Near.class::isInstance)
                .map(GeoCondition.Near.class::cast)
                .findFirst();
    Comparator<List<Object>> order =
        byDistance.isPresent() ? MemoryEntityIndex::byDistance : compiled::compareSortKeys;
    List<Hit> hits = new ArrayList<>();
    documents.forEach(
        (uuid, document) -> {
          if (document.live()
              && document.app().equals(query.applicationId())
              && query.collection().map(document.collection()::equals).orElse(true)
              && query.scope().map(scope -> scope.contains(uuid)).orElse(true)
              && compiled.matches(document.entity())) {
            hits.add(hit(uuid, document, compiled, byDistance));
          }
        });
    return new SearchHits(
        hits.stream()
            .filter(
                hit ->
                    query.searchAfter().isEmpty()
                        || order.compare(hit.key(), query.searchAfter()) > 0)
            .sorted((left, right) -> order.compare(left.key(), right.key()))
            .limit(query.size())
            .map(hit -> new SearchHits.Hit(hit.uuid(), hit.version(), hit.key(), hit.meters()))
            .toList());
  }

  @Override
  public synchronized Map<String, Long> counts(UUID applicationId) {
    requireAvailable();
    Map<String, Long> counts = new TreeMap<>();
    documents.values().stream()
        .filter(Document::live)
        .filter(document -> document.app().equals(applicationId))
        .forEach(document -> counts.merge(document.collection(), 1L, Long::sum));
    return counts;
  }

  @Override
  public synchronized SearchHits scan(UUID applicationId, Optional<UUID> after, int size) {
    requireAvailable();
    return new SearchHits(
        documents.entrySet().stream()
            .filter(entry -> entry.getValue().live())
            .filter(entry -> entry.getValue().app().equals(applicationId))
            .map(Map.Entry::getKey)
            .filter(
                uuid -> after.isEmpty() || uuid.toString().compareTo(after.get().toString()) > 0)
            .sorted(Comparator.comparing(UUID::toString))
            .limit(size)
            .map(
                uuid ->
                    new SearchHits.Hit(
                        uuid, documents.get(uuid).version(), List.of(uuid.toString()), null))
            .toList());
  }

  @Override
  public boolean isAvailable() {
    return available;
  }

  @Override
  public boolean probe() {
    return available;
  }

  private static Hit hit(
      UUID uuid, Document document, CompiledQuery query, Optional<GeoCondition.Near> byDistance) {
    if (byDistance.isEmpty()) {
      return new Hit(uuid, document.version(), query.sortKey(document.entity()), null);
    }
    GeoCondition.Near near = byDistance.get();
    double[] point = Locations.point(valueAt(document.entity(), near.property()));
    double meters =
        point == null
            ? Double.POSITIVE_INFINITY
            : Distances.meters(near.latitude(), near.longitude(), point[0], point[1]);
    List<Object> key = new ArrayList<>();
    key.add(Double.isFinite(meters) ? meters : null);
    key.add(uuid.toString());
    return new Hit(uuid, document.version(), key, Double.isFinite(meters) ? meters : null);
  }

  /**
   * Nearest first, a missing distance last, then the uuid's text (Elasticsearch's keyword order).
   */
  private static int byDistance(List<Object> left, List<Object> right) {
    Double leftMeters = left.get(0) == null ? null : ((Number) left.get(0)).doubleValue();
    Double rightMeters = right.get(0) == null ? null : ((Number) right.get(0)).doubleValue();
    int byMeters =
        Comparator.nullsLast(Comparator.<Double>naturalOrder()).compare(leftMeters, rightMeters);
    return byMeters != 0 ? byMeters : ((String) left.get(1)).compareTo((String) right.get(1));
  }

  private static JsonNode valueAt(JsonNode node, String path) {
    JsonNode current = node;
    for (String segment : path.split("\\.")) {
      current = current == null ? null : current.get(segment);
    }
    return current;
  }

  private void requireAvailable() {
    if (!available) {
      throw unavailable();
    }
  }

  private static IndexUnavailableException unavailable() {
    return new IndexUnavailableException("The in-memory index is set unavailable", null);
  }
}
