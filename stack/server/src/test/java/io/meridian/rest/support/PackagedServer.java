package io.meridian.rest.support;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.local.JvmOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The packaged server ({@code target/meridian.jar}, built before the integration tests) in a JVM of
 * its own, for tests that kill it with SIGKILL; its output goes to {@code target/crash-it}.
 */
public final class PackagedServer {
  public static final Path JAR = Path.of("target", "meridian.jar");

  private static final int FIRST_PORT = 20_000;
  private static final int PORTS = 12_000;

  /** Starts where another test JVM on this machine most likely does not. */
  private static final AtomicInteger nextPort =
      new AtomicInteger((int) (ProcessHandle.current().pid() * 97 % PORTS));

  /**
   * What every test server in this JVM reads from {@code config/application.properties} of the test
   * classpath, and a process of its own would not: without it, a crash test's node ran a push
   * worker that took a push test's notifications and sent them where no fake listens.
   */
  private static final Map<String, String> TEST_DEFAULTS = testDefaults();

  private PackagedServer() {}

  private static Map<String, String> testDefaults() {
    Properties defaults = new Properties();
    try (InputStream in =
        PackagedServer.class.getResourceAsStream("/config/application.properties")) {
      assertThat(in).as("the test servers' config/application.properties").isNotNull();
      defaults.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Map<String, String> settings = new LinkedHashMap<>();
    defaults.stringPropertyNames().stream()
        .sorted()
        .forEach(key -> settings.put(key, defaults.getProperty(key)));
    return settings;
  }

  /** Starts the server on {@code port} with these settings; {@code label} names its log. */
  public static Process start(int port, Map<String, String> properties, String label)
      throws IOException {
    assertThat(JAR).as("the packaged server, built before integration tests").exists();
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx512m");
    // These servers live for a minute and measure nothing.
    command.addAll(JvmOptions.SHORT_LIVED);
    command.add("-jar");
    command.add(JAR.toAbsolutePath().toString());
    command.add("--server.port=" + port);
    Map<String, String> settings = new LinkedHashMap<>(TEST_DEFAULTS);
    settings.putAll(properties);
    settings.forEach((key, value) -> command.add("--" + key + "=" + value));
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

  /**
   * A port for a server this test starts in another process. It is taken below Linux's ephemeral
   * range (32768 and up), from which the kernel hands out port 0 to in-process servers and source
   * ports to outgoing connections: a port merely found free there could be taken by another class
   * running in parallel before the new process binds it. Here only this method hands ports out.
   */
  public static int freePort() throws IOException {
    for (int tries = 0; tries < PORTS; tries++) {
      int port = FIRST_PORT + Math.floorMod(nextPort.getAndIncrement(), PORTS);
      try (ServerSocket socket = new ServerSocket(port)) {
        return port;
      } catch (IOException taken) {
        // in use by something else on this machine: the next one
      }
    }
    throw new IOException("No free port between " + FIRST_PORT + " and " + (FIRST_PORT + PORTS));
  }
}
