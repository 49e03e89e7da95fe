package io.meridian.core.identity.token;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
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
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps this node's cached access state (token revocations, permissions, applications) within a
 * second of the cluster's. Every {@code interval} it reads the events of the last {@code lookback}
 * from Cassandra and hands each new one to the listeners, which drop what they cached.
 *
 * <p>Reading a window rather than "after the last id seen" means an event that becomes visible late
 * (a slow replica, a writer's clock a little behind) is still seen; ids already handled are
 * skipped. If polls fail for longer than {@code maxStaleness}, {@link #requireFresh()} refuses
 * requests: a node that cannot see revocations must not keep honouring revoked tokens.
 */
public final class AccessFeed implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(AccessFeed.class);

  private final AccessEventStore store;
  private final Clock clock;
  private final Duration interval;
  private final Duration lookback;
  private final long maxStalenessNanos;
  private final List<Consumer<AccessEvent>> listeners = new CopyOnWriteArrayList<>();

  /** Ids handled, with when they were published; touched only by the polling thread. */
  private final Map<UUID, Instant> handled = new HashMap<>();

  private final ScheduledExecutorService poller =
      Executors.newSingleThreadScheduledExecutor(
          runnable -> {
            Thread thread = new Thread(runnable, "meridian-access-feed");
            thread.setDaemon(true);
            return thread;
          });

  /** When the last successful poll started (System.nanoTime). */
  private volatile long freshAsOfNanos;

  private volatile boolean started;

  public AccessFeed(
      AccessEventStore store,
      Clock clock,
      Duration interval,
      Duration lookback,
      Duration maxStaleness) {
    this.store = store;
    this.clock = clock;
    this.interval = interval;
    this.lookback = lookback;
    this.maxStalenessNanos = maxStaleness.toNanos();
  }

  public void subscribe(Consumer<AccessEvent> listener) {
    listeners.add(listener);
  }

  /**
   * Tells every node: this one at once (so a caller sees its own change on its next request, such
   * as the secret a regeneration made), the others at their next poll.
   */
  public void publish(AccessEvent event) {
    store.publish(event);
    for (Consumer<AccessEvent> listener : listeners) {
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

  /** 503 {@code storage_unavailable} when this node may have missed a revocation. */
  public void requireFresh() {
    if (started && System.nanoTime() - freshAsOfNanos > maxStalenessNanos) {
      throw new MeridianException(
          ErrorCode.STORAGE_UNAVAILABLE,
          "Access state cannot be confirmed right now; retry in a moment");
    }
  }

  void poll() {
    long startedNanos = System.nanoTime();
    Instant now = clock.instant();
    for (AccessEventStore.Published published : store.since(now.minus(lookback), now)) {
      if (handled.putIfAbsent(published.id(), now) == null) {
        for (Consumer<AccessEvent> listener : listeners) {
          listener.accept(published.event());
        }
      }
    }
    Instant forget = now.minus(lookback.multipliedBy(2));
    handled.values().removeIf(seen -> seen.isBefore(forget));
    freshAsOfNanos = startedNanos;
  }

  private void pollQuietly() {
    try {
      poll();
    } catch (RuntimeException e) {
      LOG.debug("Polling access events failed: {}", e.toString());
    }
  }

  @Override
  public void close() {
    poller.shutdownNow();
  }
}
