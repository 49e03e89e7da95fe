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

/** The local Elasticsearch: the integ-test zip from Maven Central, unpacked under the data dir. */
class ElasticsearchService extends ManagedService {

  private final ServerArtifacts artifacts;
  private final Peers peers;

  ElasticsearchService(LocalServicesConfig config, ServerArtifacts artifacts) {
    this(config, artifacts, Peers.alone(config));
  }

  ElasticsearchService(LocalServicesConfig config, ServerArtifacts artifacts, Peers peers) {
    super(config);
    this.artifacts = artifacts;
    this.peers = peers;
  }

  @Override
  String name() {
    return "Elasticsearch";
  }

  @Override
  Path pidFile() {
    return layout.elasticsearchPidFile();
  }

  @Override
  List<Path> logFiles() {
    return List.of(layout.elasticsearchLog(), layout.elasticsearchLauncherLog());
  }

  @Override
  String processMarker() {
    return "org.elasticsearch.bootstrap.Elasticsearch";
  }

  @Override
  Path dataDir() {
    return layout.elasticsearchDir();
  }

  @Override
  List<Preflight.PortUse> ports() {
    return List.of(
        new Preflight.PortUse(
            config.elasticsearchPort(), "Elasticsearch HTTP", "--elasticsearch-port"),
        new Preflight.PortUse(
            config.elasticsearchTransportPort(),
            "Elasticsearch transport",
            "--elasticsearch-transport-port"));
  }

  @Override
  Duration stopGrace() {
    return Duration.ofSeconds(30);
  }

  String url() {
    return "http://" + config.host() + ":" + config.elasticsearchPort();
  }

  /** Cluster health, because this distribution answers {@code GET /} with 405. */
  @Override
  boolean isReady() {
    return HttpProbe.answers200(
        URI.create(url() + "/_cluster/health?wait_for_status=yellow&timeout=1s"),
        Duration.ofSeconds(3));
  }

  @Override
  Process launch() throws IOException {
    Path home = layout.elasticsearchHome(artifacts.elasticsearchVersion());
    ElasticsearchFiles.unpackOnce(artifacts.elasticsearchZip(), home);
    Files.createDirectories(layout.elasticsearchData());
    Files.createDirectories(layout.elasticsearchLogs());
    ElasticsearchFiles.writeConfig(config, layout, home, peers);
    Processes.deleteQuietly(pidFile());
    Files.writeString(layout.elasticsearchLauncherLog(), "");

    List<String> command = new ArrayList<>();
    command.add("setsid");
    if (Processes.isRoot()) {
      ElasticsearchUser.ensureExists();
      ElasticsearchUser.checkTraversable(layout.elasticsearchDir());
      ElasticsearchUser.chown(layout.elasticsearchDir(), layout.elasticsearchLogs());
      command.addAll(List.of("runuser", "-u", ElasticsearchUser.NAME, "--", "env"));
      environment().forEach((key, value) -> command.add(key + "=" + value));
    }
    // -d: the launcher returns once the node is started; the pid file names the server JVM.
    command.add(home.resolve("bin").resolve("elasticsearch").toString());
    command.addAll(List.of("-d", "-p", pidFile().toString()));
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .directory(layout.elasticsearchDir().toFile())
            .redirectErrorStream(true)
            .redirectOutput(
                ProcessBuilder.Redirect.appendTo(layout.elasticsearchLauncherLog().toFile()))
            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    builder.environment().remove("JAVA_TOOL_OPTIONS");
    builder.environment().remove("JAVA_HOME");
    builder.environment().putAll(environment());
    return builder.start();
  }

  private Map<String, String> environment() {
    return Map.of(
        "ES_JAVA_HOME", config.javaHome().toString(),
        "ES_PATH_CONF", layout.elasticsearchConfig().toString(),
        "ES_JAVA_OPTS", "-Xms" + config.elasticsearchHeap() + " -Xmx" + config.elasticsearchHeap());
  }

  @Override
  OptionalLong serverPid(Process launcher) {
    return Processes.readPid(pidFile());
  }
}
