package io.meridian.core.realtime;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.Concurrently;
import io.meridian.core.entity.EntityWriteObserver;
import io.meridian.core.entity.StoredEntity;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The real-time feed: every acknowledged entity write of an application with the entity before and
 * after it, and the upstream events of its devices, kept for the retention ({@link FeedStore}).
 * Writers append after Cassandra acknowledged the entity and before the client's request returns,
 * so every acknowledged write has its entry; readers (every node with subscribers, and any node a
 * client resumes on) read an application's entries in sequence order.
 *
 * <p>An entry's sequence is taken from this node's clock in microseconds right before its insert,
 * never twice the same on one node; entries of two nodes may share one, and are then ordered by
 * entity ({@link FeedEntry.Position}).
 */
public final class RealtimeFeed implements EntityWriteObserver, FeedSource {
  private final FeedStore store;
  private final Clock clock;
  private final Duration retention;
  private final AtomicLong lastSeq = new AtomicLong();

  public RealtimeFeed(FeedStore store, Clock clock, Duration retention) {
    this.store = store;
    this.clock = clock;
    this.retention = retention;
  }

  /** How long entries are kept. */
  @Override
  public Duration retention() {
    return retention;
  }

  /** Now on this node's clock, in the unit of sequences. */
  @Override
  public long now() {
    return Math.multiplyExact(clock.millis(), 1000L);
  }

  /** Every acknowledged write has its entry before the client hears of it. */
  @Override
  public void afterWrites(ApplicationRef app, String collection, List<EntityWrite> writes) {
    append(app.id(), collection, writes);
  }

  /**
   * Appends one entry per write, concurrently; durable when it returns. Each entry's seq is taken
   * right before its own append, so that it is never far behind the moment it becomes readable.
   */
  public void append(UUID app, String collection, List<EntityWrite> writes) {
    Concurrently.map(
        writes,
        Concurrently.DEFAULT_WINDOW,
        write -> {
          StoredEntity any = write.after() != null ? write.after() : write.before();
          return store.append(
              app,
              new FeedEntry(
                  nextSeq(),
                  any.uuid(),
                  collection,
                  any.name(),
                  write.version(),
                  write.after() == null ? null : write.after().json(),
                  write.before() == null ? null : write.before().json()));
        });
  }

  /**
   * Appends a device's upstream event: an entry of the device's entity (unchanged: {@code body} and
   * {@code previous} are both its JSON) carrying the event. Durable when it returns.
   */
  public void appendEvent(UUID app, StoredEntity device, String payload) {
    FeedEntry entry =
        new FeedEntry(
            nextSeq(),
            device.uuid(),
            device.collection(),
            device.name(),
            device.version(),
            device.json(),
            device.json(),
            payload);
    Concurrently.map(List.of(entry), 1, event -> store.append(app, event));
  }

  /** This node's next sequence: its clock, forced above the last one it gave. */
  private long nextSeq() {
    long now = clock.millis() * 1000L + (System.nanoTime() / 1000L) % 1000L;
    return lastSeq.updateAndGet(last -> Math.max(last + 1, now));
  }

  /**
   * The entries with {@code from <= seq <= until}, in feed order, at most {@code limit} (plus those
   * sharing the last one's seq, so a page never splits a seq).
   */
  @Override
  public List<FeedEntry> read(UUID app, long from, long until, int limit) {
    List<FeedEntry> entries = new ArrayList<>(store.read(app, from, until, limit));
    entries.sort((a, b) -> a.position().compareTo(b.position()));
    if (entries.size() > limit) {
      long lastSeq = entries.get(limit - 1).seq();
      int end = limit;
      while (end < entries.size() && entries.get(end).seq() == lastSeq) {
        end++;
      }
      return List.copyOf(entries.subList(0, end));
    }
    return entries;
  }

  /** The positions of the entries with {@code from <= seq <= until}, in no particular order. */
  @Override
  public List<FeedEntry.Position> positions(UUID app, long from, long until) {
    return store.positions(app, from, until);
  }

  /** The entry at a position, if it is still kept. */
  @Override
  public FeedEntry get(UUID app, FeedEntry.Position position) {
    return store.get(app, position);
  }
}
