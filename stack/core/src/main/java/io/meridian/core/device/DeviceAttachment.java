package io.meridian.core.device;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One device attached to this node: its session, its counters, the queue of plain RPCs (one
 * outstanding, the rest waiting) and the correlated RPCs in flight. Every change happens under this
 * object's lock; a body is delivered to the device outside it.
 *
 * <p>A device answers its plain RPCs in order, one reply each, as Cometa's SDK does. When the
 * outstanding one times out, its reply may still be on its way: the next plain RPC waits until that
 * late reply arrives (it answers nothing) or until {@link #lateReplyWait} has passed, so that a
 * late reply is never taken as the next RPC's.
 */
final class DeviceAttachment {
  final DeviceSession session;
  final DeviceCounters counters = new DeviceCounters();
  private final int maxQueued;
  private final int maxInFlight;
  private final List<EdgeObserver> observers;
  private final ScheduledExecutorService timer;
  private ArrayDeque<Call> plain;
  private Map<String, Call> correlated;

  /** The plain call that timed out after it was sent, while its late reply is awaited; or null. */
  private Call owing;

  /**
   * @param observers told of each RPC's outcome
   * @param timer runs the end of a wait for a late reply
   */
  DeviceAttachment(
      DeviceSession session,
      int maxQueued,
      int maxInFlight,
      List<EdgeObserver> observers,
      ScheduledExecutorService timer) {
    this.session = session;
    this.timer = timer;
    this.maxQueued = maxQueued;
    this.maxInFlight = maxInFlight;
    this.observers = observers;
  }

  /** A new RPC for this device; {@code id} is its JSON-RPC id, or null for a plain one. */
  Call call(byte[] body, String id) {
    return new Call(body, id);
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
        sendNow = plain.size() == 1 && owing == null;
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
      if (answered == null && owing != null) {
        owing = null; // the late reply of the call that timed out: it answers nothing
        counters.errors++;
        next = startNext();
      } else if (answered == null) {
        if (plain == null || plain.isEmpty()) {
          counters.errors++;
          return null;
        }
        answered = plain.poll();
        next = startNext();
      } else {
        next = null;
      }
      if (answered != null) {
        counters.answered(System.nanoTime() - answered.started);
      }
    }
    if (next != null) {
      session.deliver(next.body);
    }
    return answered;
  }

  /** Starts the next plain call, if one waits (under the lock). */
  private Call startNext() {
    Call next = plain == null || owing != null ? null : plain.peek();
    if (next != null) {
      start(next);
    }
    return next;
  }

  /** Removes a call that timed out; whether it was still waiting. */
  private synchronized boolean remove(Call call) {
    boolean removed;
    if (call.id != null) {
      removed = correlated != null && correlated.remove(call.id, call);
    } else {
      boolean wasOutstanding = plain != null && plain.peek() == call && owing == null;
      removed = plain != null && plain.remove(call);
      if (wasOutstanding) {
        owing = call;
        Duration wait = lateReplyWait(call.patience);
        timer.schedule(() -> stopWaiting(call), wait.toNanos(), TimeUnit.NANOSECONDS);
      }
    }
    if (removed) {
      counters.errors++;
    }
    return removed;
  }

  /**
   * How long the next plain RPC waits for the late reply of one that timed out after it was sent:
   * as long as that one was given, at least a second and at most ten.
   */
  static Duration lateReplyWait(Duration patience) {
    Duration least = Duration.ofSeconds(1);
    Duration most = Duration.ofSeconds(10);
    return patience.compareTo(least) < 0 ? least : patience.compareTo(most) > 0 ? most : patience;
  }

  /** The late reply of {@code late} did not come: the next plain call goes. */
  private void stopWaiting(Call late) {
    Call next;
    synchronized (this) {
      if (owing != late) {
        return;
      }
      owing = null;
      next = startNext();
    }
    if (next != null) {
      session.deliver(next.body);
    }
  }

  /** Fails every waiting call: the device is gone. */
  void fail(String reason) {
    List<Call> waiting;
    synchronized (this) {
      owing = null;
      waiting = new ArrayList<>();
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
    } catch (IOException e) {
      return null;
    }
  }

  /** One RPC waiting for its device. */
  final class Call {
    final byte[] body;
    final String id;
    final CompletableFuture<byte[]> future = new CompletableFuture<>();
    final long created = System.nanoTime();
    long started;

    /** How long it may wait for its reply. */
    Duration patience = Duration.ZERO;

    volatile ScheduledFuture<?> timeout;

    private Call(byte[] body, String id) {
      this.body = body;
      this.id = id;
    }

    /** Its timeout passed: it fails with {@code device_timeout} if it still waits. */
    void expire() {
      if (remove(this)) {
        finish(
            null,
            new MeridianException(
                ErrorCode.DEVICE_TIMEOUT, "Device " + session.device() + " did not reply in time"));
      }
    }

    /** Completes it with the reply or the error, once; observers hear of the outcome. */
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
      observers.forEach(observer -> observer.rpc(session, rpc));
    }
  }
}
