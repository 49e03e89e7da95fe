package io.meridian.local;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * HAProxy in front of the REST nodes of a {@link LocalCluster}, in master-worker mode so that a new
 * set of nodes is a reload (SIGUSR2), never a restart that drops connections: the API over HTTP,
 * and the devices' two ports (Cometa's protocol, MQTT) as TCP.
 */
final class LoadBalancerService extends ManagedService {

  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();

  /** The backends, by name in HAProxy's configuration and statistics. */
  static final String API = "rest";

  static final String DEVICES = "device_ports";
  static final String MQTT = "mqtt_ports";

  /** Connections the API frontend may hold (HTTP clients, load generators). */
  static final int API_CONNECTIONS = 8000;

  /** Connections each device frontend may hold: ~50,000 devices, and a fifth to spare. */
  static final int DEVICE_CONNECTIONS = 60_000;

  /** Descriptors HAProxy needs beside its connections: listeners, checks, the master's pipes. */
  static final int RESERVED_FILES = 200;

  private final ClusterConfig cluster;
  private List<RestNodeService> backends = List.of();

  LoadBalancerService(LocalServicesConfig config, ClusterConfig cluster) {
    super(config);
    this.cluster = cluster;
  }

  @Override
  String name() {
    return "lb";
  }

  Path configFile() {
    return config.dataDir().resolve("haproxy.cfg");
  }

  @Override
  Path pidFile() {
    return layout.run().resolve("haproxy.pid");
  }

  @Override
  List<Path> logFiles() {
    return List.of(layout.logs().resolve("haproxy.log"));
  }

  @Override
  String processMarker() {
    return "haproxy";
  }

  @Override
  List<Preflight.PortUse> ports() {
    return List.of(
        new Preflight.PortUse(cluster.loadBalancerPort(), "load balancer", "--port-offset"),
        new Preflight.PortUse(cluster.statsPort(), "HAProxy statistics", "--port-offset"),
        new Preflight.PortUse(cluster.deviceLoadBalancerPort(), "device frontend", "--port-offset"),
        new Preflight.PortUse(cluster.mqttLoadBalancerPort(), "MQTT frontend", "--port-offset"));
  }

  @Override
  Path dataDir() {
    return config.dataDir();
  }

  @Override
  boolean isReady() {
    return stats() != null;
  }

  @Override
  Duration stopGrace() {
    return Duration.ofSeconds(10);
  }

  void backends(List<RestNodeService> nodes) {
    this.backends = List.copyOf(nodes);
  }

  @Override
  Process launch() throws IOException {
    String haproxy = Haproxy.ensureInstalled();
    Files.createDirectories(layout.logs());
    Files.createDirectories(layout.run());
    writeConfig(haproxy);
    // -W: master-worker, so SIGUSR2 reloads; -db: stay in the foreground, the pid is ours.
    return new ProcessBuilder("setsid", haproxy, "-W", "-db", "-f", configFile().toString())
        .directory(config.dataDir().toFile())
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(logFiles().get(0).toFile()))
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
        .start();
  }

  @Override
  OptionalLong serverPid(Process launcher) {
    return OptionalLong.of(launcher.pid());
  }

  /** Rewrites the configuration for the current backends and reloads the running HAProxy. */
  void reload() {
    OptionalLong pid = runningPid();
    if (pid.isEmpty()) {
      start();
      return;
    }
    try {
      writeConfig(Haproxy.ensureInstalled());
    } catch (IOException e) {
      throw new LocalServicesException("Cannot write " + configFile() + ": " + e.getMessage(), e);
    }
    Processes.Result result = Processes.run("kill", "-USR2", Long.toString(pid.getAsLong()));
    if (result.exitCode() != 0) {
      throw new LocalServicesException("Cannot reload HAProxy: " + result.output());
    }
  }

  private void writeConfig(String haproxy) throws IOException {
    Path next = configFile().resolveSibling("haproxy.cfg.next");
    Files.writeString(next, config(cluster, backends, Haproxy.openFilesLimit()));
    Processes.Result check = Processes.run(haproxy, "-c", "-q", "-f", next.toString());
    if (check.exitCode() != 0) {
      throw new LocalServicesException("HAProxy rejects its configuration: " + check.output());
    }
    Files.move(next, configFile(), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
  }

  /**
   * HAProxy's global connection limit under a hard limit of {@code openFiles} descriptors: every
   * connection through it holds two (the client's and the node's), and a few hundred go to
   * listeners, health checks and the master's pipes. Without a known limit, what the cluster is
   * meant for: the API's connections plus ~50,000 devices with a fifth to spare.
   */
  static int maxConnections(long openFiles) {
    int wanted = API_CONNECTIONS + DEVICE_CONNECTIONS;
    if (openFiles < 0) {
      return wanted;
    }
    return (int) Math.max(1, Math.min(wanted, (openFiles - RESERVED_FILES) / 2));
  }

  static String config(ClusterConfig cluster, List<RestNodeService> nodes, long openFiles) {
    StringBuilder servers = new StringBuilder();
    StringBuilder devices = new StringBuilder();
    StringBuilder mqtt = new StringBuilder();
    for (RestNodeService node : nodes) {
      servers.append("  server %s 127.0.0.1:%d%n".formatted(node.name(), node.port()));
      devices.append("  server %s 127.0.0.1:%d%n".formatted(node.name(), node.devicePort()));
      mqtt.append("  server %s 127.0.0.1:%d%n".formatted(node.name(), node.mqttPort()));
    }
    int maxConnections = maxConnections(openFiles);
    String limit =
        openFiles < 0
            ? "an unknown open-files limit"
            : openFiles == Long.MAX_VALUE
                ? "no open-files limit"
                : "a hard limit of %d open files".formatted(openFiles);
    return """
        # Generated by the Meridian cluster launcher on every start and scale; edits are lost.
        global
          # Each connection takes two descriptors, the client's and the node's. Sized for
          # %s: (limit - %d) / 2, at most %d (API %d + devices %d).
          # Raise the limit (ulimit -n, LimitNOFILE) to hold more devices through HAProxy; see
          # operations.md, "Devices at scale".
          maxconn %d

        defaults
          mode http
          timeout connect 1s
          timeout client 60s
          timeout server 60s
          timeout http-keep-alive 10s
          # A request that could not reach a node goes to another; one that reached a node is
          # never replayed, since a POST may have been applied.
          retries 3
          option redispatch
          option forwardfor

        frontend meridian
          bind 127.0.0.1:%d
          maxconn %d
          # Only HAProxy says who the client is: a client's own X-Forwarded-For would let it pick
          # the address that sign-in throttling counts.
          http-request del-header X-Forwarded-For
          default_backend rest

        backend rest
          # Least connections, not round robin: nodes are not equally fast (a node just started
          # runs cold code for a minute, a node in a GC pause stalls), and round robin gives each
          # the same share, so clients that wait for answers pile up on the slowest node while
          # the others idle. Least connections sends each request to the node with the fewest
          # in flight, so each node gets what it can serve.
          balance leastconn
          option httpchk
          http-check send meth GET uri /lb-status
          http-check expect status 200
          # A refused connection marks a node down at once: that is how a dead node shows. The
          # checks (every 2 s, 5 s to answer, 5 failures) only catch a node that hangs or has
          # lost Cassandra: /lb-status waits in the same queue as every request, so a node that
          # is merely saturated answers it late, and taking that node out would only move its
          # load to the others (with one node, turn every request into a 503).
          timeout check 5s
          default-server check inter 2s fall 5 rise 2 observe layer4 error-limit 1 on-error mark-down
        %s
        listen stats
          bind 127.0.0.1:%d
          stats enable
          stats uri /

        # Devices: plain TCP, relayed byte for byte to a node's device port (Cometa's protocol)
        # or MQTT port. A device holds its connection for days and is silent between heartbeats
        # (60 s; MQTT's keep-alive likewise); the node detaches a device silent for 1.5 of them,
        # so HAProxy only has to outwait that: 5 minutes covers heartbeats up to 200 s.
        defaults
          mode tcp
          timeout connect 1s
          timeout client 5m
          timeout server 5m
          timeout tunnel 5m
          # A connection one side has closed gives its descriptors back soon.
          timeout client-fin 10s
          timeout server-fin 10s
          # An attach that could not reach a node goes to another.
          retries 3
          option redispatch
          # Least connections: a device connection is the load it puts on a node, for as long as
          # it lasts, so the node with the fewest holds the next one; a node that comes back
          # empty after a crash takes the devices that attach next. Existing devices stay where
          # they are: nothing moves an attached device.
          balance leastconn
          # A dead node refuses connections: marked down at the first refusal (and by the TCP
          # check on its device port within 3 failed checks, 2 s apart). Its own connections are
          # reset by its kernel, so its devices reconnect at once and land on the others. A node
          # marked down while its connections live on (its port stopped accepting) has them
          # closed, so its devices move too.
          default-server check inter 2s fall 3 rise 2 observe layer4 error-limit 1 on-error mark-down on-marked-down shutdown-sessions

        frontend devices
          bind 127.0.0.1:%d
          maxconn %d
          default_backend device_ports

        backend device_ports
        %s
        frontend mqtt
          bind 127.0.0.1:%d
          maxconn %d
          default_backend mqtt_ports

        backend mqtt_ports
        %s"""
        .formatted(
            limit,
            RESERVED_FILES,
            API_CONNECTIONS + DEVICE_CONNECTIONS,
            API_CONNECTIONS,
            DEVICE_CONNECTIONS,
            maxConnections,
            cluster.loadBalancerPort(),
            API_CONNECTIONS,
            servers,
            cluster.statsPort(),
            cluster.deviceLoadBalancerPort(),
            DEVICE_CONNECTIONS,
            devices,
            cluster.mqttLoadBalancerPort(),
            DEVICE_CONNECTIONS,
            mqtt);
  }

  /**
   * Each backend's servers and their state as HAProxy sees them ("UP", "DOWN", "MAINT", ...), by
   * backend ({@link #API}, {@link #DEVICES}, {@link #MQTT}); null if HAProxy is unreachable.
   */
  Map<String, Map<String, String>> stats() {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + cluster.statsPort() + "/;csv"))
            .timeout(Duration.ofSeconds(2))
            .build();
    try {
      HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
      return response.statusCode() == 200 ? states(response.body()) : null;
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  /** The servers' states of the three backends in HAProxy's statistics CSV. */
  static Map<String, Map<String, String>> states(String csv) {
    Map<String, Map<String, String>> states = new LinkedHashMap<>();
    for (String backend : List.of(API, DEVICES, MQTT)) {
      states.put(backend, new LinkedHashMap<>());
    }
    List<String> header = null;
    for (String line : csv.split("\n")) {
      List<String> fields = new ArrayList<>(List.of(line.split(",", -1)));
      if (line.startsWith("# ")) {
        fields.set(0, fields.get(0).substring(2));
        header = fields;
      } else if (header != null
          && fields.size() == header.size()
          && states.containsKey(fields.get(0))) {
        String server = fields.get(header.indexOf("svname"));
        if (!server.equals("FRONTEND") && !server.equals("BACKEND")) {
          states.get(fields.get(0)).put(server, fields.get(header.indexOf("status")));
        }
      }
    }
    return states;
  }
}
