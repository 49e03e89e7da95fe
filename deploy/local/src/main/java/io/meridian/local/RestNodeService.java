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

/** One Meridian REST node of a {@link LocalCluster}: the server jar in its own JVM. */
final class RestNodeService extends ManagedService {

  /** The system property that names the node's directory, which identifies the process as ours. */
  static final String MARKER = "-Dmeridian.cluster.node=";

  private final String name;
  private final int port;
  private final Path jar;
  private final String heap;
  private final List<String> arguments;
  private final Map<String, String> environment;
  private final CpuLimit cpuLimit;

  /**
   * @param environment variables for the server (secrets go here rather than on the command line,
   *     where {@code ps} would show them)
   * @param cpuLimit the node's CPU share, or null for none
   */
  RestNodeService(
      String name,
      LocalServicesConfig config,
      int port,
      Path jar,
      String heap,
      List<String> arguments,
      Map<String, String> environment,
      CpuLimit cpuLimit) {
    super(config);
    this.name = name;
    this.port = port;
    this.jar = jar;
    this.heap = heap;
    this.arguments = List.copyOf(arguments);
    this.environment = Map.copyOf(environment);
    this.cpuLimit = cpuLimit;
  }

  @Override
  String name() {
    return name;
  }

  int port() {
    return port;
  }

  URI url() {
    return URI.create("http://" + config.host() + ":" + port);
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
    return List.of(new Preflight.PortUse(port, name + " HTTP", "--port-offset"));
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
    java.add(MARKER + config.dataDir() + "/");
    java.add("-jar");
    java.add(jar.toString());
    java.add("--server.port=" + port);
    java.addAll(arguments);
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
