package io.meridian.core.realtime;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.ClientJson;
import io.meridian.core.common.DaemonThreads;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
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
 * the sequence, in order, once. A sequence older than the retention cannot be served, nor one ahead
 * of every sequence a node could have handed out (beyond {@code now + settle}: another clock's, or
 * made up): the listener is told to reset.
 *
 * <p>An application's reading is a {@link FeedStream}, a listener's place in it a {@link FeedTap}.
 */
public final class RealtimeHub implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(RealtimeHub.class);
  static final int PAGE = 2_000;

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
     * True when the resume point was older than the retention or ahead of the feed: the listener
     * starts after {@link #seq} instead, and should tell its client to reset.
     */
    boolean wasReset();

    @Override
    void close();
  }

  private final FeedReading reading;
  private final Map<UUID, FeedStream> streams = new ConcurrentHashMap<>();
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
    this.reading =
        new FeedReading(
            feed, settle.toNanos() / 1000, sweepWindow.toNanos() / 1000, sweepInterval.toNanos());
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
      FeedStream stream =
          streams.computeIfAbsent(
              app, key -> new FeedStream(key, reading, streams, delivered, late));
      FeedTap tap = stream.add(listener, resume, catchUps);
      if (tap != null) {
        return tap;
      } // else the stream was closed by its last listener meanwhile
    }
  }

  private void pollAll() {
    for (FeedStream stream : streams.values()) {
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
}
