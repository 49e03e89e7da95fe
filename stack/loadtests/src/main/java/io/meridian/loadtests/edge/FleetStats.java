package io.meridian.loadtests.edge;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * The counters of a fleet of simulated devices, updated from every event loop; {@link #snapshot}
 * reads them at once (each counter exactly, the set of them not atomically).
 */
public final class FleetStats {
  static final ObjectMapper JSON = new ObjectMapper();

  private final long startedNanos = System.nanoTime();
  private final LongAdder attempts = new LongAdder();
  private final LongAdder attaches = new LongAdder();
  private final AtomicInteger connected = new AtomicInteger();
  private final LongAdder rpcs = new LongAdder();
  private final LongAdder events = new LongAdder();
  private final LongAdder heartbeats = new LongAdder();
  private final LongAdder disconnects = new LongAdder();
  private final LongAdder bytesIn = new LongAdder();
  private final LongAdder bytesOut = new LongAdder();
  private final LongAdder attachNanos = new LongAdder();
  private final AtomicLong attachMaxNanos = new AtomicLong();
  private final AtomicLong firstAttachNanos = new AtomicLong(-1);
  private final AtomicLong lastAttachNanos = new AtomicLong(-1);
  private final Map<String, LongAdder> failures = new ConcurrentHashMap<>();
  private final Map<String, LongAdder> errors = new ConcurrentHashMap<>();

  void attempt() {
    attempts.increment();
  }

  void attached(long tookNanos) {
    long now = System.nanoTime() - startedNanos;
    attaches.increment();
    connected.incrementAndGet();
    attachNanos.add(tookNanos);
    attachMaxNanos.accumulateAndGet(tookNanos, Math::max);
    firstAttachNanos.compareAndSet(-1, now);
    lastAttachNanos.accumulateAndGet(now, Math::max);
  }

  /** An attach that did not succeed, by reason ({@code refused 403}, {@code connect}, ...). */
  void attachFailed(String reason) {
    failures.computeIfAbsent(reason, r -> new LongAdder()).increment();
  }

  /** An attached device's connection closed. */
  void disconnected() {
    disconnects.increment();
    connected.decrementAndGet();
  }

  /** Something went wrong on an attached connection, by kind. */
  void error(String kind) {
    errors.computeIfAbsent(kind, k -> new LongAdder()).increment();
  }

  void rpc() {
    rpcs.increment();
  }

  void event() {
    events.increment();
  }

  void heartbeat() {
    heartbeats.increment();
  }

  void received(int bytes) {
    bytesIn.add(bytes);
  }

  void sent(int bytes) {
    bytesOut.add(bytes);
  }

  /** Devices attached now. */
  public int connected() {
    return connected.get();
  }

  /** Every counter now. */
  public Snapshot snapshot() {
    long attached = attaches.sum();
    return new Snapshot(
        (System.nanoTime() - startedNanos) / 1e9,
        attempts.sum(),
        attached,
        connected.get(),
        sum(failures),
        rpcs.sum(),
        events.sum(),
        heartbeats.sum(),
        disconnects.sum(),
        sum(errors),
        bytesIn.sum(),
        bytesOut.sum(),
        attached == 0 ? 0 : attachNanos.sum() / attached / 1e6,
        attachMaxNanos.get() / 1e6,
        firstAttachNanos.get() < 0 ? -1 : firstAttachNanos.get() / 1e9,
        lastAttachNanos.get() < 0 ? -1 : lastAttachNanos.get() / 1e9,
        copy(failures),
        copy(errors));
  }

  private static long sum(Map<String, LongAdder> counters) {
    return counters.values().stream().mapToLong(LongAdder::sum).sum();
  }

  private static Map<String, Long> copy(Map<String, LongAdder> counters) {
    Map<String, Long> copy = new TreeMap<>();
    counters.forEach((key, value) -> copy.put(key, value.sum()));
    return copy;
  }

  /** The counters at one moment, {@code seconds} after the fleet started. */
  public record Snapshot(
      double seconds,
      long attempts,
      long attaches,
      int connected,
      long attachFailures,
      long rpcs,
      long events,
      long heartbeats,
      long disconnects,
      long errors,
      long bytesIn,
      long bytesOut,
      double attachMeanMs,
      double attachMaxMs,
      double firstAttachSeconds,
      double lastAttachSeconds,
      Map<String, Long> failuresByReason,
      Map<String, Long> errorsByKind) {

    /** Attaches per second from the first to the last (0 with fewer than two). */
    public double attachRate() {
      double span = lastAttachSeconds - firstAttachSeconds;
      return attaches < 2 || span <= 0 ? 0 : (attaches - 1) / span;
    }

    /** One progress line, with rates since {@code previous}. */
    public String line(Snapshot previous, int devices) {
      double span = Math.max(1e-3, seconds - previous.seconds);
      return String.format(
          Locale.ROOT,
          "[%6.1fs] attached %,d/%,d (+%,.0f/s) connected %,d failed %,d | rpc %,d (%,.0f/s)"
              + " events %,d (%,.0f/s) heartbeats %,d | disconnects %,d errors %,d",
          seconds,
          attaches,
          devices,
          (attaches - previous.attaches) / span,
          connected,
          attachFailures,
          rpcs,
          (rpcs - previous.rpcs) / span,
          events,
          (events - previous.events) / span,
          heartbeats,
          disconnects,
          errors);
    }

    /** The counters as JSON (the summary's {@code devices} part). */
    public ObjectNode json() {
      ObjectNode node = JSON.createObjectNode();
      node.put("seconds", round(seconds));
      node.put("attempts", attempts);
      node.put("attached", attaches);
      node.put("connected", connected);
      node.put("attachFailures", attachFailures);
      node.put("attachRatePerSecond", round(attachRate()));
      node.put("attachMeanMs", round(attachMeanMs));
      node.put("attachMaxMs", round(attachMaxMs));
      node.put("rpcsAnswered", rpcs);
      node.put("eventsSent", events);
      node.put("heartbeatsSent", heartbeats);
      node.put("disconnects", disconnects);
      node.put("errors", errors);
      node.put("bytesReceived", bytesIn);
      node.put("bytesSent", bytesOut);
      failuresByReason.forEach(node.putObject("failuresByReason")::put);
      errorsByKind.forEach(node.putObject("errorsByKind")::put);
      return node;
    }

    private static double round(double value) {
      return Math.round(value * 100) / 100.0;
    }
  }
}
