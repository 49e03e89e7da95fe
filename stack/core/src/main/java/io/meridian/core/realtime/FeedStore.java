package io.meridian.core.realtime;

import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletionStage;

/**
 * Where the real-time feed is kept (Cassandra's {@code realtime_feed} in production): an
 * application's entries by sequence, each kept for the feed's retention.
 */
public interface FeedStore {
  /** Appends an entry; durable when the stage completes. */
  CompletionStage<?> append(UUID app, FeedEntry entry);

  /**
   * Entries with {@code from <= seq <= until}, in no particular order: every one of them when there
   * are at most {@code limit}, else at least {@code limit} including every entry of the smallest
   * seqs (the feed pages them in order and never splits a seq).
   */
  List<FeedEntry> read(UUID app, long from, long until, int limit);

  /** The positions of the entries with {@code from <= seq <= until}, in no particular order. */
  List<FeedEntry.Position> positions(UUID app, long from, long until);

  /** The entry at a position, or null when it is not (or no longer) kept. */
  FeedEntry get(UUID app, FeedEntry.Position position);
}
