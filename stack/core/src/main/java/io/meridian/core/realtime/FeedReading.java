package io.meridian.core.realtime;

/**
 * How this node reads the feed: its source, and the windows {@link RealtimeHub} documents (the
 * settle window that orders entries across nodes, and the sweep's reach and interval).
 */
record FeedReading(
    FeedSource feed, long settleMicros, long sweepWindowMicros, long sweepIntervalNanos) {
  /** Entries are read up to this sequence: later ones may not all be readable yet. */
  long horizon() {
    return feed.now() - settleMicros;
  }

  /** Whether the feed still holds every entry after {@code seq}. */
  boolean retains(long seq) {
    return seq >= feed.now() - feed.retention().toNanos() / 1000 + settleMicros;
  }
}
