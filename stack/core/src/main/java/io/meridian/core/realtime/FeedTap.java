package io.meridian.core.realtime;

import io.meridian.core.realtime.RealtimeHub.Entry;
import io.meridian.core.realtime.RealtimeHub.Listener;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One listener of a {@link FeedStream}: its floor (entries at or below it are not its own) and,
 * when it resumes from a sequence behind the horizon, its catch-up, during which live entries wait.
 */
final class FeedTap implements RealtimeHub.Watch {
  private static final Logger LOG = LoggerFactory.getLogger(RealtimeHub.class);

  private final FeedStream stream;
  private final Listener listener;
  private final FeedReading reading;
  private final long seq;
  private final boolean wasReset;
  private final FeedEntry.Position floor;

  /** Live entries waiting while the catch-up runs; null once live. */
  private List<Entry> pending;

  /** Positions the catch-up handed over near its end, against the sweep's late deliveries. */
  private final Set<FeedEntry.Position> caughtUp = new HashSet<>();

  /**
   * @param seq the sequence the listener starts after
   * @param wasReset whether it asked to resume from a sequence the feed no longer holds
   */
  FeedTap(FeedStream stream, Listener listener, FeedReading reading, long seq, boolean wasReset) {
    this.stream = stream;
    this.listener = listener;
    this.reading = reading;
    this.seq = seq;
    this.wasReset = wasReset;
    this.floor = FeedEntry.Position.after(seq);
  }

  @Override
  public long seq() {
    return seq;
  }

  @Override
  public boolean wasReset() {
    return wasReset;
  }

  /** Reads the feed from {@link #seq} to {@code until} on {@code executor}; live entries wait. */
  void catchUpTo(long until, Executor executor) {
    pending = new ArrayList<>();
    executor.execute(() -> catchUp(seq, until));
  }

  synchronized void live(List<Entry> entries, boolean late) {
    List<Entry> mine = new ArrayList<>(entries.size());
    for (Entry entry : entries) {
      FeedEntry.Position position = entry.feed().position();
      if (late
          ? !caughtUp.contains(position) && position.seq() > floor.seq()
          : position.compareTo(floor) > 0) {
        mine.add(entry);
      }
    }
    if (mine.isEmpty()) {
      return;
    }
    if (pending != null) {
      pending.addAll(mine);
    } else {
      listener.deliver(mine);
    }
  }

  private void catchUp(long from, long until) {
    try {
      long next = from + 1;
      while (next <= until) {
        List<FeedEntry> page = reading.feed().read(stream.app(), next, until, RealtimeHub.PAGE);
        if (page.isEmpty()) {
          break;
        }
        List<Entry> entries = new ArrayList<>(page.size());
        for (FeedEntry entry : page) {
          entries.add(RealtimeHub.parse(entry));
          // the sweep's reach, bound included
          if (entry.seq() >= until - reading.sweepWindowMicros()) {
            synchronized (this) {
              caughtUp.add(entry.position());
            }
          }
        }
        synchronized (this) {
          listener.deliver(entries);
        }
        next = page.get(page.size() - 1).seq() + 1;
      }
    } catch (RuntimeException e) {
      LOG.warn("Resuming a real-time subscription failed: {}", e.toString());
      synchronized (this) {
        listener.reset(stream.horizon());
      }
    }
    synchronized (this) {
      List<Entry> waiting = pending;
      pending = null;
      // The sweep may have found entries late while the catch-up ran and before it read them
      // (on a node's new view of an application, every entry of the sweep window is unhanded):
      // the catch-up delivered those already.
      waiting.removeIf(entry -> caughtUp.contains(entry.feed().position()));
      if (!waiting.isEmpty()) {
        listener.deliver(waiting);
      }
    }
  }

  @Override
  public void close() {
    stream.remove(this);
  }
}
