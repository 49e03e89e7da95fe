package io.meridian.loadtests.faults;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.loadtests.load.MeridianClient;
import io.meridian.loadtests.load.MeridianClient.App;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.LongAdder;

/**
 * A write load that records every acknowledged write, for fault tests: writers POST small entities
 * with unique names ({@code <runId>-<writer>-<seq>}) to one collection until {@link #stop()}. A
 * write is acknowledged only by a 200 whose body holds the new entity's uuid; every other outcome
 * (a status, a timeout, a refused or broken connection) is counted by kind and never retried, since
 * a retried POST could create the entity twice. A write that failed on the client may still exist
 * on the server; only acknowledged ones are checked afterwards ({@link AckCheck}).
 *
 * <p>With several nodes, writer {@code w} sends its {@code n}th write to node {@code (w + n) mod
 * nodes}, so every node gets writes from every writer and a dead node costs each writer every other
 * write. Meridian names no node in its answers, so an acknowledgment records the node it was sent
 * to (the load balancer's address when there is one).
 */
public final class WriteLoad {
  /** Pause after a failed write, so that writers against a dead cluster do not spin. */
  static final Duration ERROR_BACKOFF = Duration.ofMillis(200);

  /** One acknowledged write: when it was acknowledged, how long the POST took, where it went. */
  public record Ack(
      UUID uuid, String name, int writer, long seq, Instant at, Duration took, URI node) {}

  /**
   * What a load writes and where: {@code nodes} (the load balancer, or nodes to rotate), the
   * application and a token that may write to it, the collection, and {@code writers} threads.
   * Writes use the default read-your-writes consistency and {@link NodeHttp#DEFAULT_TIMEOUT}.
   */
  public record Options(List<URI> nodes, App app, String token, String collection, int writers) {
    public Options {
      nodes = NodeHttp.requireLoopback(nodes);
      if (writers < 1) {
        throw new IllegalArgumentException("At least one writer: " + writers);
      }
    }

    /** Four writers. */
    public static Options of(List<URI> nodes, App app, String token, String collection) {
      return new Options(nodes, app, token, collection, 4);
    }

    public Options withWriters(int count) {
      return new Options(nodes, app, token, collection, count);
    }
  }

  private final Options options;
  private final String runId;
  private final NodeHttp http;
  private final Outcomes outcomes = new Outcomes();
  private final ConcurrentLinkedQueue<Ack> acks = new ConcurrentLinkedQueue<>();
  private final LongAdder acknowledged = new LongAdder();
  private final List<Thread> threads = new ArrayList<>();
  private final long startedNanos;
  private volatile boolean running = true;
  private Result result;

  private WriteLoad(Options options) {
    this.options = options;
    this.runId = newRunId();
    this.http = new NodeHttp(NodeHttp.DEFAULT_TIMEOUT);
    this.startedNanos = System.nanoTime();
  }

  /** Starts the writers and returns at once. */
  public static WriteLoad start(Options options) {
    WriteLoad load = new WriteLoad(options);
    for (int writer = 0; writer < options.writers(); writer++) {
      int id = writer;
      Thread thread = new Thread(() -> load.write(id), "write-load-" + load.runId + "-" + writer);
      thread.setDaemon(true);
      load.threads.add(thread);
    }
    load.threads.forEach(Thread::start);
    System.out.printf(
        "Write load %s: %d writers to %s %s%n",
        load.runId, options.writers(), options.nodes(), options.collection());
    return load;
  }

  /** A short id, unique enough to tell runs apart in one collection: {@code r} and 8 letters. */
  static String newRunId() {
    return "r" + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40, 1L << 41), 36);
  }

  public String runId() {
    return runId;
  }

  /** Writes acknowledged so far, for a test that waits for the load to be under way. */
  public long acknowledged() {
    return acknowledged.sum();
  }

  /** Waits until at least {@code count} writes are acknowledged; false if {@code limit} passes. */
  public boolean awaitAcknowledged(long count, Duration limit) throws InterruptedException {
    long deadline = System.nanoTime() + limit.toNanos();
    while (acknowledged() < count) {
      if (System.nanoTime() > deadline) {
        return false;
      }
      Thread.sleep(20);
    }
    return true;
  }

  /**
   * Stops the writers, waits for the writes in flight to end (at most one request timeout), and
   * returns what the load did. Calling it again returns the same result.
   */
  public synchronized Result stop() throws InterruptedException {
    if (result != null) {
      return result;
    }
    running = false;
    long waitMillis = NodeHttp.DEFAULT_TIMEOUT.plusSeconds(5).toMillis();
    for (Thread thread : threads) {
      thread.join(waitMillis);
      if (thread.isAlive()) {
        throw new IllegalStateException(
            thread.getName() + " did not stop in " + waitMillis + " ms");
      }
    }
    Duration took = Duration.ofNanos(System.nanoTime() - startedNanos);
    result =
        new Result(
            runId,
            options.collection(),
            List.copyOf(acks),
            outcomes.snapshot(),
            outcomes.attempts(),
            took);
    return result;
  }

  private void write(int writer) {
    String path = options.app().path() + "/" + options.collection();
    for (long seq = 0; running; seq++) {
      URI node = options.nodes().get((int) ((writer + seq) % options.nodes().size()));
      String name = runId + "-" + writer + "-" + seq;
      String outcome;
      Optional<UUID> uuid = Optional.empty();
      long sent = System.nanoTime();
      try {
        NodeHttp.Reply reply =
            http.send(
                "POST",
                NodeHttp.url(node, path),
                entity(runId, name, writer, seq),
                options.token());
        uuid = acknowledgedUuid(reply.status(), reply.json(), name);
        outcome = uuid.isPresent() ? Outcomes.ACKNOWLEDGED : outcomeOf(reply.status());
      } catch (IOException e) {
        outcome = NodeHttp.outcomeOf(e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
      outcomes.count(outcome);
      if (uuid.isPresent()) {
        Duration took = Duration.ofNanos(System.nanoTime() - sent);
        acks.add(new Ack(uuid.get(), name, writer, seq, Instant.now(), took, node));
        acknowledged.increment();
      } else {
        pause(ERROR_BACKOFF);
      }
    }
  }

  /** The outcome name of an answer that is not an acknowledgment: its status. */
  static String outcomeOf(int status) {
    return status == 200 ? "200 without uuid" : Integer.toString(status);
  }

  /**
   * The uuid of the entity a POST created, if the answer acknowledges it: a 200 whose first entity
   * has a uuid and the name that was sent.
   */
  static Optional<UUID> acknowledgedUuid(int status, JsonNode answer, String name) {
    if (status != 200) {
      return Optional.empty();
    }
    JsonNode entity = answer.path("entities").path(0);
    String uuid = entity.path("uuid").asText("");
    if (uuid.isEmpty() || !name.equals(entity.path("name").asText())) {
      return Optional.empty();
    }
    try {
      return Optional.of(UUID.fromString(uuid));
    } catch (IllegalArgumentException notUuid) {
      return Optional.empty();
    }
  }

  /** The entity a writer sends: findable by name, by {@code runId} and by location. */
  static String entity(String runId, String name, int writer, long seq) {
    ObjectNode entity = MeridianClient.JSON.createObjectNode();
    entity.put("name", name);
    entity.put("runId", runId);
    entity.put("writer", writer);
    entity.put("seq", seq);
    // Spread over a few kilometres of the Bay Area, as the load tests' places are.
    ObjectNode location = entity.putObject("location");
    location.put("latitude", round(37.70 + (seq % 100) * 0.001));
    location.put("longitude", round(-122.50 + writer * 0.01));
    return entity.toString();
  }

  private static double round(double degrees) {
    return Math.round(degrees * 1e6) / 1e6;
  }

  private static void pause(Duration time) {
    if (time.isZero() || time.isNegative()) {
      return;
    }
    try {
      Thread.sleep(time.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * What a load did: its acknowledged writes (in the order they were acknowledged), the count of
   * every other outcome by kind (a status such as {@code 503}, {@code timeout}, {@code refused},
   * {@code IO}), the attempts and how long it ran.
   */
  public record Result(
      String runId,
      String collection,
      List<Ack> acks,
      Map<String, Long> failures,
      long attempts,
      Duration duration) {
    public Result {
      acks = List.copyOf(acks);
      failures = Outcomes.ordered(failures);
    }

    public long acknowledged() {
      return acks.size();
    }

    public long failed() {
      return failures.values().stream().mapToLong(Long::longValue).sum();
    }

    public double acksPerSecond() {
      double seconds = duration.toNanos() / 1e9;
      return seconds == 0 ? 0 : acks.size() / seconds;
    }

    /** Acknowledgments per node they were sent to. */
    public Map<URI, Long> acksByNode() {
      Map<URI, Long> byNode = new TreeMap<>();
      acks.forEach(ack -> byNode.merge(ack.node(), 1L, Long::sum));
      return Collections.unmodifiableMap(byNode);
    }

    /**
     * The time within which a {@code fraction} of the acknowledged writes were acknowledged (0.5:
     * the median, 1: the slowest); zero without acknowledgments.
     */
    public Duration ackLatency(double fraction) {
      if (acks.isEmpty()) {
        return Duration.ZERO;
      }
      List<Duration> sorted = acks.stream().map(Ack::took).sorted().toList();
      int index = (int) Math.ceil(fraction * sorted.size()) - 1;
      return sorted.get(Math.max(0, Math.min(index, sorted.size() - 1)));
    }

    /**
     * One line: {@code r1a2b3c: 1234 acknowledged of 1240 attempts in 5.0 s (246.8/s, median 12 ms,
     * max 850 ms), writes failed: 3 IO, 1 503}.
     */
    public String summary() {
      return String.format(
          Locale.ROOT,
          "%s: %d acknowledged of %d attempts in %.1f s (%.1f/s, median %d ms, max %d ms),"
              + " writes failed: %s",
          runId,
          acknowledged(),
          attempts,
          duration.toMillis() / 1000.0,
          acksPerSecond(),
          ackLatency(0.5).toMillis(),
          ackLatency(1).toMillis(),
          Outcomes.describe(failures));
    }
  }
}
