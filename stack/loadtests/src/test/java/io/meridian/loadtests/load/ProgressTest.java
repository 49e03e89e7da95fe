package io.meridian.loadtests.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ProgressTest {

  @Test
  void a_line_shows_percent_count_rate_and_time_left() {
    assertThat(Progress.line("places", 295_512, 653_796, 4812.4))
        .isEqualTo("places  45.2% 295,512/653,796  4,812/s  ETA 1m14s");
  }

  @Test
  void the_time_left_is_unknown_until_there_is_a_rate() {
    assertThat(Progress.line("things", 0, 100_000, 0))
        .isEqualTo("things   0.0% 0/100,000  0/s  ETA --");
  }

  @Test
  void an_empty_load_is_complete() {
    assertThat(Progress.line("tags", 0, 0, 0)).startsWith("tags 100.0% 0/0");
  }

  @Test
  void durations_read_in_the_largest_units_that_matter() {
    assertThat(Progress.duration(0)).isEqualTo("0s");
    assertThat(Progress.duration(42)).isEqualTo("42s");
    assertThat(Progress.duration(187)).isEqualTo("3m07s");
    assertThat(Progress.duration(7_500)).isEqualTo("2h05m");
    assertThat(Progress.duration(-5)).isEqualTo("0s");
  }

  @Test
  void the_rate_counts_only_what_this_run_wrote_while_the_percent_counts_what_was_there() {
    AtomicLong nanos = new AtomicLong();
    Progress progress =
        new Progress(
            "ads", 10_000, 4_000, new PrintStream(new ByteArrayOutputStream()), false, nanos::get);
    nanos.set(2_000_000_000L);
    progress.add(1_000);

    assertThat(progress.line()).isEqualTo("ads  50.0% 5,000/10,000  500/s  ETA 10s");
  }

  @Test
  void off_a_terminal_the_last_line_is_printed_whole_when_closed() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    AtomicLong nanos = new AtomicLong();
    Progress progress =
        new Progress(
            "tags",
            100,
            0,
            new PrintStream(bytes, true, StandardCharsets.UTF_8),
            false,
            nanos::get);
    progress.start();
    nanos.set(1_000_000_000L);
    progress.add(100);

    progress.close();

    String printed = bytes.toString(StandardCharsets.UTF_8);
    assertThat(printed).isEqualTo("tags 100.0% 100/100  100/s  ETA 0s" + System.lineSeparator());
  }

  @Test
  void on_a_terminal_the_line_is_redrawn_in_place_and_ended_when_closed() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    AtomicLong nanos = new AtomicLong();
    Progress progress =
        new Progress(
            "tags", 100, 0, new PrintStream(bytes, true, StandardCharsets.UTF_8), true, nanos::get);
    progress.start();
    nanos.set(1_000_000_000L);
    progress.add(100);

    progress.close();

    String printed = bytes.toString(StandardCharsets.UTF_8);
    assertThat(printed).startsWith("\r").endsWith(System.lineSeparator());
    assertThat(printed).doesNotContain("\n" + "tags");
    assertThat(printed.strip()).endsWith("tags 100.0% 100/100  100/s  ETA 0s");
  }
}
