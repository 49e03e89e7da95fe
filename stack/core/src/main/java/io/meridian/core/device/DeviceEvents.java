package io.meridian.core.device;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import io.meridian.core.common.DaemonThreads;
import io.meridian.core.entity.StoredEntity;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Devices' upstream events: each is appended to the real-time feed as an event of the device's
 * entity (so every node's subscribers of the {@code devices} collection receive it, authorised,
 * resumable) and handed to the application's webhook.
 *
 * <p>The device's I/O thread only queues the event: a few lanes, each one thread with a bounded
 * queue, do the work, a device always in the same lane so its events keep their order. An event
 * that finds its lane's queue full is dropped and counted. One whose device has no entity (the edge
 * writes it when the device attaches) is counted and reaches only the webhook.
 */
public final class DeviceEvents implements EdgeObserver, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(DeviceEvents.class);

  /** Finds a device's entity: the entity named by its id in the application's {@code devices}. */
  @FunctionalInterface
  public interface Devices {
    /** The entity, or null when there is none. */
    StoredEntity find(UUID app, String device);
  }

  /** Appends an event to the real-time feed ({@code RealtimeFeed::appendEvent}). */
  @FunctionalInterface
  public interface Feed {
    void appendEvent(UUID app, StoredEntity device, String payload);
  }

  /** Hands an event to the application's webhook without blocking ({@code Webhooks::submit}). */
  @FunctionalInterface
  public interface Webhook {
    boolean submit(UUID app, String device, byte[] payload);
  }

  /** What became of the events this node received. */
  public record Counters(
      long received, long published, long dropped, long unknownDevice, long failed) {}

  private final Devices devices;
  private final Feed feed;
  private final Webhook webhook;
  private final Cache<DeviceHub.Key, StoredEntity> entities;
  private final List<ThreadPoolExecutor> lanes;
  private final LongAdder received = new LongAdder();
  private final LongAdder published = new LongAdder();
  private final LongAdder dropped = new LongAdder();
  private final LongAdder unknownDevice = new LongAdder();
  private final LongAdder failed = new LongAdder();

  /**
   * @param capacity events waiting at most, shared evenly by the lanes
   * @param entityCacheFor how long a device's entity is reused for its events (the entity events
   *     carry may be this much older than the device's latest write)
   */
  public DeviceEvents(
      Devices devices,
      Feed feed,
      Webhook webhook,
      int lanes,
      int capacity,
      Duration entityCacheFor,
      Ticker ticker) {
    this.devices = devices;
    this.feed = feed;
    this.webhook = webhook;
    this.entities =
        Caffeine.newBuilder()
            .maximumSize(100_000)
            .expireAfterWrite(entityCacheFor)
            .ticker(ticker)
            .build();
    int perLane = Math.max(1, capacity / lanes);
    List<ThreadPoolExecutor> executors = new ArrayList<>(lanes);
    for (int i = 0; i < lanes; i++) {
      String name = "meridian-device-events-" + i;
      executors.add(
          new ThreadPoolExecutor(
              1,
              1,
              0,
              TimeUnit.MILLISECONDS,
              new ArrayBlockingQueue<>(perLane),
              DaemonThreads.named(name),
              new ThreadPoolExecutor.AbortPolicy()));
    }
    this.lanes = List.copyOf(executors);
  }

  @Override
  public void event(DeviceSession session, byte[] payload) {
    received.increment();
    UUID app = session.app();
    String device = session.device();
    ExecutorService lane =
        lanes.get(Math.floorMod(device.hashCode() * 31 + app.hashCode(), lanes.size()));
    try {
      lane.execute(() -> publish(app, device, payload));
    } catch (RejectedExecutionException e) {
      dropped.increment();
    }
  }

  /** The entity cached for a device is stale once the device detaches (its presence changed). */
  @Override
  public void detached(DeviceSession session, String reason) {
    entities.invalidate(new DeviceHub.Key(session.app(), session.device()));
  }

  public Counters counters() {
    return new Counters(
        received.sum(), published.sum(), dropped.sum(), unknownDevice.sum(), failed.sum());
  }

  private void publish(UUID app, String device, byte[] payload) {
    try {
      DeviceHub.Key key = new DeviceHub.Key(app, device);
      StoredEntity entity = entities.getIfPresent(key);
      if (entity == null) {
        entity = devices.find(app, device);
        if (entity != null) {
          entities.put(key, entity);
        }
      }
      if (entity == null) {
        unknownDevice.increment(); // not in the feed; its webhook still gets it
      } else {
        feed.appendEvent(app, entity, new String(payload, StandardCharsets.UTF_8));
        published.increment();
      }
    } catch (RuntimeException e) {
      failed.increment();
      LOG.debug("An event of device {} was not published: {}", device, e.toString());
    }
    try {
      webhook.submit(app, device, payload);
    } catch (RuntimeException e) {
      LOG.debug("An event of device {} was not handed to the webhook: {}", device, e.toString());
    }
  }

  @Override
  public void close() {
    lanes.forEach(ExecutorService::shutdownNow);
  }
}
