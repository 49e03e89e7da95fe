package io.meridian.loadtests.simulations;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.rampUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;

import io.gatling.javaapi.core.ScenarioBuilder;
import io.meridian.loadtests.LoadConfig;
import io.meridian.loadtests.scenarios.FanOut;
import io.meridian.loadtests.scenarios.HeapProbe;
import io.meridian.loadtests.scenarios.Protocol;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Fan-out of writes to real-time subscribers on one node: {@code subscribers} sockets (smoke 200,
 * full 10,000) open over {@code ramp} (5 s / 60 s), each subscribed to collection {@code
 * collection}; once all are subscribed, one writer sends {@code writes} writes (20 / 100) at {@code
 * writeRate} a second (5 / 1), creating and updating entities in turn. Every subscriber must get
 * every write's event once (the {@code every event received} check). Recorded beyond Gatling's
 * statistics ({@code measured.fanOut}): deliveries per second and the latency from each write's
 * {@code sent_at} to the event's arrival; with a local server, its heap per idle connection ({@code
 * measured.heap}): used heap after a full GC before the sockets open and once all are subscribed,
 * divided by the subscribers.
 *
 * <p>A local server runs in keyspace {@code meridian_lt_fanout}, and with {@code
 * server.tomcat.max-connections} raised above the subscribers when they exceed the server's default
 * (16,384; Tomcat's own, 8,192, would hold the 8,193rd socket in the accept queue), and with the
 * node's bounds of sockets and subscriptions per address, caller and application ({@code
 * meridian.realtime.limits}) raised to the subscribers as well.
 */
public class FanOutSimulation extends MeridianSimulation {
  /** The server's default {@code server.tomcat.max-connections} (Tomcat's own is 8,192). */
  private static final int SERVER_MAX_CONNECTIONS = 16_384;

  private final FanOut fanOut;
  private final HeapProbe heap;
  private final int subscribers;

  public FanOutSimulation() {
    super("fanout", FanOutSimulation::serverProperties);
    subscribers = config.integer("subscribers", 200, 10_000);
    Duration ramp = config.duration("ramp", Duration.ofSeconds(5), Duration.ofSeconds(60));
    int writes = config.integer("writes", 20, 100);
    double rate = config.decimal("writeRate", 5, 1);
    Duration timeout =
        config.duration("answerTimeout", Duration.ofSeconds(30), Duration.ofSeconds(60));
    fanOut =
        new FanOut(
            target.app().path(),
            config.text("collection", "fanout"),
            subscribers,
            config.duration("drain", Duration.ofSeconds(30), Duration.ofSeconds(120)));
    heap = new HeapProbe(target.serverPid());
    String token = target.clientToken();

    ScenarioBuilder subscribing = scenario("subscribers").exec(fanOut.subscriber(token, timeout));
    ScenarioBuilder writing =
        scenario("writer")
            .exec(session -> session.set(Protocol.TOKEN, token))
            .exec(
                fanOut.writer(writes, rate, ramp.plus(Duration.ofSeconds(60)), heap::sampleAfter));
    setUp(
            subscribing.injectOpen(rampUsers(subscribers).during(ramp)),
            writing.injectOpen(atOnceUsers(1)))
        .protocols(Protocol.withSockets(target.baseUrl(), writes + 100))
        .maxDuration(config.duration("maxDuration", Duration.ofMinutes(5), Duration.ofMinutes(20)))
        .assertions(gates(new Gate(10_000, 30_000), new Gate(1_000, 5_000), new Gate(1, 1)));
  }

  /**
   * A local server holds every subscriber's socket, and has a keyspace of its own: in the shared
   * one it would load every other simulation's fences at startup (300,000 after a full geomarketing
   * run), which takes minutes and heap that is not the connections'.
   */
  private static Map<String, String> serverProperties(LoadConfig config) {
    Map<String, String> properties = new LinkedHashMap<>();
    properties.put("meridian.cassandra.keyspace", "meridian_lt_fanout");
    properties.put("meridian.elasticsearch.index-prefix", "meridian-lt-fanout");
    int connections = config.integer("subscribers", 200, 10_000) + 1_000;
    if (connections > SERVER_MAX_CONNECTIONS) {
      properties.put("server.tomcat.max-connections", Integer.toString(connections));
    }
    // Every subscriber is the same caller (the application's token) at the same loopback address,
    // beyond the node's bounds of one address's and one caller's sockets and subscriptions
    // (1,000 and 10,000): this run measures fan-out, so it sets them to what it opens.
    String sockets = Integer.toString(connections);
    properties.put("meridian.realtime.limits.sockets-per-address", sockets);
    properties.put("meridian.realtime.limits.sockets-per-identity", sockets);
    properties.put("meridian.realtime.limits.sockets-per-application", sockets);
    properties.put("meridian.realtime.limits.subscriptions-per-identity", sockets);
    return properties;
  }

  @Override
  public void before() {
    heap.sampleBefore();
    super.before();
  }

  @Override
  public void after() {
    target.note("fanOut", fanOut.summary());
    target.note("heap", heap.summary(fanOut.subscribed()));
    super.after();
  }
}
