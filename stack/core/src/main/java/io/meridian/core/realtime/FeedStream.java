package io.meridian.core.realtime;

import io.meridian.core.realtime.RealtimeHub.Entry;
import io.meridian.core.realtime.RealtimeHub.Listener;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One application's entries on this node: read by the poll up to the horizon, swept for entries
 * that became readable late, and handed to the application's listeners ({@link FeedTap}s). Polled
 * on the hub's one thread; listeners come and go on any.
 */
final class FeedStream {
  private final UUID app;
  private final FeedReading reading;
  private final Map<UUID, FeedStream> streams;
  private final AtomicLong delivered;
  private final AtomicLong late;
  private final List<FeedTap> taps = new CopyOnWriteArrayList<>();

  /** Every entry with a seq up to this was read (or will be found by the sweep). */
  private volatile long horizon;

  /** Positions handed over within the sweep window, by seq. */
  private final TreeMap<Long, Set<UUID>> handed = new TreeMap<>();

  /**
   * The horizon this node started following the application at: the sweep looks only above it,
   * since no listener here takes an entry below it live (a catch-up reads those itself).
   */
  private final long start;

  private long lastSweepNanos = System.nanoTime();
  private boolean closed;

  /**
   * @param streams the hub's streams, which this one leaves with its last listener
   * @param delivered counts the entries handed over
   * @param late counts the entries the sweep found
   */
  FeedStream(
      UUID app,
      FeedReading reading,
      Map<UUID, FeedStream> streams,
      AtomicLong delivered,
      AtomicLong late) {
    this.app = app;
    this.reading = reading;
    this.streams = streams;
    this.delivered = delivered;
    this.late = late;
    this.horizon = reading.horizon();
    this.start = horizon;
  }

  UUID app() {
    return app;
  }

  long horizon() {
    return horizon;
  }

  /**
   * Adds a listener: after {@code resume} when given, still in the feed and not ahead of it (caught
   * up on {@code catchUps}), else after the current horizon, told to reset when it asked for a
   * resume. Null when this stream was closed meanwhile by its last listener: ask the hub for a new
   * one.
   */
  synchronized FeedTap add(Listener listener, Long resume, Executor catchUps) {
    if (closed) {
      return null;
    }
    FeedTap tap;
    if (resume == null) {
      tap = new FeedTap(this, listener, reading, horizon, false);
    } else if (!reading.canResumeAfter(resume)) {
      tap = new FeedTap(this, listener, reading, horizon, true);
    } else {
      tap = new FeedTap(this, listener, reading, resume, false);
      if (resume < horizon) {
        tap.catchUpTo(horizon, catchUps);
      }
    }
    taps.add(tap);
    return tap;
  }

  void poll() {
    long until = reading.horizon();
    if (until > horizon) {
      List<FeedEntry> read = reading.feed().read(app, horizon + 1, until, RealtimeHub.PAGE);
      long reached = read.size() >= RealtimeHub.PAGE ? read.get(read.size() - 1).seq() : until;
      synchronized (this) { // a listener starts either before these entries or after them
        hand(read, false);
        horizon = reached;
      }
    }
    if (System.nanoTime() - lastSweepNanos >= reading.sweepIntervalNanos()) {
      sweep();
      lastSweepNanos = System.nanoTime();
    }
  }

  /** Hands over the entries found late: readable only after their seq had passed the horizon. */
  private void sweep() {
    long to = horizon;
    List<FeedEntry> missed = new ArrayList<>();
    long from = Math.max(to - reading.sweepWindowMicros(), start + 1);
    if (from > to) {
      return;
    }
    for (FeedEntry.Position position : reading.feed().positions(app, from, to)) {
      Set<UUID> seen = handed.get(position.seq());
      if (seen == null || !seen.contains(position.entity())) {
        FeedEntry entry = reading.feed().get(app, position);
        if (entry != null) {
          missed.add(entry);
        }
      }
    }
    if (!missed.isEmpty()) {
      missed.sort((a, b) -> a.position().compareTo(b.position()));
      late.addAndGet(missed.size());
      hand(missed, true);
    }
    handed.headMap(to - 2 * reading.sweepWindowMicros()).clear();
  }

  private void hand(List<FeedEntry> read, boolean late) {
    if (read.isEmpty()) {
      return;
    }
    List<Entry> entries = new ArrayList<>(read.size());
    for (FeedEntry entry : read) {
      handed.computeIfAbsent(entry.seq(), seq -> new HashSet<>(2)).add(entry.entity());
      entries.add(RealtimeHub.parse(entry));
    }
    delivered.addAndGet(entries.size());
    for (FeedTap tap : taps) {
      tap.live(entries, late);
    }
  }

  synchronized void remove(FeedTap tap) {
    taps.remove(tap);
    if (taps.isEmpty()) {
      closed = true;
      streams.remove(app, this);
    }
  }
}
