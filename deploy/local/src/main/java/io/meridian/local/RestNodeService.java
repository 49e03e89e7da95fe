package io.meridian.local;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * One Meridian REST node of a {@link LocalCluster}: the server jar in its own JVM, with its API
 * port and its two device ports (Cometa's protocol and MQTT).
 */
final class RestNodeService extends ManagedService {

  /** The node's API port and its device ports. */
  record Ports(int http, int device, int mqtt) {}

  /** The system property that names the node's directory, which identifies the process as ours. */
  static final String MARKER = "-Dmeridian.cluster.node=";

  private final String name;
  private final Ports ports;
  private final Path jar;
  private final String heap;
  private final List<String> jvmOptions;
  private final List<String> arguments;
  private final Map<String, String> environment;
  private final CpuLimit cpuLimit;

  /**
   * @param jvmOptions JVM options before the jar
   * @param environment variables for the server (secrets go here rather than on the command line,
   *     where {@code ps} would show them)
   * @param cpuLimit the node's CPU share, or null for none
   */
  RestNodeService(
      String name,
      LocalServicesConfig config,
      Ports ports,
      Path jar,
      String heap,
      List<String> jvmOptions,
      List<String> arguments,
      Map<String, String> environment,
      CpuLimit cpuLimit) {
    super(config);
    this.name = name;
    this.ports = ports;
    this.jar = jar;
    this.heap = heap;
    this.jvmOptions = List.copyOf(jvmOptions);
    this.arguments = List.copyOf(arguments);
    this.environment = Map.copyOf(environment);
    this.cpuLimit = cpuLimit;
  }

  @Override
  String name() {
    return name;
  }

  int port() {
    return ports.http();
  }

  int devicePort() {
    return ports.device();
  }

  int mqttPort() {
    return ports.mqtt();
  }

  URI url() {
    return URI.create("http://" + config.host() + ":" + ports.http());
  }

  @Override
  Path pidFile() {
    return layout.run().resolve("rest.pid");
  }

  @Override
  List<Path> logFiles() {
    return List.of(layout.logs().resolve("rest.log"));
  }

  @Override
  String processMarker() {
    return MARKER;
  }

  @Override
  List<Preflight.PortUse> ports() {
    return List.of(
        new Preflight.PortUse(ports.http(), name + " HTTP", "--port-offset"),
        new Preflight.PortUse(ports.device(), name + " devices", "--port-offset"),
        new Preflight.PortUse(ports.mqtt(), name + " MQTT", "--port-offset"));
  }

  @Override
  Path dataDir() {
    return config.dataDir();
  }

  /** {@code /lb-status}: what the load balancer asks too. */
  @Override
  boolean isReady() {
    return HttpProbe.answers200(url().resolve("/lb-status"), Duration.ofSeconds(2));
  }

  @Override
  Process launch() throws IOException {
    Files.createDirectories(layout.logs());
    Files.createDirectories(layout.run());
    List<String> java = new ArrayList<>();
    java.add(config.javaHome().resolve("bin").resolve("java").toString());
    java.add("-Xms" + heap);
    java.add("-Xmx" + heap);
    java.add("-XX:+ExitOnOutOfMemoryError");
    java.addAll(jvmOptions);
    java.add(MARKER + config.dataDir() + "/");
    java.add("-jar");
    java.add(jar.toString());
    java.addAll(serverArguments());
    List<String> command = new ArrayList<>();
    command.add("setsid");
    command.addAll(cpuLimit == null ? java : cpuLimit.wrap(java));
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .directory(config.dataDir().toFile())
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(logFiles().get(0).toFile()))
            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    builder.environment().remove("JAVA_TOOL_OPTIONS");
    builder.environment().putAll(environment);
    return builder.start();
  }

  /**
   * The server's own arguments: its ports, then the cluster's and the operator's settings. The
   * device ports listen on loopback, as everything of the cluster does; HAProxy's device frontends
   * are the way in. The advertised address is this node's own API port, not HAProxy's: a node that
   * relays an RPC to the node holding the device must reach that node, and HAProxy would pick any.
   */
  List<String> serverArguments() {
    List<String> server = new ArrayList<>();
    server.add("--server.port=" + ports.http());
    server.add("--meridian.edge.bind-address=" + config.host());
    server.add("--meridian.edge.port=" + ports.device());
    server.add("--meridian.edge.mqtt-port=" + ports.mqtt());
    server.add("--meridian.edge.advertised-address=" + url());
    server.addAll(arguments);
    return server;
  }

  /** setsid and the cgroup wrapper both exec in place: the launcher is the server. */
  @Override
  OptionalLong serverPid(Process launcher) {
    return OptionalLong.of(launcher.pid());
  }

  @Override
  Duration stopGrace() {
    return Duration.ofSeconds(30);
  }

  @Override
  void stop() {
    super.stop();
    if (cpuLimit != null) {
      cpuLimit.remove();
    }
  }
}
