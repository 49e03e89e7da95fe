package io.meridian.rest.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.PackagedServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run command's checks before it builds: each problem stops it at once, non-zero, with one line
 * that says what is wrong. Runs the repository's own {@code ./meridian} script.
 */
class RunCommandIT {
  private static final Path SCRIPT = Path.of("../../meridian").toAbsolutePath().normalize();

  @TempDir Path temp;

  @Test
  void a_java_older_than_17_stops_it_in_one_line() throws Exception {
    Path bin = Files.createDirectories(temp.resolve("bin"));
    Path java = bin.resolve("java");
    Files.writeString(java, "#!/bin/sh\necho 'openjdk version \"11.0.2\" 2019-01-15' >&2\n");
    Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));

    Result result =
        run(
            Map.of("PATH", bin + ":" + System.getenv("PATH")),
            "--server.port=" + PackagedServer.freePort());

    assertThat(result.exitCode()).isNotZero();
    assertThat(result.lines()).hasSize(1);
    assertThat(result.output()).contains("Java 17 or newer is required").contains("11");
  }

  @Test
  void a_taken_port_stops_it_in_one_line() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Result result = run(Map.of(), "--server.port=" + taken.getLocalPort());

      assertThat(result.exitCode()).isNotZero();
      assertThat(result.lines()).hasSize(1);
      assertThat(result.output())
          .contains("port " + taken.getLocalPort() + " is already in use")
          .contains("--server.port");
    }
  }

  private record Result(int exitCode, String output) {
    List<String> lines() {
      return output.lines().filter(line -> !line.isBlank()).toList();
    }
  }

  private Result run(Map<String, String> environment, String... arguments) throws Exception {
    List<String> command = new java.util.ArrayList<>(List.of("bash", SCRIPT.toString(), "run"));
    command.addAll(List.of(arguments));
    command.add("--meridian.embedded.data-dir=" + temp.resolve("data"));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().putAll(environment);
    Path log = temp.resolve("run.log");
    builder.redirectOutput(log.toFile());
    Process process = builder.start();
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("./meridian run did not stop by itself: " + read(log));
    }
    return new Result(process.exitValue(), read(log));
  }

  private static String read(Path log) throws IOException {
    return Files.readString(log, StandardCharsets.UTF_8);
  }
}
