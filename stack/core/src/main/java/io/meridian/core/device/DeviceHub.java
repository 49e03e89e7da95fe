package io.meridian.core.device;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The devices attached to this node and the RPCs waiting for them.
 *
 * <p>As Cometa, a device has one plain RPC outstanding at a time: the next waits in the device's
 * queue (bounded) until the device replies, and a reply answers the oldest outstanding request. A
 * caller may instead correlate by JSON-RPC id: such requests go to the device at once, several in
 * flight, and a reply whose {@code id} is one of theirs answers it; any other reply answers the
 * plain request outstanding. A reply with no request is counted and dropped.
 *
 * <p>Each device's calls are guarded by its {@link Attachment}'s lock; transports call in from
 * their I/O threads, RPC callers from theirs. Observers are told outside no lock they could need.
 */
public final class DeviceHub {
  private final Map<Key, Attachment> attached = new ConcurrentHashMap<>();
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
   * The device is attached here. An earlier session of the same device on this node is replaced:
   * its waiting RPCs fail with {@code device_detached} and its connection is closed.
   */
  public void attach(DeviceSession session, String info) {
    Attachment fresh = new Attachment(session);
    Attachment previous = attached.put(key(session), fresh);
    if (previous != null) {
      previous.fail("replaced by a new attachment");
      previous.session.close();
      observers.forEach(observer -> observer.detached(previous.session, "replaced"));
    }
    fresh.counters.received(info == null ? 0 : info.length());
    observers.forEach(observer -> observer.attached(session, info));
  }

  /** The session ended; nothing if it was already replaced. Its waiting RPCs fail. */
  public void detach(DeviceSession session, String reason) {
    Key key = key(session);
    Attachment current = attached.get(key);
    if (current == null || current.session != session || !attached.remove(key, current)) {
      return;
    }
    current.fail(reason);
    observers.forEach(observer -> observer.detached(session, reason));
  }

  public void heartbeat(DeviceSession session, int bytes) {
    Attachment attachment = attachment(session);
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
    Attachment attachment = attachment(session);
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
    Attachment attachment = attachment(session);
    if (attachment == null) {
      return;
    }
    Call answered = attachment.answer(message);
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
    Attachment attachment = attached.get(new Key(app, device));
    if (attachment == null) {
      return CompletableFuture.failedFuture(notConnected(device));
    }
    String id = correlate ? jsonRpcId(body) : null;
    Call call = new Call(attachment, body, id);
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
    Attachment attachment = attached.get(new Key(app, device));
    return attachment == null ? null : attachment.session;
  }

  /** What this node counted of a device attached here, or null. */
  public DeviceCounters.Snapshot counters(UUID app, String device) {
    Attachment attachment = attached.get(new Key(app, device));
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

  /** Closes every device's connection (this node is stopping). */
  public void closeAll() {
    for (Attachment attachment : List.copyOf(attached.values())) {
      attachment.session.close();
      detach(attachment.session, "node stopping");
    }
  }

  public static MeridianException notConnected(String device) {
    return new MeridianException(
        ErrorCode.DEVICE_NOT_CONNECTED, "Device " + device + " is not connected");
  }

  private Attachment attachment(DeviceSession session) {
    Attachment attachment = attached.get(key(session));
    return attachment != null && attachment.session == session ? attachment : null;
  }

  private static Key key(DeviceSession session) {
    return new Key(session.app(), session.device());
  }

  /** A JSON-RPC request's id as text; 400 when the body is not one. */
  static String jsonRpcId(byte[] body) {
    JsonNode id = parseId(body);
    if (id == null || !(id.isTextual() || id.isIntegralNumber())) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "A correlated RPC must be a JSON-RPC request: a JSON object with a string or integer id");
    }
    return id.asText();
  }

  private static JsonNode parseId(byte[] body) {
    if (body.length == 0 || body[0] != '{') {
      return null;
    }
    try {
      return Json.MAPPER.readTree(body).get("id");
    } catch (java.io.IOException e) {
      return null;
    }
  }

  /** One device attached here: its session, counters, plain queue and correlated calls. */
  private final class Attachment {
    final DeviceSession session;
    final DeviceCounters counters = new DeviceCounters();
    private ArrayDeque<Call> plain;
    private Map<String, Call> correlated;

    Attachment(DeviceSession session) {
      this.session = session;
    }

    /** Queues a call and sends it if it may go now; the refusal when it may not wait. */
    MeridianException enqueue(Call call) {
      boolean sendNow;
      synchronized (this) {
        if (call.id != null) {
          if (correlated == null) {
            correlated = new HashMap<>(4);
          }
          if (correlated.size() >= maxInFlight || correlated.containsKey(call.id)) {
            return new MeridianException(
                ErrorCode.DEVICE_BUSY,
                correlated.containsKey(call.id)
                    ? "An RPC with id " + call.id + " is already in flight to this device"
                    : "This device has " + maxInFlight + " correlated RPCs in flight");
          }
          correlated.put(call.id, call);
          sendNow = true;
        } else {
          if (plain == null) {
            plain = new ArrayDeque<>(4);
          }
          if (plain.size() > maxQueued) {
            return new MeridianException(
                ErrorCode.DEVICE_BUSY, maxQueued + " RPCs already wait for this device");
          }
          plain.add(call);
          sendNow = plain.size() == 1;
        }
        if (sendNow) {
          start(call);
        }
      }
      if (sendNow) {
        session.deliver(call.body);
      }
      return null;
    }

    /** Marks a call as sent (under the lock); the caller delivers its body. */
    private void start(Call call) {
      call.started = System.nanoTime();
      counters.sent(call.body.length);
    }

    /** The call a message from the device answers, removed; null when it answers none. */
    Call answer(byte[] message) {
      Call next;
      Call answered;
      synchronized (this) {
        counters.received(message.length);
        answered = null;
        if (correlated != null && !correlated.isEmpty()) {
          JsonNode id = parseId(message);
          if (id != null && (id.isTextual() || id.isIntegralNumber())) {
            answered = correlated.remove(id.asText());
          }
        }
        if (answered == null) {
          if (plain == null || plain.isEmpty()) {
            counters.errors++;
            return null;
          }
          answered = plain.poll();
        }
        counters.answered(System.nanoTime() - answered.started);
        next = answered.id == null ? startNext() : null;
      }
      if (next != null) {
        session.deliver(next.body);
      }
      return answered;
    }

    /** Starts the next plain call, if one waits (under the lock). */
    private Call startNext() {
      Call next = plain == null ? null : plain.peek();
      if (next != null) {
        start(next);
      }
      return next;
    }

    /** Removes a call that timed out; whether it was still waiting. */
    boolean remove(Call call) {
      Call next = null;
      synchronized (this) {
        boolean removed;
        if (call.id != null) {
          removed = correlated != null && correlated.remove(call.id, call);
        } else {
          boolean wasOutstanding = plain != null && plain.peek() == call;
          removed = plain != null && plain.remove(call);
          if (wasOutstanding) {
            next = startNext();
          }
        }
        if (!removed) {
          return false;
        }
        counters.errors++;
      }
      if (next != null) {
        session.deliver(next.body);
      }
      return true;
    }

    /** Fails every waiting call: the device is gone. */
    void fail(String reason) {
      List<Call> waiting;
      synchronized (this) {
        waiting = new java.util.ArrayList<>();
        if (plain != null) {
          waiting.addAll(plain);
          plain.clear();
        }
        if (correlated != null) {
          waiting.addAll(correlated.values());
          correlated.clear();
        }
      }
      MeridianException detached =
          new MeridianException(
              ErrorCode.DEVICE_DETACHED,
              "Device " + session.device() + " detached before it replied (" + reason + ")");
      waiting.forEach(call -> call.finish(null, detached));
    }
  }

  /** One RPC waiting for its device. */
  private final class Call {
    final Attachment attachment;
    final byte[] body;
    final String id;
    final CompletableFuture<byte[]> future = new CompletableFuture<>();
    final long created = System.nanoTime();
    long started;
    volatile ScheduledFuture<?> timeout;

    Call(Attachment attachment, byte[] body, String id) {
      this.attachment = attachment;
      this.body = body;
      this.id = id;
    }

    void expire() {
      if (attachment.remove(this)) {
        finish(
            null,
            new MeridianException(
                ErrorCode.DEVICE_TIMEOUT,
                "Device " + attachment.session.device() + " did not reply in time"));
      }
    }

    void finish(byte[] reply, MeridianException error) {
      ScheduledFuture<?> scheduled = timeout;
      if (scheduled != null) {
        scheduled.cancel(false);
      }
      if (!(error == null ? future.complete(reply) : future.completeExceptionally(error))) {
        return;
      }
      EdgeObserver.Rpc rpc =
          new EdgeObserver.Rpc(
              body.length,
              reply == null ? 0 : reply.length,
              System.nanoTime() - created,
              error == null ? null : error.code());
      observers.forEach(observer -> observer.rpc(attachment.session, rpc));
    }
  }
}
