package io.meridian.loadtests.scenarios;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.asLongAs;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.jsonPath;
import static io.gatling.javaapi.core.CoreDsl.pace;
import static io.gatling.javaapi.core.CoreDsl.pause;
import static io.gatling.javaapi.core.CoreDsl.repeat;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;
import static io.gatling.javaapi.http.HttpDsl.ws;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gatling.http.action.ws.WsInboundMessage;
import io.gatling.javaapi.core.ActionBuilder;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.CheckBuilder;
import io.gatling.javaapi.core.Session;
import io.meridian.loadtests.load.MeridianClient;
import java.io.IOException;
import java.time.Duration;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Fan-out of writes to real-time subscribers: every subscriber opens a socket and subscribes to one
 * collection; once all have, one writer creates and updates entities there (POST, then PUT of the
 * same entity, in turn), each carrying its write number {@code n} and the time it was sent, {@code
 * sent_at} in epoch milliseconds. Each subscriber takes the events as they come, records each one's
 * latency from {@code sent_at} to its arrival (Gatling's receipt time of the frame) and finally
 * checks that it received every acknowledged write exactly once.
 *
 * <p>The writer and the subscribers of a run share this object; the latencies and deliveries are
 * read from it after the run ({@link #summary}).
 */
public final class FanOut {
  private static final Duration POLL = Duration.ofMillis(500);
  private static final String TALLY = "tally";

  private final String appPath;
  private final String collection;
  private final String runId = MeridianClient.randomText(8);
  private final int subscribers;
  private final AtomicInteger subscribed = new AtomicInteger();
  private final BitSet acknowledged = new BitSet();
  private final AtomicLong writesDoneAt = new AtomicLong(Long.MAX_VALUE);
  private final Latencies latencies = new Latencies();
  private final Throughput deliveries = new Throughput();
  private final AtomicLong duplicates = new AtomicLong();
  private final Duration drain;

  /**
   * Subscribers wait for the event of every acknowledged write, at most {@code drain} after the
   * last one, then check what they got.
   */
  public FanOut(String appPath, String collection, int subscribers, Duration drain) {
    this.appPath = appPath;
    this.collection = collection;
    this.subscribers = subscribers;
    this.drain = drain;
  }

  /** Subscribers that hold a subscription. */
  public int subscribed() {
    return subscribed.get();
  }

  /**
   * A subscriber: opens its socket with {@code token}, subscribes, takes events until the writer is
   * done and the drain is over, then checks that it got every acknowledged write once.
   */
  public ChainBuilder subscriber(String token, Duration timeout) {
    String subscribe =
        MeridianClient.JSON
            .createObjectNode()
            .put("op", "subscribe")
            .put("id", "s")
            .put("collection", collection)
            .set("events", MeridianClient.JSON.createArrayNode().add("create").add("update"))
            .toString();
    return exec(session -> session.set(TALLY, new Tally()))
        .exec(ws("open socket").connect(appPath + "/_realtime?access_token=" + token))
        .exec(
            ws("subscribe")
                .sendText(subscribe)
                .await(timeout)
                .on(
                    ws.checkTextMessage("subscribed")
                        .matching(jsonPath("$.id").is("s"))
                        .check(jsonPath("$.op").is("subscribed"))))
        .exec(
            session -> {
              if (!session.isFailed()) {
                subscribed.incrementAndGet();
              }
              return session;
            })
        .exec(
            asLongAs(session -> !drained(session))
                .on(pause(POLL).exec(ws.processUnmatchedMessages(this::take))))
        // The pong comes after every event the node had sent this connection before it.
        .exec(ping("drain", "d1", timeout, jsonPath("$.op").is("pong")))
        .exec(ws.processUnmatchedMessages(this::take))
        .exec(
            ping(
                "every event received",
                "d2",
                timeout,
                jsonPath("$.op").transformWithSession((op, session) -> missing(session)).is("")))
        .exec(ws("close socket").close());
  }

  /** A ping whose pong is checked with {@code check}. */
  private static ActionBuilder ping(String name, String id, Duration timeout, CheckBuilder check) {
    return ws(name)
        .sendText("{\"op\":\"ping\",\"id\":\"" + id + "\"}")
        .await(timeout)
        .on(ws.checkTextMessage(name + " (pong)").matching(jsonPath("$.id").is(id)).check(check));
  }

  /**
   * The writer: waits (up to {@code wait}) until every subscriber is subscribed, runs {@code
   * whenSubscribed} (the idle measurement), then sends {@code writes} writes, {@code rate} a
   * second, each needing a 200.
   */
  public ChainBuilder writer(int writes, double rate, Duration wait, Runnable whenSubscribed) {
    AtomicLong deadline = new AtomicLong();
    return exec(session -> {
          deadline.set(System.nanoTime() + wait.toNanos());
          return session;
        })
        .exec(
            asLongAs(
                    session -> subscribed.get() < subscribers && System.nanoTime() < deadline.get())
                .on(pause(POLL)))
        .exec(
            session -> {
              whenSubscribed.run();
              return session;
            })
        .exec(
            repeat(writes, "n")
                .on(
                    exec(pace(Duration.ofNanos((long) (1e9 / rate))))
                        .exec(
                            http("write (POST or PUT)")
                                .httpRequest(
                                    session -> session.getInt("n") % 2 == 0 ? "POST" : "PUT",
                                    session ->
                                        session.getInt("n") % 2 == 0
                                            ? appPath + "/" + collection
                                            : appPath
                                                + "/"
                                                + collection
                                                + "/"
                                                + entity(session, -1))
                                .body(StringBody(this::write))
                                .check(status().is(200)))
                        .exec(
                            session -> {
                              if (!session.isFailed()) {
                                synchronized (acknowledged) {
                                  acknowledged.set(session.getInt("n"));
                                }
                              }
                              return session;
                            })))
        .exec(
            session -> {
              writesDoneAt.set(System.currentTimeMillis());
              return session;
            });
  }

  /** Entity {@code n + offset}'s name: writes 2k and 2k + 1 create and update entity 2k. */
  private String entity(Session session, int offset) {
    return "fan-" + runId + "-" + (session.getInt("n") + offset);
  }

  private String write(Session session) {
    int n = session.getInt("n");
    ObjectNode entity = MeridianClient.JSON.createObjectNode();
    if (n % 2 == 0) {
      entity.put("name", entity(session, 0));
    }
    return entity.put("n", n).put("sent_at", System.currentTimeMillis()).toString();
  }

  /** The writer is done and this subscriber got every acknowledged write, or the drain is over. */
  private boolean drained(Session session) {
    long done = writesDoneAt.get();
    if (done == Long.MAX_VALUE) {
      return false;
    }
    return System.currentTimeMillis() > done + drain.toMillis() || missed(session).isEmpty();
  }

  private BitSet missed(Session session) {
    BitSet missed;
    synchronized (acknowledged) {
      missed = (BitSet) acknowledged.clone();
    }
    missed.andNot(((Tally) session.get(TALLY)).received);
    return missed;
  }

  /** Records the events among {@code messages}. */
  private Session take(List<WsInboundMessage> messages, Session session) {
    Tally tally = (Tally) session.get(TALLY);
    for (WsInboundMessage message : messages) {
      if (!(message instanceof WsInboundMessage.Text text)) {
        tally.other++;
        continue;
      }
      JsonNode frame;
      try {
        frame = MeridianClient.JSON.readTree(text.message());
      } catch (IOException e) {
        tally.other++;
        continue;
      }
      if (!frame.path("op").asText().equals("event")) {
        // A pong matched by no check, or an error: the final check names what is unexpected.
        if (!frame.path("op").asText().equals("pong")) {
          tally.other++;
        }
        continue;
      }
      JsonNode entity = frame.path("entity");
      int n = entity.path("n").asInt(-1);
      if (n < 0 || !entity.has("sent_at")) {
        tally.other++;
        continue;
      }
      if (tally.received.get(n)) {
        tally.duplicates++;
        duplicates.incrementAndGet();
      }
      tally.received.set(n);
      latencies.record(text.timestamp() - entity.path("sent_at").asLong());
      deliveries.recordAt(text.timestamp());
    }
    return session;
  }

  /** "" when the subscriber got every acknowledged write once and nothing else, else what not. */
  private String missing(Session session) {
    Tally tally = (Tally) session.get(TALLY);
    BitSet missed = missed(session);
    if (missed.isEmpty() && tally.duplicates == 0 && tally.other == 0) {
      return "";
    }
    return missed.cardinality()
        + " events missing (first "
        + missed.nextSetBit(0)
        + "), "
        + tally.duplicates
        + " twice, "
        + tally.other
        + " unexpected messages";
  }

  /** Deliveries, their rate and their latency from write to receipt. */
  public ObjectNode summary() {
    ObjectNode summary = MeridianClient.JSON.createObjectNode();
    int writes;
    synchronized (acknowledged) {
      writes = acknowledged.cardinality();
    }
    summary.put("subscribers", subscribers);
    summary.put("subscribed", subscribed.get());
    summary.put("writesAcknowledged", writes);
    summary.put("deliveriesExpected", (long) writes * subscribed.get());
    summary.put("duplicates", duplicates.get());
    summary.set("deliveries", deliveries.summary(10));
    summary.set("latencyMs", latencies.summary());
    return summary;
  }

  /** One subscriber's events; touched only by its virtual user. */
  private static final class Tally {
    final BitSet received = new BitSet();
    long duplicates;
    long other;
  }
}
