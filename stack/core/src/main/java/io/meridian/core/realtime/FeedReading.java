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

  /**
   * Whether a listener can resume after {@code seq}: the feed still holds every entry after it, and
   * it is a sequence some node could have handed out. A node hands entries out up to its horizon,
   * {@code now - settle}, and the settle window covers the clocks' skew, so no event ever carried a
   * seq beyond this node's {@code now + settle}: such a resume point is another clock's, another
   * system's or made up, and taken as given it would silently drop every event until this clock
   * reached it.
   */
  boolean canResumeAfter(long seq) {
    long now = feed.now();
    return seq >= now - feed.retention().toNanos() / 1000 + settleMicros
        && seq <= now + settleMicros;
  }
}
