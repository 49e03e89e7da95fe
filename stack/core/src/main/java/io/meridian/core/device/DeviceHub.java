package io.meridian.core.device;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * The devices attached to this node and the RPCs waiting for them.
 *
 * <p>As Cometa, a device has one plain RPC outstanding at a time: the next waits in the device's
 * queue (bounded) until the device replies, and a reply answers the oldest outstanding request. A
 * caller may instead correlate by JSON-RPC id: such requests go to the device at once, several in
 * flight, and a reply whose {@code id} is one of theirs answers it; any other reply answers the
 * plain request outstanding. A reply with no request is counted and dropped.
 *
 * <p>Each device's calls are guarded by its {@link DeviceAttachment}'s lock; transports call in
 * from their I/O threads, RPC callers from theirs. Observers are told outside no lock they could
 * need.
 */
public final class DeviceHub {
  private final Map<Key, DeviceAttachment> attached = new ConcurrentHashMap<>();
  private final List<EdgeObserver> observers;
  private final ScheduledExecutorService timer;
  private final int maxQueued;
  private final int maxInFlight;

  public DeviceHub(
      List<EdgeObserver> observers,
      ScheduledExecutorService timer,
      int maxQueued,
      int maxInFlight) {
    this.observers = List.copyOf(observers);
    this.timer = timer;
    this.maxQueued = maxQueued;
    this.maxInFlight = maxInFlight;
  }

  /** A device of an application. */
  public record Key(UUID app, String device) {}

  /**
   * Whether {@code session} would be attached here now: not while this node holds its device
   * attached with a stronger credential (then the observers hear of the attempt, {@link
   * EdgeObserver#refused}). Transports ask before they tell the device it is accepted, and refuse
   * it otherwise; {@link #attach} decides.
   */
  public boolean admits(DeviceSession session) {
    DeviceAttachment current = attached.get(key(session));
    if (displaces(session, current)) {
      return true;
    }
    observers.forEach(observer -> observer.refused(session, current.session));
    return false;
  }

  /**
   * Attaches the device here, unless this node holds it attached with a stronger credential: then
   * nothing changes, the attempt is told to the observers ({@link EdgeObserver#refused}), and this
   * answers false (the transport closes the new connection). An earlier session of the same device
   * with the same or a weaker credential is displaced: its waiting RPCs fail with {@code
   * device_detached}, its connection is closed, and the observers hear of it ({@link
   * EdgeObserver#displaced}).
   */
  public boolean attach(DeviceSession session, String info) {
    DeviceAttachment fresh =
        new DeviceAttachment(session, maxQueued, maxInFlight, observers, timer);
    DeviceAttachment[] displaced = new DeviceAttachment[1];
    DeviceAttachment now =
        attached.compute(
            key(session),
            (key, current) -> {
              if (!displaces(session, current)) {
                return current;
              }
              displaced[0] = current;
              return fresh;
            });
    if (now != fresh) {
      observers.forEach(observer -> observer.refused(session, now.session));
      return false;
    }
    DeviceAttachment previous = displaced[0];
    if (previous != null) {
      previous.fail("replaced by a new attachment");
      previous.session.close();
      observers.forEach(observer -> observer.detached(previous.session, "replaced"));
      observers.forEach(observer -> observer.displaced(previous.session, session));
    }
    fresh.counters.received(info == null ? 0 : info.length());
    observers.forEach(observer -> observer.attached(session, info));
    return true;
  }

  /** The session ended; nothing if it was already replaced. Its waiting RPCs fail. */
  public void detach(DeviceSession session, String reason) {
    Key key = key(session);
    DeviceAttachment current = attached.get(key);
    if (current == null || current.session != session || !attached.remove(key, current)) {
      return;
    }
    current.fail(reason);
    observers.forEach(observer -> observer.detached(session, reason));
  }

  public void heartbeat(DeviceSession session, int bytes) {
    DeviceAttachment attachment = attachment(session);
    if (attachment == null) {
      return;
    }
    synchronized (attachment) {
      attachment.counters.received(bytes);
    }
    observers.forEach(observer -> observer.heartbeat(session, bytes));
  }

  /** An upstream event from the device. */
  public void event(DeviceSession session, byte[] payload) {
    DeviceAttachment attachment = attachment(session);
    if (attachment == null) {
      return;
    }
    synchronized (attachment) {
      attachment.counters.received(payload.length);
    }
    observers.forEach(observer -> observer.event(session, payload));
  }

  /** A reply from the device: it answers a correlated request, or the plain one outstanding. */
  public void reply(DeviceSession session, byte[] message) {
    DeviceAttachment attachment = attachment(session);
    if (attachment == null) {
      return;
    }
    DeviceAttachment.Call answered = attachment.answer(message);
    if (answered == null) {
      observers.forEach(observer -> observer.unsolicited(session, message.length));
      return;
    }
    answered.finish(message, null);
  }

  /**
   * Sends an RPC to a device attached to this node; the future completes with the device's reply,
   * or fails with a {@link MeridianException}: {@code device_not_connected} (not attached here),
   * {@code device_busy} (queue full), {@code device_timeout}, {@code device_detached}.
   *
   * @param correlate whether the body is a JSON-RPC request matched to its reply by {@code id}
   */
  public CompletableFuture<byte[]> send(
      UUID app, String device, byte[] body, boolean correlate, Duration timeout) {
    DeviceAttachment attachment = attached.get(new Key(app, device));
    if (attachment == null) {
      return CompletableFuture.failedFuture(notConnected(device));
    }
    String id = correlate ? DeviceAttachment.jsonRpcId(body) : null;
    DeviceAttachment.Call call = attachment.call(body, id);
    call.patience = timeout;
    MeridianException refused = attachment.enqueue(call);
    if (refused != null) {
      call.finish(null, refused);
      return call.future;
    }
    call.timeout = timer.schedule(call::expire, timeout.toNanos(), TimeUnit.NANOSECONDS);
    return call.future;
  }

  /** The session of a device attached to this node, or null. */
  public DeviceSession session(UUID app, String device) {
    DeviceAttachment attachment = attached.get(new Key(app, device));
    return attachment == null ? null : attachment.session;
  }

  /** What this node counted of a device attached here, or null. */
  public DeviceCounters.Snapshot counters(UUID app, String device) {
    DeviceAttachment attachment = attached.get(new Key(app, device));
    if (attachment == null) {
      return null;
    }
    synchronized (attachment) {
      return attachment.counters.snapshot();
    }
  }

  /** The sessions attached to this node. */
  public Collection<DeviceSession> sessions() {
    return attached.values().stream().map(attachment -> attachment.session).toList();
  }

  public int size() {
    return attached.size();
  }

  /**
   * Detaches the application's devices attached here whose attachment no longer {@code holds} (a
   * revoked or rotated secret): their waiting RPCs fail, their connections close, and the observers
   * hear of it with {@code reason}.
   */
  public void detachWhere(UUID app, Predicate<DeviceSession> holds, String reason) {
    for (DeviceAttachment attachment : List.copyOf(attached.values())) {
      DeviceSession session = attachment.session;
      if (session.app().equals(app) && !holds.test(session)) {
        detach(session, reason);
        session.close();
      }
    }
  }

  /** Closes every device's connection (this node is stopping). */
  public void closeAll() {
    for (DeviceAttachment attachment : List.copyOf(attached.values())) {
      attachment.session.close();
      detach(attachment.session, "node stopping");
    }
  }

  /** Whether an attachment of {@code session} may take the place of {@code current}, if any. */
  private static boolean displaces(DeviceSession session, DeviceAttachment current) {
    return current == null || session.credential().displaces(current.session.credential());
  }

  public static MeridianException notConnected(String device) {
    return new MeridianException(
        ErrorCode.DEVICE_NOT_CONNECTED, "Device " + device + " is not connected");
  }

  private DeviceAttachment attachment(DeviceSession session) {
    DeviceAttachment attachment = attached.get(key(session));
    return attachment != null && attachment.session == session ? attachment : null;
  }

  private static Key key(DeviceSession session) {
    return new Key(session.app(), session.device());
  }
}
