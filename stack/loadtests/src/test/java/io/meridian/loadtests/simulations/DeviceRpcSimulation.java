package io.meridian.loadtests.simulations;

import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.scenario;

import io.gatling.javaapi.core.Assertion;
import io.meridian.loadtests.LoadConfig;
import io.meridian.loadtests.LocalTarget;
import io.meridian.loadtests.edge.AttachRequest;
import io.meridian.loadtests.edge.Fleet;
import io.meridian.loadtests.edge.FleetOptions;
import io.meridian.loadtests.edge.FleetStats;
import io.meridian.loadtests.edge.Framing;
import io.meridian.loadtests.edge.Replier;
import io.meridian.loadtests.scenarios.DeviceRpc;
import io.meridian.loadtests.scenarios.HeapProbe;
import io.meridian.loadtests.scenarios.Protocol;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * RPCs from an app to attached devices through the edge (issue 20): {@code rpcRate} RPCs a second
 * (smoke 50, full 1,500) for {@code duration} (20 s / 120 s), each {@code POST
 * /{org}/{app}/devices/{id}/send} to a random one of {@code devices} simulated devices (200 /
 * 19,000), each needing the device's answer.
 *
 * <p>The devices are those of the device simulator ({@link Fleet}), named {@code devicePrefix} and
 * six digits from {@code firstDevice}. With {@code fleet=inline} (the smoke profile's default) the
 * simulation attaches them itself, in this process, before the load, and records the fleet's
 * counters ({@code measured.devices}: attach rate, RPCs answered) and, with a local server, its
 * heap per attached idle device ({@code measured.heap}, as the fan-out simulation does). With
 * {@code fleet=external} (the full profile's default: 19,000 devices need their own processes, see
 * {@code stack/loadtests/edge/devices.sh}) they must already be attached to the application given
 * by {@code loadtest.org}/{@code app}/{@code clientId}/{@code clientSecret}.
 *
 * <p>A local server runs in keyspace {@code meridian_lt_edge} with its device port on a free port;
 * against a given {@code baseUrl} the devices attach to {@code edgeHost} (the base URL's host) and
 * {@code edgePort} (8090).
 */
public class DeviceRpcSimulation extends MeridianSimulation {
  /** The local server's device port, chosen before the server starts. */
  private static final int LOCAL_EDGE_PORT = LocalTarget.freePort();

  private final Fleet fleet;
  private final HeapProbe heap;
  private final int devices;
  private final Duration attachWait;

  public DeviceRpcSimulation() {
    super("devicerpc", DeviceRpcSimulation::serverProperties);
    devices = config.integer("devices", 200, 19_000);
    int first = config.integer("firstDevice", 0, 0);
    String prefix = config.text("devicePrefix", "sim-");
    double rate = config.decimal("rpcRate", 50, 1_500);
    Duration duration = config.duration(Duration.ofSeconds(20), Duration.ofSeconds(120));
    boolean jsonRpc = Boolean.parseBoolean(config.text("jsonRpc", "false"));
    String mode = config.text("fleet", config.full() ? "external" : "inline");
    if (!mode.equals("inline") && !mode.equals("external")) {
      throw new IllegalArgumentException(
          LoadConfig.PREFIX + "fleet must be inline or external, not '" + mode + "'");
    }
    attachWait = config.duration("attachWait", Duration.ofSeconds(60), Duration.ofSeconds(300));
    // The fleet attaches with the application key alone, which the application must allow (open
    // attachment, docs/devices.md): 19,000 devices then need no secret fetched each. What this
    // measures is RPCs; an attach with a secret costs the server one HMAC more.
    target
        .client()
        .send(
            "PUT",
            target.app().path() + "/devices/_settings",
            "{\"device_secret_required\":false}",
            target.clientToken());
    fleet = mode.equals("inline") ? new Fleet(fleetOptions(prefix, first, jsonRpc)) : null;
    heap = new HeapProbe(fleet == null ? OptionalLong.empty() : target.serverPid());
    DeviceRpc rpc =
        new DeviceRpc(
            target.app().path(), prefix, first, devices, jsonRpc, config.text("sendQuery", ""));
    String token = target.clientToken();
    setUp(
            scenario("device rpc")
                .exec(session -> session.set(Protocol.TOKEN, token))
                .exec(rpc.send())
                .injectOpen(constantUsersPerSec(rate).during(duration)))
        // An application server calls the edge over a bounded pool of kept-alive connections; a
        // new connection per RPC would measure TCP set-up, and a pool without bound would exhaust
        // the node's files next to 19,000 devices whenever the node slows down.
        .protocols(
            Protocol.of(target.baseUrl())
                .shareConnections()
                .maxConnectionsPerHost(config.integer("maxConnections", 64, 256)))
        .maxDuration(duration.plusMinutes(2))
        .assertions(assertions());
  }

  private FleetOptions fleetOptions(String prefix, int first, boolean jsonRpc) {
    boolean local = target.serverPid().isPresent();
    String secret = config.text("deviceSecret", "");
    return new FleetOptions(
        config.text("edgeHost", target.baseUrl().getHost()),
        local ? LOCAL_EDGE_PORT : config.integer("edgePort", 8090, 8090),
        target.app().clientId(),
        prefix,
        first,
        devices,
        config.decimal("attachRate", 200, 1_000),
        FleetOptions.addresses(
            config.text("sourceBase", "127.0.1.1"), config.integer("sources", 4, 8)),
        secret,
        AttachRequest.SecretMode.parse(
            secret.isEmpty() ? "none" : config.text("secretIn", "query")),
        Framing.parse(config.text("framing", "libcometa")),
        new Replier(jsonRpc ? Replier.Mode.JSONRPC : Replier.Mode.ECHO, ""),
        0,
        0,
        null,
        "gatling device",
        false,
        Duration.ofSeconds(30),
        2);
  }

  /** The gates of every simulation, and the largest response time. */
  private Assertion[] assertions() {
    Assertion[] common = gates(new Gate(2_000, 50), new Gate(300, 5), new Gate(25, 1_200));
    Assertion max = global().responseTime().max().lt(config.integer("gate.maxMs", 10_000, 250));
    return Stream.concat(Arrays.stream(common), Stream.of(max)).toArray(Assertion[]::new);
  }

  /**
   * A local server in a keyspace of its own (it would otherwise load every other simulation's
   * fences at startup), with its device port on a free port, and without the per-node bounds of one
   * application's devices and waiting RPCs: the simulation's one caller may have as many RPCs
   * waiting as its pool has connections (256), and the measurement is the edge's, not the bounds'.
   */
  private static Map<String, String> serverProperties(LoadConfig config) {
    Map<String, String> properties = new LinkedHashMap<>();
    properties.put("meridian.cassandra.keyspace", "meridian_lt_edge");
    properties.put("meridian.elasticsearch.index-prefix", "meridian-lt-edge");
    properties.put("meridian.edge.port", Integer.toString(LOCAL_EDGE_PORT));
    properties.put("meridian.edge.limits.attachments-per-application", "0");
    properties.put("meridian.edge.limits.rpcs-per-caller", "0");
    properties.put("meridian.edge.limits.rpcs-per-application", "0");
    return properties;
  }

  @Override
  public void before() {
    if (fleet != null) {
      heap.sampleBefore();
      fleet.start();
      boolean all;
      try {
        all = fleet.awaitAttached(attachWait);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("Interrupted while the devices attached", e);
      }
      FleetStats.Snapshot attached = fleet.stats().snapshot();
      System.out.printf(
          "Devices: %,d of %,d attached in %.1f s (%.0f/s, mean %.1f ms), failures %s%n",
          attached.attaches(),
          devices,
          attached.lastAttachSeconds(),
          attached.attachRate(),
          attached.attachMeanMs(),
          attached.failuresByReason());
      if (!all) {
        fleet.close();
        throw new IllegalStateException(
            "Only "
                + attached.connected()
                + " of "
                + devices
                + " devices attached in "
                + attachWait
                + ": "
                + attached.failuresByReason());
      }
      heap.sampleAfter();
    }
    super.before();
  }

  @Override
  public void after() {
    if (fleet != null) {
      target.note("devices", fleet.stats().snapshot().json());
      target.note("heap", heap.summary(devices));
      fleet.close();
    }
    super.after();
  }
}
