package io.meridian.server.startup;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class StartupProgressTest {
  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
  private final PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);

  @Test
  void prints_each_step_with_the_seconds_since_the_run_began() {
    long began = System.currentTimeMillis() - 12_300;
    try (StartupProgress progress = new StartupProgress(true, began, out)) {
      progress.step("starting Cassandra");
    }

    assertThat(printed.toString(StandardCharsets.UTF_8))
        .matches("(?s)\\s+12\\.[3-9]s  starting Cassandra\\R");
  }

  @Test
  void shows_what_must_be_seen_once_after_the_ready_line_even_without_the_console_report() {
    StartupProgress progress = new StartupProgress(false, System.currentTimeMillis(), out);
    progress.showWhenReady("superuser password: s3cret");
    progress.step("migrating the schema");

    assertThat(printed.toString(StandardCharsets.UTF_8)).isEmpty();
    progress.ready("ready at http://localhost:8080");

    assertThat(printed.toString(StandardCharsets.UTF_8))
        .isEqualTo("superuser password: s3cret" + System.lineSeparator());
  }

  @Test
  void formats_elapsed_time_with_one_decimal_whatever_the_locale() {
    assertThat(StartupProgress.line(61.25, "ready")).isEqualTo("   61.3s  ready");
  }
}
