package io.meridian.loadtests.load;

import io.meridian.local.Endpoints;
import io.meridian.local.SharedServices;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
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
import java.util.concurrent.TimeUnit;

/**
 * A Meridian server for the loader's integration test: {@code stack/rest}'s packaged jar (built
 * earlier in the reactor) run as a process on a free port, against the build's shared Cassandra and
 * Elasticsearch, in a keyspace and index prefix of its own. Closing stops that process, and only
 * it.
 */
final class ServerProcess implements AutoCloseable {
  static final Path JAR = Path.of("..", "rest", "target", "meridian.jar");
  static final String SUPERUSER_PASSWORD = "superuser secret for load tests";

  /** As in the REST tests, so that the loader must split its batches. */
  static final String MAX_BODY_SIZE = "64KB";

  private final Process process;
  private final String url;
  private final Path log;

  private ServerProcess(Process process, String url, Path log) {
    this.process = process;
    this.url = url;
    this.log = log;
  }

  static ServerProcess start() throws IOException, InterruptedException {
    return start(freePort(), "server");
  }

  /** A server on the given port, logging to {@code target/loader-it/<label>.log}. */
  static ServerProcess start(int port, String label) throws IOException, InterruptedException {
    if (!Files.exists(JAR)) {
      throw new IllegalStateException(JAR.toAbsolutePath() + " is missing: package stack/rest");
    }
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx512m");
    command.add("-jar");
    command.add(JAR.toAbsolutePath().toString());
    command.add("--server.port=" + port);
    properties().forEach((key, value) -> command.add("--" + key + "=" + value));
    Path log = Files.createDirectories(Path.of("target", "loader-it")).resolve(label + ".log");
    Process process =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    ServerProcess server = new ServerProcess(process, "http://127.0.0.1:" + port, log);
    try {
      server.awaitReady(Duration.ofSeconds(120));
    } catch (RuntimeException | InterruptedException e) {
      server.close();
      throw e;
    }
    return server;
  }

  private static Map<String, String> properties() {
    Endpoints services = SharedServices.get();
    Map<String, String> properties = new LinkedHashMap<>();
    properties.put(
        "meridian.cassandra.contact-points",
        services.cassandraHost() + ":" + services.cassandraPort());
    properties.put("meridian.cassandra.local-datacenter", services.localDatacenter());
    properties.put("meridian.cassandra.keyspace", "meridian_lt");
    properties.put("meridian.elasticsearch.urls", services.elasticsearchUrl());
    properties.put("meridian.elasticsearch.index-prefix", "meridian-lt");
    properties.put("meridian.embedded.enabled", "false");
    properties.put("meridian.indexing.change-log-bucket", "2s");
    properties.put("meridian.indexing.repair-lag", "3s");
    properties.put("meridian.indexing.repair-interval", "500ms");
    properties.put("meridian.api.max-body-size", MAX_BODY_SIZE);
    properties.put("meridian.identity.open-registration", "true");
    properties.put("meridian.identity.bcrypt-strength", "4");
    properties.put("meridian.identity.superuser-password", SUPERUSER_PASSWORD);
    return properties;
  }

  String url() {
    return url;
  }

  private void awaitReady(Duration timeout) throws InterruptedException {
    HttpClient http = HttpClient.newHttpClient();
    HttpRequest status =
        HttpRequest.newBuilder(URI.create(url + "/lb-status"))
            .timeout(Duration.ofSeconds(2))
            .build();
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IllegalStateException(
            "The server exited with " + process.exitValue() + "; see " + log.toAbsolutePath());
      }
      try {
        if (http.send(status, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
          return;
        }
      } catch (IOException e) {
        // not listening yet
      }
      Thread.sleep(250);
    }
    throw new IllegalStateException(
        "The server was not ready within " + timeout + "; see " + log.toAbsolutePath());
  }

  /** Kills the server at once (SIGKILL), as a crash or a pulled cable would end it. */
  void kill() throws InterruptedException {
    process.destroyForcibly().waitFor();
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor();
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
