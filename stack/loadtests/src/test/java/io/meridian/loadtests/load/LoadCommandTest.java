package io.meridian.loadtests.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The command's options, checked before it sends anything (nothing listens on port 9). */
class LoadCommandTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(Map<String, String> environment, String... args) {
    CommandLine command = LoadCommand.commandLine(new LoadCommand(environment::get));
    command.setOut(new PrintWriter(out, true));
    command.setErr(new PrintWriter(err, true));
    return command.execute(args);
  }

  private int run(String... args) {
    return run(Map.of(), args);
  }

  @Test
  void an_unknown_data_set_is_a_usage_error_naming_the_choices() {
    int status = run("--url", "http://127.0.0.1:9", "--provision", "--dataset", "nope");

    assertThat(status).isEqualTo(LoadCommand.USAGE);
    assertThat(err.toString())
        .contains("Invalid value for option '--dataset'")
        .contains("PLACES")
        .contains("Usage: meridian-load");
  }

  @Test
  void data_sets_are_accepted_in_any_case_and_as_a_comma_list() {
    LoadCommand command = new LoadCommand(name -> null);
    LoadCommand.commandLine(command)
        .parseArgs("--provision", "--dataset", "places,Tags", "--dataset", "THINGS");

    assertThat(command.datasets).containsExactly(Dataset.PLACES, Dataset.TAGS, Dataset.THINGS);
  }

  @Test
  void an_application_needs_its_credentials_or_provisioning() {
    int status =
        run("--url", "http://127.0.0.1:9", "--org", "o", "--app", "a", "--dataset", "tags");

    assertThat(status).isEqualTo(LoadCommand.USAGE);
    assertThat(err.toString()).contains("--client-id").contains("--provision");
  }

  @Test
  void provisioning_and_a_named_application_exclude_each_other() {
    int status = run("--provision", "--org", "o", "--app", "a", "--dataset", "tags");

    assertThat(status).isEqualTo(LoadCommand.USAGE);
    assertThat(err.toString()).contains("either --provision or --org and --app");
  }

  @Test
  void a_batch_over_the_bulk_limit_is_refused() {
    int status = run("--provision", "--dataset", "tags", "--batch", "1001");

    assertThat(status).isEqualTo(LoadCommand.USAGE);
    assertThat(err.toString()).contains("--batch must be 1 to 1000, got 1001");
  }

  @Test
  void no_workers_is_refused() {
    assertThat(run("--provision", "--dataset", "tags", "--workers", "0"))
        .isEqualTo(LoadCommand.USAGE);
    assertThat(err.toString()).contains("--workers must be at least 1");
  }

  @Test
  void a_superuser_password_variable_that_is_not_set_is_refused() {
    int status =
        run("--provision", "--superuser-password-env", "NO_SUCH_VARIABLE", "--dataset", "tags");

    assertThat(status).isEqualTo(LoadCommand.USAGE);
    assertThat(err.toString()).contains("NO_SUCH_VARIABLE is not set");
  }

  @Test
  void a_remote_server_needs_allow_remote() {
    int status = run("--url", "http://192.0.2.1:8080", "--provision", "--dataset", "tags");

    assertThat(status).isEqualTo(LoadCommand.USAGE);
    assertThat(err.toString()).contains("Refusing to send load").contains("--allow-remote");
  }

  @Test
  void summaries_say_what_was_done_in_one_line() {
    assertThat(
            LoadCommand.summary(
                new Loader.Report(Dataset.PLACES, 3000, 2000, 1000, Duration.ofSeconds(4))))
        .isEqualTo(
            "places: 3,000 entities loaded in 4.0 s: 2,000 created (500/s), 1,000 already there");
    assertThat(
            LoadCommand.summary(
                new Loader.Verification(Dataset.TAGS, 10, 9, 9, 10, List.of("tag-0000003: gone"))))
        .isEqualTo("tags: verified 10 expected, 9 stored, 9 indexed, 10 sampled: 1 problem");
  }
}
