package io.meridian.core.device;

import io.meridian.core.common.ErrorCode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;

/**
 * This node's edge statistics per application, counted as the hub tells what happens. Called on the
 * devices' I/O threads and the RPC callers' at thousands of calls a second, so every counter is an
 * adder (no lock, little contention); a total read while calls land may mix two instants.
 *
 * <p>Other parts that count errors of an application's edge (the webhook's failed deliveries) add
 * them with {@link #addErrors}.
 */
public final class EdgeStats implements EdgeObserver {
  private final Map<UUID, Counters> apps = new ConcurrentHashMap<>();

  @Override
  public void attached(DeviceSession session, String info) {
    Counters counters = counters(session.app());
    counters.devices.increment();
    if (websocket(session)) {
      counters.websockets.increment();
    }
    counters.bytesUp.add(info == null ? 0 : info.length());
    counters.touch();
  }

  @Override
  public void detached(DeviceSession session, String reason) {
    Counters counters = counters(session.app());
    counters.devices.decrement();
    if (websocket(session)) {
      counters.websockets.decrement();
    }
    counters.touch();
  }

  @Override
  public void heartbeat(DeviceSession session, int bytes) {
    Counters counters = counters(session.app());
    counters.bytesUp.add(bytes);
    counters.touch();
  }

  @Override
  public void event(DeviceSession session, byte[] payload) {
    Counters counters = counters(session.app());
    counters.messages.increment();
    counters.bytesUp.add(payload.length);
    counters.touch();
  }

  @Override
  public void rpc(DeviceSession session, Rpc rpc) {
    Counters counters = counters(session.app());
    counters.messages.increment();
    if (rpc.error() != ErrorCode.DEVICE_BUSY) {
      counters.bytesDown.add(rpc.requestBytes()); // a refused request never reached the device
    }
    counters.bytesUp.add(rpc.replyBytes());
    if (rpc.error() == null) {
      counters.answered(rpc.nanos() / 1000);
    } else {
      counters.errors.increment();
    }
    counters.touch();
  }

  @Override
  public void unsolicited(DeviceSession session, int bytes) {
    Counters counters = counters(session.app());
    counters.errors.increment();
    counters.bytesUp.add(bytes);
    counters.touch();
  }

  /** Errors another part of the edge counted for an application (a webhook's failures). */
  public void addErrors(UUID app, long count) {
    if (count > 0) {
      Counters counters = counters(app);
      counters.errors.add(count);
      counters.touch();
    }
  }

  /** This node's totals for an application. */
  public EdgeTotals totals(UUID app) {
    Counters counters = apps.get(app);
    return counters == null ? EdgeTotals.NONE : counters.totals();
  }

  /**
   * The totals to store now: of applications that changed since the last call, and of those with
   * devices attached here (so that their row stays fresh) or that had some at the last call (so
   * that the row says they left). Called by one thread at a time.
   */
  public Map<UUID, EdgeTotals> toStore() {
    Map<UUID, EdgeTotals> due = new LinkedHashMap<>();
    apps.forEach(
        (app, counters) -> {
          boolean changed = counters.changed;
          counters.changed = false;
          EdgeTotals totals = counters.totals();
          boolean attachedNow = totals.devices() > 0;
          if (changed || attachedNow || counters.storedAttached) {
            due.put(app, totals);
            counters.storedAttached = attachedNow;
          }
        });
    return due;
  }

  /** Marks applications as changed again: their totals could not be stored. */
  public void storeFailed(Iterable<UUID> failed) {
    failed.forEach(app -> counters(app).changed = true);
  }

  private Counters counters(UUID app) {
    Counters counters = apps.get(app);
    return counters != null ? counters : apps.computeIfAbsent(app, ignored -> new Counters());
  }

  private static boolean websocket(DeviceSession session) {
    return "websocket".equals(session.transport());
  }

  private static final class Counters {
    final LongAdder devices = new LongAdder();
    final LongAdder websockets = new LongAdder();
    final LongAdder messages = new LongAdder();
    final LongAdder errors = new LongAdder();
    final LongAdder bytesUp = new LongAdder();
    final LongAdder bytesDown = new LongAdder();
    final LongAdder rpcs = new LongAdder();
    final LongAdder latencySum = new LongAdder();
    final DoubleAdder latencySquares = new DoubleAdder();
    final AtomicLong latencyMin = new AtomicLong(Long.MAX_VALUE);
    final AtomicLong latencyMax = new AtomicLong();

    /**
     * Something happened since the totals were last stored (read first: most calls find it set).
     */
    volatile boolean changed;

    /** Whether the totals last stored had devices attached; only the storing thread uses it. */
    boolean storedAttached;

    void touch() {
      if (!changed) {
        changed = true;
      }
    }

    void answered(long micros) {
      rpcs.increment();
      latencySum.add(micros);
      latencySquares.add((double) micros * micros);
      if (micros < latencyMin.get()) {
        latencyMin.accumulateAndGet(micros, Math::min);
      }
      if (micros > latencyMax.get()) {
        latencyMax.accumulateAndGet(micros, Math::max);
      }
    }

    EdgeTotals totals() {
      long count = rpcs.sum();
      long min = latencyMin.get();
      return new EdgeTotals(
          Math.max(0, devices.sum()),
          Math.max(0, websockets.sum()),
          messages.sum(),
          errors.sum(),
          bytesUp.sum(),
          bytesDown.sum(),
          count,
          latencySum.sum(),
          latencySquares.sum(),
          count == 0 || min == Long.MAX_VALUE ? 0 : min,
          latencyMax.get());
    }
  }
}
