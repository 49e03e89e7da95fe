package io.meridian.rest.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.MeridianIT;
import io.meridian.rest.support.SourceAddressRelay;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * The API fuzzed from its own document: schemathesis (from PyPI, installed into {@code
 * target/fuzz-venv} by this test) generates requests for every operation, valid and invalid,
 * authenticated as an organization admin of this test's fresh application, and checks every
 * response: no status of 500 or more, no stack trace or Java class name in a body (the check in
 * {@code src/test/fuzz/hooks.py}), no status, content type, header or body the document does not
 * describe. The document itself must pass openapi-spec-validator.
 *
 * <p>{@code -Dmeridian.fuzz.max-examples} (default 15) bounds the fuzzing phase's cases per
 * operation (the coverage phase's boundary and negative cases come on top of them, whatever the
 * bound); the build keeps the default to fit its time budget, and a longer run passes a larger
 * bound. {@code -Dmeridian.fuzz.seed} replays a run (each run prints its seed).
 */
@Order(1) // the longest class: first, so that it overlaps the others (junit-platform.properties)
class ApiFuzzIT extends MeridianIT {
  /**
   * The fuzzer reaches the server from a loopback address of its own, so that the hundreds of
   * sign-ins it fails on purpose are throttled on that address and never lock out the classes
   * running beside it, which sign in from 127.0.0.1. The kernel gives a connection to any loopback
   * address the source 127.0.0.1, and schemathesis cannot choose one: hence the relay.
   */
  private static final String FUZZER_ADDRESS = "127.0.0.9";

  private static final Path FUZZ = Path.of("src/test/fuzz");
  private static final Path VENV = Path.of("target/fuzz-venv");
  private static final Path WORK = Path.of("target/fuzz");

  @BeforeAll
  static void installTheFuzzer() {
    if (!Files.isExecutable(VENV.resolve("bin/st"))) {
      install(List.of("python3", "-m", "venv", VENV.toString()));
      install(
          List.of(
              VENV.resolve("bin/pip").toString(),
              "install",
              "--quiet",
              "--disable-pip-version-check",
              "-r",
              FUZZ.resolve("requirements.txt").toString()));
    }
  }

  private SourceAddressRelay relay;

  @BeforeEach
  void relay() {
    relay = SourceAddressRelay.to(api, FUZZER_ADDRESS);
  }

  @AfterEach
  void closeRelay() throws IOException {
    relay.close();
  }

  @Test
  void the_document_is_valid_openapi() throws IOException {
    Files.createDirectories(WORK);
    Path document = WORK.resolve("openapi.json");
    Files.writeString(document, api.anonymous().get("/openapi.json").body());

    Result result =
        run(
            List.of(VENV.resolve("bin/openapi-spec-validator").toString(), document.toString()),
            Map.of(),
            120);

    assertThat(result.exitCode()).as(result.output()).isZero();
    assertThat(result.output()).contains("OK");
  }

  @Test
  void fuzzing_finds_no_server_error_no_leak_and_nothing_the_document_does_not_say()
      throws IOException {
    Files.createDirectories(WORK);
    List<String> command = new ArrayList<>();
    command.add(VENV.resolve("bin/st").toString());
    command.addAll(
        List.of(
            "--config-file",
            FUZZ.resolve("schemathesis.toml").toString(),
            "run",
            relay.base() + "/openapi.json",
            "--header",
            "Authorization: Bearer " + organization.adminToken(),
            "--checks",
            "all",
            "--max-examples",
            System.getProperty("meridian.fuzz.max-examples", "15"),
            // One worker: hypothesis parses lambdas' source with ast.parse, which CPython 3.11.7
            // cannot do from two threads at once ("AST constructor recursion depth mismatch").
            "--workers",
            "1",
            "--report",
            "junit",
            "--report-junit-path",
            WORK.resolve("schemathesis-junit.xml").toString()));
    String seed = System.getProperty("meridian.fuzz.seed");
    if (seed != null) {
      command.addAll(List.of("--seed", seed));
    }

    Result result =
        run(
            command,
            Map.of(
                "MERIDIAN_FUZZ_ORG",
                org,
                "MERIDIAN_FUZZ_APP",
                app,
                "SCHEMATHESIS_HOOKS",
                "hooks",
                "PYTHONPATH",
                FUZZ.toAbsolutePath().toString()),
            900);
    Files.writeString(WORK.resolve("schemathesis.log"), result.output());
    System.out.println(summary(result.output()));

    assertThat(result.exitCode())
        .as(
            "schemathesis failed; its report is in target/fuzz/schemathesis.log:%n%s",
            result.output())
        .isZero();
    assertThat(result.output()).containsPattern("Tested: [1-9]");
  }

  /** The closing summary of a run: operations, phases, counts, seed. */
  private static String summary(String output) {
    int start = output.lastIndexOf("SUMMARY");
    return start < 0 ? output : output.substring(start);
  }

  private record Result(int exitCode, String output) {}

  /** A step of the installation, which must succeed: the test command installs what it needs. */
  private static void install(List<String> command) {
    Result result = run(command, Map.of(), 600);
    if (result.exitCode() != 0) {
      throw new AssertionError(String.join(" ", command) + " failed:\n" + result.output());
    }
  }

  private static Result run(List<String> command, Map<String, String> environment, long seconds) {
    try {
      ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
      builder.environment().putAll(environment);
      Path log = Files.createTempFile("meridian-fuzz", ".log");
      builder.redirectOutput(log.toFile());
      Process process = builder.start();
      if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new AssertionError(command.get(0) + " did not finish within " + seconds + " s");
      }
      String output = Files.readString(log, StandardCharsets.UTF_8);
      Files.delete(log);
      return new Result(process.exitValue(), output);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
