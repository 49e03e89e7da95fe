package io.meridian.loadtests.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ArrayNode;
import io.meridian.loadtests.LocalTarget;
import io.meridian.loadtests.load.Loader.Options;
import io.meridian.loadtests.load.Loader.Report;
import io.meridian.loadtests.load.Loader.Verification;
import io.meridian.loadtests.load.MeridianClient.App;
import io.meridian.local.JvmOptions;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The loader against a real Meridian server on real Cassandra and Elasticsearch, with the REST
 * tests' 64 KB body limit so that batches must be split. Each test loads into an application of its
 * own.
 *
 * <p>Runs only under failsafe, which names the shared services' data directory: a surefire run
 * selected by package ({@code -Dtest='io.meridian.loadtests.**'}) would otherwise start the shared
 * services outside the lock that builds sharing this machine take around integration tests.
 */
@EnabledIfSystemProperty(
    named = "meridian.it.data-dir",
    matches = ".+",
    disabledReason = "an integration test: run it with failsafe (mvn verify)")
class LoaderIT {
  /**
   * Small bodies, as in the REST tests, so that the loader must split its batches; cheap bcrypt.
   */
  private static final Map<String, String> SETTINGS =
      Map.of(
          "meridian.api.max-body-size", "64KB",
          "meridian.identity.bcrypt-strength", "4",
          "meridian.indexing.change-log-bucket", "2s",
          "meridian.indexing.repair-lag", "3s",
          "meridian.indexing.repair-interval", "500ms");

  private static LocalTarget server;
  private static MeridianClient client;

  @TempDir Path stateDir;

  private App app;
  private String token;
  private final ByteArrayOutputStream messages = new ByteArrayOutputStream();
  private Loader loader;

  @BeforeAll
  static void startServer() throws Exception {
    server =
        LocalTarget.start(
            "loader-it", "512m", LocalTarget.freePort(), SETTINGS, JvmOptions.SHORT_LIVED);
    client = new MeridianClient(server.baseUrl(), false);
  }

  @AfterAll
  static void stopServer() {
    if (server != null) {
      server.close();
    }
  }

  @BeforeEach
  void provision() {
    // As the superuser, as every load test provisions: open registration from one address is
    // rationed (ten organizations an hour), and this class registers one per test.
    app = client.provision("lt", server.superuserPassword());
    token = client.clientToken(app);
    loader = new Loader(client, app, new PrintStream(messages, true, StandardCharsets.UTF_8));
  }

  private Options options(Dataset dataset, int count, long seed, int batch) {
    return new Options(dataset, count, seed, batch, 4, stateDir, true);
  }

  private void send(String method, String pathInApp, Object body) {
    client.send(method, app.path() + pathInApp, body, token);
  }

  @Test
  void places_load_in_batches_verify_and_a_rerun_writes_nothing() {
    Options places = options(Dataset.PLACES, 3000, 1, 500);

    Report first = loader.load(places);

    assertThat(first.created()).isEqualTo(3000);
    assertThat(first.existing()).isZero();
    Verification verification = loader.verify(places);
    assertThat(verification.problems()).isEmpty();
    assertThat(verification.stored()).isEqualTo(3000);
    assertThat(verification.indexed()).isEqualTo(3000);
    assertThat(verification.sampled()).isEqualTo(Verifier.SAMPLE);

    Report second = loader.load(places);

    assertThat(second.created()).isZero();
    assertThat(second.existing()).isEqualTo(3000);
    assertThat(second.took()).isLessThan(Duration.ofSeconds(5));
    assertThat(messages.toString(StandardCharsets.UTF_8))
        .contains("places: all 3,000 entities already loaded");
  }

  @Test
  void an_interrupted_load_completes_with_the_exact_count_and_no_duplicate() throws Exception {
    Dataset things = Dataset.THINGS;
    // The run that was interrupted had recorded entities 0 to 299 ...
    loader.load(options(things, 300, 1, 100));
    // ... had written 300 to 399 without recording them ...
    Dataset.Source source = things.generate(1, 1000);
    for (int from = 300; from < 400; from += 25) {
      ArrayNode batch = MeridianClient.JSON.createArrayNode();
      for (int i = from; i < from + 25; i++) {
        batch.add(source.entity(i));
      }
      send("POST", "/things", batch);
    }
    // ... and half-written 450 to 474 of the batch 400 to 499 when it died.
    for (int i = 450; i < 475; i++) {
      send("PUT", "/things/" + things.name(i), source.entity(i));
    }

    Report resumed = loader.load(options(things, 1000, 1, 100));

    assertThat(resumed.created()).isEqualTo(1000 - 300 - 100 - 25);
    assertThat(resumed.existing()).isEqualTo(300 + 100 + 25);
    Verification verification = loader.verify(options(things, 1000, 1, 100));
    assertThat(verification.problems()).isEmpty();
    assertThat(verification.stored()).isEqualTo(1000);
    assertThat(Files.readString(loader.stateFile(options(things, 1000, 1, 100))))
        .contains("done=0-1000\n");
  }

  @Test
  void a_load_cut_off_by_a_server_crash_says_to_rerun_and_the_rerun_completes() throws Exception {
    int port = LocalTarget.freePort();
    LocalTarget crashing =
        LocalTarget.start("loader-it-crashing", "512m", port, SETTINGS, JvmOptions.SHORT_LIVED);
    MeridianClient local = new MeridianClient(crashing.baseUrl(), false);
    App own = local.provision("lt", crashing.superuserPassword());
    Loader cutOff = new Loader(local, own, new PrintStream(messages, true, StandardCharsets.UTF_8));
    // The server dies as soon as the first batch is recorded: 40 batches leave most of the load to
    // the rerun.
    Options places = new Options(Dataset.PLACES, 2_000, 3, 50, 2, stateDir, false);
    Path state = cutOff.stateFile(places);
    Thread crash =
        new Thread(
            () -> {
              try {
                while (!Files.exists(state)) {
                  Thread.sleep(20);
                }
                crashing.kill();
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            });
    crash.start();

    assertThatThrownBy(() -> cutOff.load(places))
        .isInstanceOf(LoadException.class)
        .hasMessageContaining("Loading places into " + own.path() + " stopped with")
        .hasMessageContaining("Run the same load again to resume")
        .hasMessageContaining(state.toString());
    crash.join();

    try (LocalTarget restarted =
        LocalTarget.start("loader-it-restarted", "512m", port, SETTINGS, JvmOptions.SHORT_LIVED)) {
      Report resumed = cutOff.load(places);

      assertThat(resumed.existing()).isPositive();
      assertThat(resumed.created()).isPositive();
      assertThat(resumed.created() + resumed.existing()).isEqualTo(2_000);
      Verification verification = cutOff.verify(places);
      assertThat(verification.problems()).isEmpty();
      assertThat(verification.stored()).isEqualTo(2_000);
    } finally {
      crashing.close();
    }
  }

  @Test
  void growing_a_data_set_loads_only_the_new_tail() {
    Report first = loader.load(options(Dataset.TAGS, 1000, 2, 500));
    Report grown = loader.load(options(Dataset.TAGS, 2500, 2, 500));

    assertThat(first.created()).isEqualTo(1000);
    assertThat(grown.created()).isEqualTo(1500);
    assertThat(grown.existing()).isEqualTo(1000);
    Verification verification = loader.verify(options(Dataset.TAGS, 2500, 2, 500));
    assertThat(verification.problems()).isEmpty();
    assertThat(verification.stored()).isEqualTo(2500);
    assertThat(verification.indexed()).isEqualTo(2500);
  }

  @Test
  void verification_reports_a_deleted_entity_and_a_modified_one() {
    Options tags = options(Dataset.TAGS, 600, 1, 500);
    loader.load(tags);
    assertThat(loader.verify(tags).ok()).isTrue();
    send("DELETE", "/tags/tag-0000599", null);
    send("PUT", "/tags/tag-0000000", MeridianClient.JSON.createObjectNode().put("altitude", -1));

    Verification verification = loader.verify(tags);

    assertThat(verification.ok()).isFalse();
    assertThat(verification.stored()).isEqualTo(599);
    assertThat(verification.problems())
        .anySatisfy(
            problem ->
                assertThat(problem).contains("1 of 600 entities are not stored: tag-0000599"))
        .anySatisfy(problem -> assertThat(problem).startsWith("tag-0000599: not found by name"))
        .anySatisfy(
            problem -> assertThat(problem).startsWith("tag-0000000: altitude is -1, expected "));
  }

  @Test
  void a_state_that_outlived_its_data_is_checked_again() {
    Options fences = options(Dataset.FENCES, 300, 1, 500);
    loader.load(fences);
    send("DELETE", "/ads/" + Dataset.FENCES.name(0), null);

    Report reloaded = loader.load(fences);

    assertThat(messages.toString(StandardCharsets.UTF_8))
        .contains("says ad-0000000 is stored but it is not");
    assertThat(reloaded.created()).isEqualTo(1);
    assertThat(reloaded.existing()).isEqualTo(299);
    assertThat(loader.verify(fences).problems()).isEmpty();
  }

  @Test
  void the_command_provisions_loads_verifies_and_reports_problems_in_its_exit_code() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine command = LoadCommand.commandLine();
    command.setOut(new PrintWriter(out, true));
    command.setErr(new PrintWriter(err, true));

    int loaded =
        command.execute(
            "--url",
            server.baseUrl().toString(),
            "--provision",
            "--dataset",
            "tags,places",
            "--count",
            "400",
            "--batch",
            "200",
            "--state-dir",
            stateDir.toString(),
            "--verify",
            "--no-progress");

    assertThat(loaded).as(err.toString()).isZero();
    assertThat(out.toString())
        .contains("Provisioned /load-")
        .contains("tags: 400 entities loaded in")
        .contains("places: 400 entities loaded in")
        .contains("tags: verified 400 expected, 400 stored, 400 indexed, 200 sampled: OK")
        .contains("places: verified 400 expected, 400 stored, 400 indexed, 200 sampled: OK");

    Matcher credentials =
        Pattern.compile("--org (\\S+) --app (\\S+) --client-id (\\S+) --client-secret (\\S+)")
            .matcher(out.toString());
    assertThat(credentials.find()).isTrue();
    App created =
        new App(
            credentials.group(1), credentials.group(2), credentials.group(3), credentials.group(4));
    client.send(
        "DELETE", created.path() + "/places/place-0000007", null, client.clientToken(created));
    out.getBuffer().setLength(0);

    int verified =
        command.execute(
            "--url",
            server.baseUrl().toString(),
            "--org",
            created.org(),
            "--app",
            created.app(),
            "--client-id",
            created.clientId(),
            "--client-secret",
            created.clientSecret(),
            "--dataset",
            "places",
            "--count",
            "400",
            "--verify-only");

    assertThat(verified).isEqualTo(LoadCommand.PROBLEMS);
    assertThat(out.toString())
        .contains("places: verified 400 expected, 399 stored")
        .contains("  1 of 400 entities are not stored: place-0000007");
  }

  @Test
  void the_command_refuses_a_bad_option_with_a_usage_message() {
    StringWriter err = new StringWriter();
    CommandLine command = LoadCommand.commandLine();
    command.setErr(new PrintWriter(err, true));

    int status =
        command.execute("--url", server.baseUrl().toString(), "--provision", "--dataset", "parks");

    assertThat(status).isEqualTo(LoadCommand.USAGE);
    assertThat(err.toString())
        .contains("Invalid value for option '--dataset'")
        .contains("but was 'parks'")
        .contains("Usage: meridian-load");
  }

  @Test
  void the_packaged_jar_loads_and_verifies_fences() throws Exception {
    Path jar = Path.of("target", "meridian-load.jar");
    assertThat(jar).as("packaged before the integration tests").exists();
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(
        List.of(
            "-jar",
            jar.toString(),
            "--url",
            server.baseUrl().toString(),
            "--org",
            app.org(),
            "--app",
            app.app(),
            "--dataset",
            "fences",
            "--count",
            "250",
            "--state-dir",
            stateDir.toString(),
            "--verify"));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().put("MERIDIAN_CLIENT_ID", app.clientId());
    builder.environment().put("MERIDIAN_CLIENT_SECRET", app.clientSecret());
    Process process = builder.start();
    String output;
    try {
      output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
    } finally {
      process.destroyForcibly();
    }

    assertThat(process.exitValue()).as(output).isZero();
    assertThat(output)
        .contains("ads: 250 entities loaded in")
        .contains("ads: verified 250 expected, 250 stored, 250 indexed, 200 sampled: OK");
  }
}
