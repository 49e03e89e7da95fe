package io.meridian.core.common;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps state this node derives from the cluster's within a bound of it. Every {@code interval} it
 * reads the events of the last {@code lookback} from the shared log and hands each new one to the
 * listeners (the access feed drops cached access state; the geo feed updates in-memory indexes).
 *
 * <p>Reading a window rather than "after the last id seen" means an event that becomes visible late
 * (a slow replica, a writer's clock a little behind) is still seen; ids already handled are
 * skipped. A request that finds the last successful poll older than {@code maxStaleness} first
 * polls on its own thread (one request polls, the others wait for it): on a node whose CPU is
 * saturated the polling thread gets one share among hundreds of request threads and falls behind,
 * although the log answers at once. Only if that poll fails too does {@link #requireFresh()} refuse
 * the request: a node that cannot see the cluster's changes must not answer as if it did.
 */
public class EventFeed<E> implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(EventFeed.class);

  private final EventLog<E> store;
  private final String name;
  private final Clock clock;
  private final Duration interval;
  private final Duration lookback;
  private final long maxStalenessNanos;
  private final List<Consumer<E>> listeners = new CopyOnWriteArrayList<>();
  private final List<Runnable> pollListeners = new CopyOnWriteArrayList<>();

  /** Ids handled, with when they were published; touched only under {@link #polling}. */
  private final Map<UUID, Instant> handled = new HashMap<>();

  /** One poll at a time, whether the poller's or a request's. */
  private final ReentrantLock polling = new ReentrantLock();

  private final ScheduledExecutorService poller;

  /** When the last successful poll started (System.nanoTime). */
  private volatile long freshAsOfNanos;

  private volatile boolean started;

  /** Whether a poll has ever succeeded; until then there is no staleness to report. */
  private volatile boolean polled;

  /**
   * @param name names the polling thread ({@code meridian-<name>-feed}) and the feed in messages
   */
  public EventFeed(
      String name,
      EventLog<E> store,
      Clock clock,
      Duration interval,
      Duration lookback,
      Duration maxStaleness) {
    this.name = name;
    this.store = store;
    this.poller =
        Executors.newSingleThreadScheduledExecutor(
            DaemonThreads.named("meridian-" + name + "-feed"));
    this.clock = clock;
    this.interval = interval;
    this.lookback = lookback;
    this.maxStalenessNanos = maxStaleness.toNanos();
  }

  public void subscribe(Consumer<E> listener) {
    listeners.add(listener);
  }

  /**
   * Runs {@code listener} on the polling thread after each poll has handed over its new events: for
   * listeners that collect events and act on them together.
   */
  public void afterEachPoll(Runnable listener) {
    pollListeners.add(listener);
  }

  /**
   * Tells every node: this one at once (so a caller sees its own change on its next request, such
   * as the secret a regeneration made), the others at their next poll.
   */
  public void publish(E event) {
    store.publish(event);
    for (Consumer<E> listener : listeners) {
      listener.accept(event);
    }
  }

  /** Polls once now (so a node starts fresh), then every interval. */
  public void start() {
    poll();
    started = true;
    poller.scheduleWithFixedDelay(
        this::pollQuietly, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
  }

  /**
   * Returns at once while the last poll is recent; otherwise catches up first, and answers 503
   * {@code storage_unavailable} only when this node still may have missed a change.
   */
  public void requireFresh() {
    if (!isFresh()) {
      catchUp();
    }
    if (!isFresh()) {
      throw new MeridianException(
          ErrorCode.STORAGE_UNAVAILABLE,
          "The " + name + " state of this node cannot be confirmed right now; retry in a moment");
    }
  }

  /** False once polls have failed for longer than the staleness bound. */
  public boolean isFresh() {
    return !started || System.nanoTime() - freshAsOfNanos <= maxStalenessNanos;
  }

  /**
   * Seconds since the last successful poll started, NaN before the first: how far behind the
   * cluster this node's view may be (a gauge for operators).
   */
  public double secondsSinceLastPoll() {
    return polled ? (System.nanoTime() - freshAsOfNanos) / 1e9 : Double.NaN;
  }

  /**
   * Polls on this thread unless another poll is under way, in which case it waits for that one (at
   * most the staleness bound: a poll slower than that cannot make the node fresh anyway).
   */
  private void catchUp() {
    try {
      if (polling.tryLock(maxStalenessNanos, TimeUnit.NANOSECONDS)) {
        try {
          if (!isFresh()) {
            poll();
          }
        } finally {
          polling.unlock();
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      LOG.debug("Catching up on {} events failed: {}", name, e.toString());
    }
  }

  /** Polls once, now: what {@link #start} does first and every interval. */
  public void poll() {
    polling.lock();
    try {
      pollLocked();
    } finally {
      polling.unlock();
    }
  }

  private void pollLocked() {
    long startedNanos = System.nanoTime();
    Instant now = clock.instant();
    for (EventLog.Published<E> published : store.since(now.minus(lookback), now)) {
      if (handled.putIfAbsent(published.id(), now) == null) {
        for (Consumer<E> listener : listeners) {
          listener.accept(published.event());
        }
      }
    }
    Instant forget = now.minus(lookback.multipliedBy(2));
    handled.values().removeIf(seen -> seen.isBefore(forget));
    pollListeners.forEach(Runnable::run);
    freshAsOfNanos = startedNanos;
    polled = true;
  }

  private void pollQuietly() {
    try {
      poll();
    } catch (RuntimeException e) {
      LOG.debug("Polling {} events failed: {}", name, e.toString());
    }
  }

  @Override
  public final void close() {
    poller.shutdownNow();
  }
}
