package io.meridian.core.device;

import io.meridian.core.common.DaemonThreads;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps each attached device's registry rows and entity presence: connected on attach, refreshed
 * (registry and {@code last_heartbeat}) at most every refresh interval while it beats, disconnected
 * on detach; a takeover attempt (a device displaced, or an attachment refused) shown to its owner.
 *
 * <p>Called on the device's I/O thread, it never writes there: each device's writes go, in order,
 * to one of a few single-thread writers chosen by the device's key, so an attach, its refreshes and
 * its detach are written in the order they happened. A writer's queue is bounded; what does not fit
 * is dropped and counted (a dropped refresh comes back at the next; a dropped detach is corrected
 * by the device's next attachment).
 *
 * <p>Registry timestamps are chosen here, on the I/O thread, strictly increasing in this process: a
 * detach deletes the registry rows as of the device's last registry write, so a later attachment
 * anywhere (written later) survives it.
 */
public final class DevicePresence implements EdgeObserver, AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(DevicePresence.class);

  private final DeviceRegistry registry;
  private final DeviceEntities entities;
  private final String node;
  private final Supplier<String> address;
  private final Clock clock;
  private final long refreshMillis;
  private final ThreadPoolExecutor[] writers;
  private final Map<DeviceSession, Registration> registrations = new ConcurrentHashMap<>();
  private final AtomicLong lastMicros = new AtomicLong();
  private final AtomicLong dropped = new AtomicLong();
  private final AtomicLong failed = new AtomicLong();
  private volatile boolean closed;

  /**
   * @param address this node's relay address, once known (null before)
   * @param writerCount single-thread writers the devices are spread over
   * @param queuePerWriter writes that may wait for each writer
   */
  public DevicePresence(
      DeviceRegistry registry,
      DeviceEntities entities,
      String node,
      Supplier<String> address,
      Clock clock,
      Duration refresh,
      int writerCount,
      int queuePerWriter) {
    this.registry = registry;
    this.entities = entities;
    this.node = node;
    this.address = address;
    this.clock = clock;
    this.refreshMillis = refresh.toMillis();
    this.writers = new ThreadPoolExecutor[writerCount];
    for (int i = 0; i < writerCount; i++) {
      String name = "edge-presence-" + i;
      writers[i] =
          new ThreadPoolExecutor(
              1,
              1,
              0,
              TimeUnit.SECONDS,
              new LinkedBlockingQueue<>(queuePerWriter),
              DaemonThreads.named(name),
              (runnable, executor) -> drop());
    }
  }

  /** One attachment as registered: when it began, its last registry write, its next refresh. */
  private static final class Registration {
    final Instant connectedAt;
    volatile long writeMicros;
    volatile long nextRefresh;

    Registration(Instant connectedAt, long writeMicros, long nextRefresh) {
      this.connectedAt = connectedAt;
      this.writeMicros = writeMicros;
      this.nextRefresh = nextRefresh;
    }
  }

  @Override
  public void attached(DeviceSession session, String info) {
    Instant now = clock.instant();
    long micros = nextMicros(now);
    Instant connectedAt = session.attachedAt();
    registrations.put(
        session, new Registration(connectedAt, micros, now.toEpochMilli() + refreshMillis));
    DeviceEntities.Presence presence = presence(session, now);
    write(
        session,
        () -> {
          attempt(
              "register",
              session,
              () ->
                  registry.attached(
                      session.app(),
                      session.device(),
                      node,
                      address.get(),
                      connectedAt,
                      session.credential(),
                      micros));
          attempt("mark connected", session, () -> entities.connected(presence, info));
        });
  }

  @Override
  public void heartbeat(DeviceSession session) {
    Registration registration = registrations.get(session);
    if (registration == null) {
      return;
    }
    Instant now = clock.instant();
    if (now.toEpochMilli() < registration.nextRefresh) {
      return;
    }
    registration.nextRefresh = now.toEpochMilli() + refreshMillis;
    long micros = nextMicros(now);
    registration.writeMicros = micros;
    DeviceEntities.Presence presence = presence(session, now);
    write(
        session,
        () -> {
          attempt(
              "refresh registry",
              session,
              () ->
                  registry.attached(
                      session.app(),
                      session.device(),
                      node,
                      address.get(),
                      registration.connectedAt,
                      session.credential(),
                      micros));
          attempt("refresh presence", session, () -> entities.connected(presence, null));
        });
  }

  @Override
  public void detached(DeviceSession session, String reason) {
    Registration registration = registrations.remove(session);
    if (registration == null) {
      return;
    }
    Instant now = clock.instant();
    long micros = registration.writeMicros;
    write(
        session,
        () -> {
          attempt(
              "unregister",
              session,
              () -> registry.detached(session.app(), session.device(), node, micros));
          attempt(
              "mark disconnected",
              session,
              () ->
                  entities.disconnected(
                      session.app(), session.device(), node, registration.connectedAt, now));
        });
  }

  @Override
  public void displaced(DeviceSession displaced, DeviceSession by) {
    takeover(by, DeviceEntities.Takeover.DISPLACED, displaced);
  }

  @Override
  public void refused(DeviceSession refused, DeviceSession attached) {
    takeover(attached, DeviceEntities.Takeover.REFUSED, refused);
  }

  /** Shows the owner of {@code attached}'s device what {@code other} did, in the device's order. */
  private void takeover(DeviceSession attached, DeviceEntities.Takeover what, DeviceSession other) {
    Instant now = clock.instant();
    write(
        attached,
        () ->
            attempt(
                "show " + what.property + " of",
                attached,
                () ->
                    entities.takeover(
                        attached.app(),
                        attached.device(),
                        what,
                        now,
                        other.remoteAddress(),
                        other.transport())));
  }

  /** Writes dropped because a writer's queue was full. */
  public long dropped() {
    return dropped.get();
  }

  /** Writes that failed (the store refused or could not be reached). */
  public long failed() {
    return failed.get();
  }

  private DeviceEntities.Presence presence(DeviceSession session, Instant heartbeat) {
    return new DeviceEntities.Presence(
        session.app(),
        session.device(),
        node,
        session.transport(),
        session.remoteAddress(),
        session.attachedAt(),
        heartbeat);
  }

  private void write(DeviceSession session, Runnable write) {
    int stripe = Math.floorMod(Objects.hash(session.app(), session.device()), writers.length);
    writers[stripe].execute(write);
  }

  private void attempt(String what, DeviceSession session, Runnable write) {
    try {
      write.run();
    } catch (RuntimeException e) {
      long count = failed.incrementAndGet();
      if (count == 1 || count % 1000 == 0) {
        log.warn(
            "Could not {} device {} ({} failures so far): {}",
            what,
            session.device(),
            count,
            e.toString());
      } else {
        log.debug("Could not {} device {}: {}", what, session.device(), e.toString());
      }
    }
  }

  private void drop() {
    long count = dropped.incrementAndGet();
    if (!closed && (count == 1 || count % 1000 == 0)) {
      log.warn("Device presence writes dropped, the writers' queues being full: {} so far", count);
    }
  }

  /** A write timestamp after every other this process chose. */
  private long nextMicros(Instant now) {
    long micros = CassandraDeviceRegistry.micros(now);
    return lastMicros.updateAndGet(last -> Math.max(last + 1, micros));
  }

  /** Stops taking writes and gives those queued a few seconds to finish. */
  @Override
  public void close() {
    closed = true;
    for (ThreadPoolExecutor writer : writers) {
      writer.shutdown();
    }
    try {
      for (ThreadPoolExecutor writer : writers) {
        writer.awaitTermination(5, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
