package io.meridian.core.entity;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import io.meridian.core.common.TimeUuids;
import io.meridian.core.index.IndexPipeline;
import io.meridian.core.query.CompiledQuery;
import io.meridian.core.query.Cursors;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Predicate;

/**
 * Reads one page of results from a source of candidates (index hits or listing rows): loads their
 * entities from Cassandra, keeps those that still belong, and reads further from the same position
 * to make up for those it skipped. The cursor it returns is the position of the last candidate it
 * consumed, signed for the query.
 */
final class Pager {
  /**
   * Rounds of reading further to make up for skipped candidates; beyond, the page comes back short
   * but with a cursor, so nothing is lost (it takes a corrupted index to get there).
   */
  private static final int MAX_ROUNDS = 16;

  /**
   * Where candidates come from: up to {@code size} of them, after a position (empty: the start).
   */
  interface Source {
    List<Candidate> next(List<Object> after, int size);
  }

  /**
   * @param position where the results continue after this candidate
   * @param indexedVersion the version the index matched, or {@link #NOT_INDEXED} for a listing
   * @param distanceMeters the distance from a {@code within}'s centre, or null
   */
  record Candidate(UUID uuid, List<Object> position, long indexedVersion, Double distanceMeters) {
    static final long NOT_INDEXED = Long.MIN_VALUE;

    /** The candidates of a listing (a collection's or a connection's): positioned by uuid. */
    static List<Candidate> listed(List<UUID> uuids) {
      return uuids.stream()
          .map(uuid -> new Candidate(uuid, List.of(uuid.toString()), NOT_INDEXED, null))
          .toList();
    }

    /** Where a listing resumes: one uuid; anything else did not come from this listing. */
    static Optional<UUID> listedAfter(List<Object> position) {
      if (position.isEmpty()) {
        return Optional.empty();
      }
      try {
        UUID after = UUID.fromString((String) position.get(0));
        if (!TimeUuids.isTimeBased(after)) {
          throw new IllegalArgumentException("Listings hold v1 uuids only");
        }
        return Optional.of(after);
      } catch (ClassCastException | IllegalArgumentException e) {
        throw new MeridianException(
            ErrorCode.ILLEGAL_ARGUMENT, "The cursor is not valid for this query");
      }
    }
  }

  private final EntityStore store;
  private final IndexPipeline pipeline;
  private final Cursors cursors;

  Pager(EntityStore store, IndexPipeline pipeline, Cursors cursors) {
    this.store = store;
    this.pipeline = pipeline;
    this.cursors = cursors;
  }

  /**
   * @param belongs whether a loaded entity may be part of the results (e.g. of the collection)
   * @param key names the query, to bind cursors to it
   */
  QueryPage page(
      ApplicationRef app,
      CompiledQuery query,
      Predicate<StoredEntity> belongs,
      Source source,
      String key,
      int limit,
      String cursor) {
    List<Object> position =
        cursor == null || cursor.isEmpty() ? List.of() : cursors.decode(key, cursor);
    List<StoredEntity> accepted = new ArrayList<>(limit);
    Map<UUID, Double> distances = new HashMap<>();
    boolean more = false;
    for (int round = 0; round < MAX_ROUNDS && accepted.size() < limit; round++) {
      int wanted = limit - accepted.size();
      List<Candidate> candidates = source.next(position, wanted + 1);
      more = candidates.size() > wanted;
      List<Candidate> taken = more ? candidates.subList(0, wanted) : candidates;
      Map<UUID, StoredEntity> loaded =
          store.loadAll(app.id(), taken.stream().map(Candidate::uuid).toList());
      for (Candidate candidate : taken) {
        position = candidate.position();
        StoredEntity entity = loaded.get(candidate.uuid());
        if (entity != null && belongs.test(entity) && current(app, query, candidate, entity)) {
          accepted.add(entity);
          if (candidate.distanceMeters() != null) {
            distances.put(entity.uuid(), candidate.distanceMeters());
          }
        }
      }
      if (!more) {
        break;
      }
    }
    return new QueryPage(
        accepted, query.projection(), more ? cursors.encode(key, position) : null, distances);
  }

  /**
   * Whether an entity still belongs in the results: always for a listing; for an index hit, when
   * the index held the current version or the current version still matches. A stale hit is
   * re-indexed on the way (the repairer would get there too, later).
   */
  private boolean current(
      ApplicationRef app, CompiledQuery query, Candidate candidate, StoredEntity entity) {
    if (candidate.indexedVersion() == Candidate.NOT_INDEXED
        || entity.version() <= candidate.indexedVersion()) {
      return true;
    }
    pipeline.index(List.of(entity.toIndexUpsert(app.id())), false);
    return query.matches(Json.parseStoredObject(entity.json()));
  }
}
