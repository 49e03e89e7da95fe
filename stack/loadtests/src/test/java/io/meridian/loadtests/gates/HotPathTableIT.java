package io.meridian.loadtests.gates;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.loadtests.LocalTarget;
import io.meridian.local.DebianPackage;
import io.meridian.local.Endpoints;
import io.meridian.local.SharedServices;
import java.io.File;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The CI gate of issue 17's hot paths: the side-by-side table ({@code wrk/table.sh}) at its smoke
 * size on the build's shared Cassandra and Elasticsearch, every row a ratio to an anchor measured
 * in the same run, and {@code wrk/smoke-gates.tsv} the lowest ratio each row may fall to. A hot
 * path that regresses below its gate, or a row that answers errors, fails the build; the table is
 * printed either way (and kept in {@code target/loadtests/table-smoke.log}).
 *
 * <p>Ratios, not rates: a rate gate must leave room for the slowest machine CI may run on, which
 * hides all but the largest regressions; a ratio to an anchor measured seconds apart on the same
 * machine does not move with the machine's speed (docs/load-tests.md, "The hot-path gates").
 */
@EnabledIfSystemProperty(
    named = "meridian.it.data-dir",
    matches = ".+",
    disabledReason = "an integration test: run it with failsafe (mvn verify)")
class HotPathTableIT {

  private static final long TIMEOUT_MINUTES = 20;

  @Test
  void everyHotPathStaysAboveItsGate() throws Exception {
    Endpoints services = SharedServices.get();
    DebianPackage.WRK.ensureInstalled();
    Path dataDir = Path.of(System.getProperty("meridian.it.data-dir"));
    Path log = Files.createDirectories(Path.of("target", "loadtests")).resolve("table-smoke.log");
    ProcessBuilder table =
        new ProcessBuilder("bash", "wrk/table.sh")
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    Map<String, String> env = table.environment();
    env.putAll(
        Map.of(
            "SMOKE", "1",
            "GATES", Path.of("wrk", "smoke-gates.tsv").toAbsolutePath().toString(),
            "SERVICES", "running",
            "BUILD", "0",
            "CASSANDRA_PORT", Integer.toString(services.cassandraPort()),
            "ES_PORT", Integer.toString(URI.create(services.elasticsearchUrl()).getPort()),
            "MERIDIAN_PORT", Integer.toString(LocalTarget.freePort()),
            "FLOOR_PORT", Integer.toString(LocalTarget.freePort()),
            // Beside the services' data, so that the loaded state and the data live and go
            // together.
            "STATE", dataDir.resolve("table-smoke").toAbsolutePath().toString()));
    Process process = table.start();
    boolean ended = process.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES);
    if (!ended) {
      process.descendants().forEach(ProcessHandle::destroy);
      process.destroy();
    }
    List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
    lines.forEach(System.out::println);
    assertThat(ended).as("the smoke table ended within %d minutes", TIMEOUT_MINUTES).isTrue();
    assertThat(process.exitValue())
        .as("wrk/table.sh's exit status (the table and its gates above; log %s)", log)
        .isZero();
  }
}
