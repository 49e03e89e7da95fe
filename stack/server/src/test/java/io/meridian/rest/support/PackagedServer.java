package io.meridian.rest.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The packaged server ({@code target/meridian.jar}, built before the integration tests) in a JVM of
 * its own, for tests that kill it with SIGKILL; its output goes to {@code target/crash-it}.
 */
public final class PackagedServer {
  public static final Path JAR = Path.of("target", "meridian.jar");

  private PackagedServer() {}

  /** Starts the server on {@code port} with these settings; {@code label} names its log. */
  public static Process start(int port, Map<String, String> properties, String label)
      throws IOException {
    assertThat(JAR).as("the packaged server, built before integration tests").exists();
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx512m");
    command.add("-jar");
    command.add(JAR.toAbsolutePath().toString());
    command.add("--server.port=" + port);
    properties.forEach((key, value) -> command.add("--" + key + "=" + value));
    Path log = Files.createDirectories(Path.of("target", "crash-it")).resolve(label + ".log");
    return new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(log.toFile())
        .start();
  }

  /** Waits until the server behind {@code client} answers its load balancer check. */
  public static void awaitReady(ApiClient client) {
    awaitReady(client, Duration.ofSeconds(180));
  }

  /**
   * {@link #awaitReady(ApiClient)} for at most {@code timeout} (a machine busy with other work).
   */
  public static void awaitReady(ApiClient client, Duration timeout) {
    Eventually.within(
        timeout,
        () -> {
          int status;
          try {
            status = client.get("/lb-status").status();
          } catch (UncheckedIOException e) {
            throw new AssertionError("not listening yet", e);
          }
          assertThat(status).isEqualTo(200);
        });
  }

  public static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
