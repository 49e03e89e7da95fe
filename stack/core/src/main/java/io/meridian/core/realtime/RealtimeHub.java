package io.meridian.core.realtime;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.ClientJson;
import io.meridian.core.common.DaemonThreads;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This node's view of the real-time feed: for every application with a listener here, one thread
 * reads the feed every poll interval and hands each entry, parsed once, to every listener.
 *
 * <p><b>Order.</b> A poll reads the entries up to its horizon, {@code now - settle}, and never
 * below the previous horizon again, so entries reach listeners in feed order. The settle window
 * must exceed the time between an entry taking its sequence and becoming readable (one Cassandra
 * insert) plus the clock skew between nodes. An entry that becomes readable later than that (a
 * writer paused mid-insert) is found by the sweep, which re-reads the positions of the last {@code
 * sweepWindow} every {@code sweepInterval}, and is delivered then, out of order and once.
 *
 * <p><b>Resume.</b> A listener that starts from a sequence reads the feed from there up to the
 * horizon on a catch-up thread while live entries wait for it, then goes live: every entry after
 * the sequence, in order, once. A sequence older than the retention cannot be served: the listener
 * is told to reset.
 */
public final class RealtimeHub implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(RealtimeHub.class);
  private static final int PAGE = 2_000;

  /**
   * An entry with the entity before and after the write, parsed once for every listener.
   *
   * @param payload a device event's payload as compact JSON text when it is one JSON value; null
   *     when it is not JSON, or the entry is an entity write
   */
  public record Entry(FeedEntry feed, ObjectNode after, ObjectNode before, String payload) {
    public Entry(FeedEntry feed, ObjectNode after, ObjectNode before) {
      this(feed, after, before, null);
    }
  }

  /** Receives an application's entries; called on one thread at a time, must not block. */
  public interface Listener {
    void deliver(List<Entry> entries);

    /** Entries after the resume point are no longer kept; live entries follow from {@code seq}. */
    void reset(long seq);
  }

  /** A listener's registration. */
  public interface Watch extends AutoCloseable {
    /** The sequence the listener starts after. */
    long seq();

    /**
     * True when the resume point was older than the retention: the listener starts after {@link
     * #seq} instead, and should tell its client to reset.
     */
    boolean wasReset();

    @Override
    void close();
  }

  private final FeedSource feed;
  private final long settleMicros;
  private final long sweepWindowMicros;
  private final long sweepIntervalNanos;
  private final Map<UUID, Stream> streams = new ConcurrentHashMap<>();
  private final ScheduledExecutorService poller;
  private final ExecutorService catchUps;
  private final AtomicLong delivered = new AtomicLong();
  private final AtomicLong late = new AtomicLong();
  private final AtomicLong failedPolls = new AtomicLong();

  public RealtimeHub(
      RealtimeFeed feed,
      Duration interval,
      Duration settle,
      Duration sweepInterval,
      Duration sweepWindow) {
    this((FeedSource) feed, interval, settle, sweepInterval, sweepWindow);
  }

  RealtimeHub(
      FeedSource feed,
      Duration interval,
      Duration settle,
      Duration sweepInterval,
      Duration sweepWindow) {
    this.feed = feed;
    this.settleMicros = settle.toNanos() / 1000;
    this.sweepWindowMicros = sweepWindow.toNanos() / 1000;
    this.sweepIntervalNanos = sweepInterval.toNanos();
    this.poller =
        Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("meridian-realtime-feed"));
    this.catchUps =
        Executors.newFixedThreadPool(2, DaemonThreads.named("meridian-realtime-resume"));
    long micros = interval.toNanos() / 1000;
    poller.scheduleWithFixedDelay(this::pollAll, micros, micros, TimeUnit.MICROSECONDS);
  }

  /** Entries handed to listeners (each entry counted once per application, not per listener). */
  public long entries() {
    return delivered.get();
  }

  /** Entries found by the sweep after their seq had passed. */
  public long lateEntries() {
    return late.get();
  }

  public long failedPolls() {
    return failedPolls.get();
  }

  /** Applications this node follows. */
  public int applications() {
    return streams.size();
  }

  /**
   * Starts handing {@code listener} the application's entries: after {@code resume} when given (a
   * sequence the listener had reached, perhaps on another node), else after the current horizon.
   */
  public Watch watch(UUID app, Listener listener, Long resume) {
    while (true) {
      Stream stream = streams.computeIfAbsent(app, Stream::new);
      synchronized (stream) {
        if (stream.closed) {
          continue; // removed by its last listener meanwhile
        }
        long horizon = stream.horizon;
        Tap tap = new Tap(stream, listener);
        if (resume == null) {
          tap.floor = FeedEntry.Position.after(horizon);
          stream.taps.add(tap);
          tap.seq = horizon;
        } else if (resume < feed.now() - feed.retention().toNanos() / 1000 + settleMicros) {
          tap.floor = FeedEntry.Position.after(horizon);
          stream.taps.add(tap);
          tap.seq = horizon;
          tap.wasReset = true;
        } else {
          tap.floor = FeedEntry.Position.after(resume);
          tap.seq = resume;
          if (resume < horizon) {
            tap.pending = new ArrayList<>();
            long until = horizon;
            catchUps.execute(() -> tap.catchUp(resume, until));
          }
          stream.taps.add(tap);
        }
        return tap;
      }
    }
  }

  private void pollAll() {
    for (Stream stream : streams.values()) {
      try {
        stream.poll();
      } catch (RuntimeException e) {
        failedPolls.incrementAndGet();
        LOG.debug("Polling the real-time feed failed: {}", e.toString());
      }
    }
  }

  static Entry parse(FeedEntry entry) {
    ObjectNode after = entry.body() == null ? null : Json.parseStoredObject(entry.body());
    if (entry.isEvent()) {
      return new Entry(entry, after, after, eventJson(entry.event()));
    }
    return new Entry(
        entry, after, entry.previous() == null ? null : Json.parseStoredObject(entry.previous()));
  }

  /** A device event's payload as compact JSON when it is one JSON value (a device's own bytes). */
  private static String eventJson(String payload) {
    try {
      return Json.write(ClientJson.parse(payload.getBytes(StandardCharsets.UTF_8)));
    } catch (MeridianException e) {
      return null;
    }
  }

  @Override
  public void close() {
    poller.shutdownNow();
    catchUps.shutdownNow();
  }

  /** One application's entries on this node. */
  private final class Stream {
    private final UUID app;
    private final List<Tap> taps = new CopyOnWriteArrayList<>();

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

    Stream(UUID app) {
      this.app = app;
      this.horizon = feed.now() - settleMicros;
      this.start = horizon;
    }

    void poll() {
      long until = feed.now() - settleMicros;
      if (until > horizon) {
        List<FeedEntry> read = feed.read(app, horizon + 1, until, PAGE);
        long reached = read.size() >= PAGE ? read.get(read.size() - 1).seq() : until;
        synchronized (this) { // a listener starts either before these entries or after them
          hand(read, false);
          horizon = reached;
        }
      }
      if (System.nanoTime() - lastSweepNanos >= sweepIntervalNanos) {
        sweep();
        lastSweepNanos = System.nanoTime();
      }
    }

    /** Hands over the entries found late: readable only after their seq had passed the horizon. */
    private void sweep() {
      long to = horizon;
      List<FeedEntry> missed = new ArrayList<>();
      long from = Math.max(to - sweepWindowMicros, start + 1);
      if (from > to) {
        return;
      }
      for (FeedEntry.Position position : feed.positions(app, from, to)) {
        Set<UUID> seen = handed.get(position.seq());
        if (seen == null || !seen.contains(position.entity())) {
          FeedEntry entry = feed.get(app, position);
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
      handed.headMap(to - 2 * sweepWindowMicros).clear();
    }

    private void hand(List<FeedEntry> read, boolean late) {
      if (read.isEmpty()) {
        return;
      }
      List<Entry> entries = new ArrayList<>(read.size());
      for (FeedEntry entry : read) {
        handed.computeIfAbsent(entry.seq(), seq -> new HashSet<>(2)).add(entry.entity());
        entries.add(parse(entry));
      }
      delivered.addAndGet(entries.size());
      for (Tap tap : taps) {
        tap.live(entries, late);
      }
    }

    void remove(Tap tap) {
      synchronized (this) {
        taps.remove(tap);
        if (taps.isEmpty()) {
          closed = true;
          streams.remove(app, this);
        }
      }
    }
  }

  /** One listener: its floor (entries at or below it are not its own) and its catch-up. */
  private final class Tap implements Watch {
    private final Stream stream;
    private final Listener listener;
    private volatile long seq;
    private volatile boolean wasReset;
    private FeedEntry.Position floor;

    /** Live entries waiting while the catch-up runs; null once live. */
    private List<Entry> pending;

    /** Positions the catch-up handed over near its end, against the sweep's late deliveries. */
    private final Set<FeedEntry.Position> caughtUp = new HashSet<>();

    Tap(Stream stream, Listener listener) {
      this.stream = stream;
      this.listener = listener;
    }

    @Override
    public long seq() {
      return seq;
    }

    @Override
    public boolean wasReset() {
      return wasReset;
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

    void catchUp(long from, long until) {
      try {
        long next = from + 1;
        while (next <= until) {
          List<FeedEntry> page = feed.read(stream.app, next, until, PAGE);
          if (page.isEmpty()) {
            break;
          }
          List<Entry> entries = new ArrayList<>(page.size());
          for (FeedEntry entry : page) {
            entries.add(parse(entry));
            if (entry.seq() >= until - sweepWindowMicros) { // the sweep's reach, bound included
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
          listener.reset(stream.horizon);
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
}
