package io.meridian.loadtests;

import io.meridian.loadtests.load.MeridianClient;
import io.meridian.local.Endpoints;
import io.meridian.local.JvmOptions;
import io.meridian.local.SharedServices;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A Meridian server for a run without {@code loadtest.baseUrl}: {@code
 * stack/server/target/meridian.jar} in its own process (so that the load generator's CPU and the
 * server's can be told apart), on the build's shared Cassandra and Elasticsearch ({@link
 * SharedServices}), in its own keyspace and index prefix. It stops with this JVM, and a detached
 * watcher stops it if this JVM is killed.
 */
public final class LocalTarget implements AutoCloseable {
  // Generous: on a loaded 2-core machine a server that loads 300,000 fences takes minutes.
  private static final Duration READY = Duration.ofSeconds(300);

  private final Process server;
  private final URI baseUrl;
  private final String superuserPassword;

  private LocalTarget(Process server, URI baseUrl, String superuserPassword) {
    this.server = server;
    this.baseUrl = baseUrl;
    this.superuserPassword = superuserPassword;
  }

  public URI baseUrl() {
    return baseUrl;
  }

  public long pid() {
    return server.pid();
  }

  public String superuserPassword() {
    return superuserPassword;
  }

  /** Starts the server on a free port and returns once it answers {@code /lb-status} with 200. */
  public static LocalTarget start(String label, String heap) {
    return start(label, heap, freePort(), Map.of());
  }

  /**
   * Starts the server on {@code port} with {@code overrides} over the default properties, logging
   * to {@code target/loadtests/server-<label>.log}, and returns once it is ready.
   */
  public static LocalTarget start(
      String label, String heap, int port, Map<String, String> overrides) {
    return start(label, heap, port, overrides, List.of());
  }

  /**
   * {@link #start(String, String, int, Map)} with {@code jvmOptions} before the jar: {@link
   * JvmOptions#SHORT_LIVED} for a server that measures nothing.
   */
  public static LocalTarget start(
      String label, String heap, int port, Map<String, String> overrides, List<String> jvmOptions) {
    Endpoints services = SharedServices.get();
    String superuserPassword = MeridianClient.randomText(18);
    Map<String, String> properties = new LinkedHashMap<>();
    properties.put("server.port", Integer.toString(port));
    properties.put(
        "meridian.cassandra.contact-points",
        services.cassandraHost() + ":" + services.cassandraPort());
    properties.put("meridian.cassandra.local-datacenter", services.localDatacenter());
    properties.put("meridian.cassandra.keyspace", "meridian_lt");
    properties.put("meridian.elasticsearch.urls", services.elasticsearchUrl());
    properties.put("meridian.elasticsearch.index-prefix", "meridian-lt");
    properties.put("meridian.embedded.enabled", "false");
    properties.put("meridian.identity.open-registration", "true");
    properties.put("meridian.identity.superuser-password", superuserPassword);
    // Device ports on free ones: tests run several servers at once (the edge's own simulation
    // names its port in the overrides).
    properties.put("meridian.edge.port", "0");
    properties.put("meridian.edge.mqtt-port", "0");
    properties.putAll(overrides);

    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xms" + heap);
    command.add("-Xmx" + heap);
    command.addAll(jvmOptions);
    command.add("-jar");
    command.add(jar().toString());
    properties.forEach((key, value) -> command.add("--" + key + "=" + value));
    Path log = logFile(label);
    Process process;
    try {
      process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
              .start();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot start " + jar() + ": " + e.getMessage(), e);
    }
    LocalTarget target =
        new LocalTarget(process, URI.create("http://127.0.0.1:" + port), superuserPassword);
    Runtime.getRuntime().addShutdownHook(new Thread(target::stop, "local-target-stop"));
    watch(process.pid());
    try {
      target.awaitReady(log);
    } catch (RuntimeException e) {
      target.stop();
      throw e;
    }
    System.out.printf(
        "Local Meridian (pid %d) on %s, log %s%n", process.pid(), target.baseUrl, log);
    return target;
  }

  /** Kills the server at once (SIGKILL), as a crash would end it. */
  public void kill() {
    try {
      server.destroyForcibly().waitFor();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void close() {
    stop();
  }

  /** Stops the server and waits for it to exit. */
  public void stop() {
    if (server.isAlive()) {
      server.destroy();
      try {
        if (!server.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
          server.destroyForcibly().waitFor();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private void awaitReady(Path log) {
    MeridianClient client = new MeridianClient(baseUrl, false);
    long deadline = System.nanoTime() + READY.toNanos();
    while (System.nanoTime() < deadline) {
      if (!server.isAlive()) {
        throw new IllegalStateException(
            "The local Meridian exited with " + server.exitValue() + "; see " + log);
      }
      try {
        client.send("GET", "/lb-status", null, null);
        return;
      } catch (RuntimeException notYet) {
        sleep(500);
      }
    }
    stop();
    throw new IllegalStateException(
        "The local Meridian was not ready in " + READY + "; see " + log);
  }

  /** A detached shell that ends the server if this JVM dies without running its hooks. */
  private static void watch(long serverPid) {
    String script =
        "while kill -0 \"$1\" 2>/dev/null; do sleep 1; done; kill \"$2\" 2>/dev/null; true";
    try {
      new ProcessBuilder(
              "setsid",
              "sh",
              "-c",
              script,
              "local-target-watch",
              Long.toString(ProcessHandle.current().pid()),
              Long.toString(serverPid))
          .redirectOutput(ProcessBuilder.Redirect.DISCARD)
          .redirectErrorStream(true)
          .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
          .start();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot start the local server's watcher", e);
    }
  }

  public static Path jar() {
    String configured = System.getProperty(LoadConfig.PREFIX + "serverJar");
    List<Path> candidates =
        configured != null
            ? List.of(Path.of(configured))
            : List.of(
                Path.of("..", "server", "target", "meridian.jar"),
                Path.of("stack", "server", "target", "meridian.jar"));
    for (Path candidate : candidates) {
      if (Files.isRegularFile(candidate)) {
        return candidate.toAbsolutePath().normalize();
      }
    }
    throw new IllegalStateException(
        "No Meridian server jar at "
            + candidates
            + ": build it (./mvnw -B package -DskipTests) or set "
            + LoadConfig.PREFIX
            + "baseUrl");
  }

  private static Path logFile(String label) {
    try {
      Path dir = Files.createDirectories(Path.of("target", "loadtests"));
      return dir.resolve("server-" + label + ".log");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
