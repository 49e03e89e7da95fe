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
    Files.writeString(next, HaproxyConfig.text(cluster, backends, Haproxy.openFilesLimit()));
    Processes.Result check = Processes.run(haproxy, "-c", "-q", "-f", next.toString());
    if (check.exitCode() != 0) {
      throw new LocalServicesException("HAProxy rejects its configuration: " + check.output());
    }
    Files.move(next, configFile(), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
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
