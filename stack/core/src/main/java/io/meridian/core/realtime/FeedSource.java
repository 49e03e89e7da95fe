package io.meridian.core.realtime;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

/** The feed as {@link RealtimeHub} reads it: {@link RealtimeFeed}, or a feed in memory in tests. */
interface FeedSource {
  /** How long entries are kept. */
  Duration retention();

  /** Now on this node's clock, in the unit of sequences. */
  long now();

  /** See {@link RealtimeFeed#read}. */
  List<FeedEntry> read(UUID app, long from, long until, int limit);

  /** See {@link RealtimeFeed#positions}. */
  List<FeedEntry.Position> positions(UUID app, long from, long until);

  /** See {@link RealtimeFeed#get}. */
  FeedEntry get(UUID app, FeedEntry.Position position);
}
