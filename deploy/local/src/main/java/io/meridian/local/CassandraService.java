package io.meridian.local;

import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.stream.Collectors;

/** The embedded single-node Cassandra: cassandra-all from Maven Central in its own JVM. */
class CassandraService extends ManagedService {

  static final String MAIN_CLASS = "org.apache.cassandra.service.CassandraDaemon";
  private static final long ROTATE_LOG_BYTES = 50L << 20;

  private final ServerArtifacts artifacts;
  private final Peers peers;

  CassandraService(LocalServicesConfig config, ServerArtifacts artifacts) {
    this(config, artifacts, Peers.alone(config));
  }

  CassandraService(LocalServicesConfig config, ServerArtifacts artifacts, Peers peers) {
    super(config);
    this.artifacts = artifacts;
    this.peers = peers;
  }

  @Override
  String name() {
    return "Cassandra";
  }

  @Override
  Path pidFile() {
    return layout.cassandraPidFile();
  }

  @Override
  List<Path> logFiles() {
    return List.of(layout.cassandraLog());
  }

  @Override
  String processMarker() {
    return MAIN_CLASS;
  }

  @Override
  Path dataDir() {
    return layout.cassandraDir();
  }

  @Override
  List<Preflight.PortUse> ports() {
    return List.of(
        new Preflight.PortUse(config.cassandraPort(), "Cassandra CQL", "--cassandra-port"),
        new Preflight.PortUse(
            config.cassandraStoragePort(), "Cassandra storage", "--cassandra-storage-port"),
        new Preflight.PortUse(
            peers.cassandraJmxPort(),
            "Cassandra JMX, storage port + 199",
            "--cassandra-storage-port"));
  }

  @Override
  Duration stopGrace() {
    // Cassandra drains on SIGTERM: flushes memtables, which takes a few seconds.
    return Duration.ofSeconds(60);
  }

  @Override
  boolean isReady() {
    return CqlProbe.answers(config.host(), config.cassandraPort());
  }

  @Override
  Process launch() throws IOException {
    List<Path> classpath = artifacts.cassandraClasspath();
    Path dir = layout.cassandraDir();
    for (String sub :
        List.of("data", "commitlog", "saved_caches", "hints", "cdc_raw", "conf", "triggers")) {
      Files.createDirectories(dir.resolve(sub));
    }
    Files.createDirectories(layout.logs());
    Files.createDirectories(layout.run());
    Files.writeString(
        layout.cassandraConf().resolve("cassandra.yaml"),
        CassandraFiles.yaml(config, layout, peers));
    Files.writeString(layout.cassandraConf().resolve("logback.xml"), CassandraFiles.logback());
    rotateLog();

    List<String> command = new ArrayList<>();
    // Own session: a Ctrl-C in the operator's terminal must not reach Cassandra directly.
    command.add("setsid");
    command.add(config.javaHome().resolve("bin").resolve("java").toString());
    command.addAll(CassandraFiles.jvmArguments(config, layout, peers));
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(layout.cassandraLog().toFile()))
            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    // Through the environment rather than -cp: keeps the 99 jars out of ps output.
    builder
        .environment()
        .put(
            "CLASSPATH",
            classpath.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator)));
    builder.environment().remove("JAVA_TOOL_OPTIONS");
    return builder.start();
  }

  @Override
  OptionalLong serverPid(Process launcher) {
    // setsid execs java in place unless it must fork; look at the children for the latter case.
    if (Processes.commandLine(launcher.pid()).contains(MAIN_CLASS)) {
      return OptionalLong.of(launcher.pid());
    }
    return launcher
        .descendants()
        .filter(child -> Processes.commandLine(child.pid()).contains(MAIN_CLASS))
        .mapToLong(ProcessHandle::pid)
        .findFirst();
  }

  private void rotateLog() throws IOException {
    Path log = layout.cassandraLog();
    if (Files.isRegularFile(log) && Files.size(log) > ROTATE_LOG_BYTES) {
      Files.move(
          log,
          log.resolveSibling(log.getFileName() + ".1"),
          java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }
  }

  /** A CQL OPTIONS request answered by SUPPORTED proves the native transport serves clients. */
  static final class CqlProbe {
    private CqlProbe() {}

    static boolean answers(String host, int port) {
      try (Socket socket = new Socket()) {
        socket.connect(new InetSocketAddress(host, port), 1000);
        socket.setSoTimeout(2000);
        // Protocol v4 frame header: version, flags, stream id (2 bytes), opcode OPTIONS, length 0.
        socket.getOutputStream().write(new byte[] {0x04, 0, 0, 0, 0x05, 0, 0, 0, 0});
        socket.getOutputStream().flush();
        byte[] header = socket.getInputStream().readNBytes(9);
        return header.length == 9 && (header[0] & 0xFF) == 0x84 && header[4] == 0x06;
      } catch (IOException e) {
        return false;
      }
    }
  }
}
