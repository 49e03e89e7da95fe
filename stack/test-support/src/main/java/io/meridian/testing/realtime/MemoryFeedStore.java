package io.meridian.testing.realtime;

import io.meridian.core.realtime.FeedEntry;
import io.meridian.core.realtime.FeedStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * {@link FeedStore} in memory with {@code CassandraFeedStore}'s shape: an application's entries in
 * buckets of one second of sequence, ordered in a bucket by seq then entity (Cassandra's byte order
 * of uuids, as {@link FeedEntry.Position} compares); an entry written at a position already held
 * replaces it; each entry expires the retention (whole seconds, a TTL) after its append on the
 * clock. A read walks the buckets from {@code from}'s, taking at most {@code limit + 64} entries of
 * each, and stops once it holds {@code limit}, as the CQL does: it may return more than {@code
 * limit} entries, which the feed trims. It can be made unavailable: appends then fail.
 */
public final class MemoryFeedStore implements FeedStore {
  /** Sequences per bucket: a second of microseconds, as in Cassandra. */
  public static final long BUCKET_MICROS = 1_000_000;

  /** What a bucket's read takes beyond the limit, as in Cassandra. */
  public static final int SAME_SEQ_MARGIN = 64;

  private record Row(FeedEntry entry, Instant expires) {}

  private final Clock clock;
  private final Duration ttl;
  private final Map<UUID, NavigableMap<FeedEntry.Position, Row>> rows = new HashMap<>();
  private volatile boolean unavailable;

  public MemoryFeedStore(Clock clock, Duration retention) {
    this.clock = clock;
    this.ttl = Duration.ofSeconds(retention.toSeconds());
  }

  /** Whether appends fail (reads still answer: a test fails the write path alone). */
  public void unavailable(boolean unavailable) {
    this.unavailable = unavailable;
  }

  @Override
  public synchronized CompletionStage<?> append(UUID app, FeedEntry entry) {
    if (unavailable) {
      return CompletableFuture.failedFuture(
          new IllegalStateException("The real-time feed is unavailable"));
    }
    rows.computeIfAbsent(app, id -> new TreeMap<>())
        .put(entry.position(), new Row(entry, clock.instant().plus(ttl)));
    return CompletableFuture.completedFuture(null);
  }

  @Override
  public synchronized List<FeedEntry> read(UUID app, long from, long until, int limit) {
    List<FeedEntry> entries = new ArrayList<>();
    long next = from;
    while (next <= until && entries.size() < limit) {
      List<Row> rest = live(app, next, until);
      if (rest.isEmpty()) {
        break; // the buckets left are empty: Cassandra reads each of them and finds nothing
      }
      long bucket = rest.get(0).entry().seq() / BUCKET_MICROS;
      rest.stream()
          .filter(row -> row.entry().seq() / BUCKET_MICROS == bucket)
          .limit(limit + SAME_SEQ_MARGIN)
          .forEach(row -> entries.add(row.entry()));
      next = (bucket + 1) * BUCKET_MICROS;
    }
    return entries;
  }

  @Override
  public synchronized List<FeedEntry.Position> positions(UUID app, long from, long until) {
    List<FeedEntry.Position> positions = new ArrayList<>();
    for (Row row : live(app, from, until)) {
      positions.add(row.entry().position());
    }
    return positions;
  }

  @Override
  public synchronized FeedEntry get(UUID app, FeedEntry.Position position) {
    Row row = rows.getOrDefault(app, new TreeMap<>()).get(position);
    return row == null || expired(row) ? null : row.entry();
  }

  /** The unexpired entries of an application, in feed order. */
  public synchronized List<FeedEntry> entries(UUID app) {
    return rows.getOrDefault(app, new TreeMap<>()).values().stream()
        .filter(row -> !expired(row))
        .map(Row::entry)
        .toList();
  }

  /** The unexpired rows with {@code from <= seq <= until}, in feed order. */
  private List<Row> live(UUID app, long from, long until) {
    if (from > until) {
      return List.of();
    }
    NavigableMap<FeedEntry.Position, Row> held = rows.getOrDefault(app, new TreeMap<>());
    return held
        .subMap(FeedEntry.Position.after(from - 1), false, FeedEntry.Position.after(until), true)
        .values()
        .stream()
        .filter(row -> !expired(row))
        .toList();
  }

  private boolean expired(Row row) {
    return !clock.instant().isBefore(row.expires());
  }
}
