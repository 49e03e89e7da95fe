package io.meridian.core.entity;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.Json;
import io.meridian.core.query.CompiledQuery;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.UUID;
import java.util.function.Function;

/**
 * One page of a point lookup, chosen while the fence index reports the fences around the point: the
 * first {@code limit + 1} in the query's order (one more than the page, to know whether more
 * follow) in a bounded heap, never a sort of them all.
 *
 * <p><b>Newest first for free.</b> Without an order by, the order is {@code created} descending,
 * then the uuid ascending ({@link CompiledQuery#sortKey}): both are fields of {@link StoredEntity},
 * equal to the JSON's by construction, and the uuid's canonical text sorts as its two halves
 * compared unsigned. So a fence is placed without parsing its JSON, and {@link #wants} refuses,
 * before the index tests it exactly, every fence that could no longer enter the page: on 300,000
 * overlapping fences (214 around a point) a page of 25 parses none of them to decide and tests only
 * those that reach the heap. The JSON is parsed only to check the other conditions of the where
 * clause (for fences that could enter the page) and once for the cursor, whose key is the query's
 * own {@link CompiledQuery#sortKey}, so cursors stay exactly those of the general path.
 *
 * <p>With an order by, each fence's key needs its JSON: it is parsed once, then placed the same
 * way. Not thread-safe; one per lookup.
 */
final class FencePage {
  private record Candidate(StoredEntity entity, List<Object> key) {}

  private final CompiledQuery query;
  private final int capacity;
  private final boolean newestFirst;
  private final boolean filters;
  private final Comparator<Candidate> order;

  /** The best {@code capacity} so far, the worst on top. */
  private final PriorityQueue<Candidate> best;

  /** Newest first after a cursor: its position; otherwise unused. */
  private final long afterCreated;

  private final UUID afterUuid;

  /** With an order by, after a cursor: its position; else empty. */
  private final List<Object> after;

  FencePage(CompiledQuery query, int limit, List<Object> after) {
    this.query = query;
    this.capacity = limit + 1;
    this.filters = !query.onlyTopLevelGeo();
    UUID uuid = null;
    long created = 0;
    boolean identityOrder = !query.hasOrderBy();
    if (identityOrder && !after.isEmpty()) {
      query.compareSortKeys(after, after); // a 400 for a position that is not one of this order
      uuid = canonicalUuid(after.get(1));
      if (after.get(0) instanceof Number number && uuid != null) {
        created = number.longValue();
      } else {
        identityOrder = false; // not a position this order makes; let the query judge it
      }
    }
    this.newestFirst = identityOrder;
    this.afterCreated = created;
    this.afterUuid = uuid;
    this.after = identityOrder ? List.of() : after;
    this.order =
        newestFirst
            ? (left, right) -> compareNewestFirst(left.entity(), right.entity())
            : (left, right) -> query.compareSortKeys(left.key(), right.key());
    this.best = new PriorityQueue<>(capacity + 1, order.reversed());
  }

  /**
   * Whether the fence could still enter the page (asked before the exact test): after the cursor,
   * and before the worst of a full heap. Always true with an order by (the key needs the JSON).
   */
  boolean wants(StoredEntity fence) {
    if (!newestFirst) {
      return true;
    }
    if (afterUuid != null && compareToAfter(fence) <= 0) {
      return false;
    }
    return best.size() < capacity || compareNewestFirst(fence, best.peek().entity()) < 0;
  }

  /** A fence that contains the point and that {@link #wants} accepted. */
  void offer(StoredEntity fence) {
    Candidate candidate;
    if (newestFirst) {
      if (filters && !query.matches(Json.parseStoredObject(fence.json()))) {
        return;
      }
      candidate = new Candidate(fence, null);
    } else {
      ObjectNode json = Json.parseStoredObject(fence.json());
      if (filters && !query.matches(json)) {
        return;
      }
      List<Object> key = query.sortKey(json);
      if (!after.isEmpty() && query.compareSortKeys(key, after) <= 0) {
        return;
      }
      candidate = new Candidate(fence, key);
    }
    if (best.size() < capacity) {
      best.add(candidate);
    } else if (order.compare(candidate, best.peek()) < 0) {
      best.poll();
      best.add(candidate);
    }
  }

  /** The page of at most {@code limit}, with a cursor from {@code cursorOf} when more follow. */
  QueryPage page(int limit, Function<List<Object>, String> cursorOf) {
    List<Candidate> sorted = new ArrayList<>(best);
    sorted.sort(order);
    boolean more = sorted.size() > limit;
    List<Candidate> page = more ? sorted.subList(0, limit) : sorted;
    String next = null;
    if (more) {
      Candidate last = page.get(page.size() - 1);
      List<Object> key =
          last.key() != null
              ? last.key()
              : query.sortKey(Json.parseStoredObject(last.entity().json()));
      next = cursorOf.apply(key);
    }
    return new QueryPage(
        page.stream().map(Candidate::entity).toList(), query.projection(), next, Map.of());
  }

  private int compareToAfter(StoredEntity fence) {
    int created = Long.compare(afterCreated, fence.created());
    return created != 0 ? created : compareUuids(fence.uuid(), afterUuid);
  }

  /** {@code created} descending, then the uuid's canonical text ascending. */
  static int compareNewestFirst(StoredEntity left, StoredEntity right) {
    int created = Long.compare(right.created(), left.created());
    return created != 0 ? created : compareUuids(left.uuid(), right.uuid());
  }

  /** As the canonical (lowercase hexadecimal) texts compare: the halves, unsigned. */
  static int compareUuids(UUID left, UUID right) {
    int high = Long.compareUnsigned(left.getMostSignificantBits(), right.getMostSignificantBits());
    return high != 0
        ? high
        : Long.compareUnsigned(left.getLeastSignificantBits(), right.getLeastSignificantBits());
  }

  /** The uuid whose canonical text this is, or null. */
  private static UUID canonicalUuid(Object text) {
    if (!(text instanceof String string)) {
      return null;
    }
    try {
      UUID uuid = UUID.fromString(string);
      return uuid.toString().equals(string) ? uuid : null;
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
