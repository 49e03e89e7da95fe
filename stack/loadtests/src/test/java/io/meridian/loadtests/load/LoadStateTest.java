package io.meridian.loadtests.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.meridian.loadtests.load.LoadState.Range;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LoadStateTest {
  private static final String URL = "http://127.0.0.1:8080";

  @TempDir Path directory;

  private LoadState open(Dataset dataset, long seed) {
    return LoadState.open(directory, URL, "org", "app", dataset, seed);
  }

  @Test
  void a_first_load_has_everything_pending() {
    LoadState state = open(Dataset.PLACES, 1);

    assertThat(state.pending(3000)).containsExactly(new Range(0, 3000));
    assertThat(state.doneWithin(3000)).isZero();
    assertThat(state.file()).doesNotExist();
  }

  @Test
  void a_rerun_resumes_around_the_ranges_an_interrupted_run_recorded() {
    LoadState interrupted = open(Dataset.PLACES, 1);
    interrupted.markDone(new Range(0, 500));
    interrupted.markDone(new Range(1000, 1500));
    interrupted.markDone(new Range(500, 700));

    LoadState rerun = open(Dataset.PLACES, 1);

    assertThat(rerun.pending(2000)).containsExactly(new Range(700, 1000), new Range(1500, 2000));
    assertThat(rerun.doneWithin(2000)).isEqualTo(1200);
  }

  @Test
  void adjacent_and_overlapping_ranges_merge_into_one() {
    LoadState state = open(Dataset.THINGS, 1);
    state.markDone(new Range(500, 1000));
    state.markDone(new Range(1500, 2000));
    state.markDone(new Range(0, 500));
    state.markDone(new Range(900, 1600));

    assertThat(state.done()).containsExactly(new Range(0, 2000));
    assertThat(open(Dataset.THINGS, 1).done()).containsExactly(new Range(0, 2000));
  }

  @Test
  void a_larger_count_leaves_only_the_new_tail_pending() {
    LoadState state = open(Dataset.TAGS, 7);
    state.markDone(new Range(0, 1000));

    LoadState grown = open(Dataset.TAGS, 7);

    assertThat(grown.pending(2500)).containsExactly(new Range(1000, 2500));
    assertThat(grown.doneWithin(2500)).isEqualTo(1000);
  }

  @Test
  void a_smaller_count_counts_only_what_lies_below_it() {
    LoadState state = open(Dataset.TAGS, 7);
    state.markDone(new Range(0, 1000));
    state.markDone(new Range(1200, 1300));

    assertThat(state.pending(1250)).containsExactly(new Range(1000, 1200));
    assertThat(state.doneWithin(1250)).isEqualTo(1050);
    assertThat(state.pending(800)).isEmpty();
    assertThat(state.doneWithin(800)).isEqualTo(800);
  }

  @Test
  void another_seed_dataset_or_application_keeps_a_state_of_its_own() {
    open(Dataset.PLACES, 1).markDone(new Range(0, 100));

    assertThat(open(Dataset.PLACES, 2).pending(100)).containsExactly(new Range(0, 100));
    assertThat(open(Dataset.TAGS, 1).pending(100)).containsExactly(new Range(0, 100));
    assertThat(LoadState.open(directory, URL, "org", "other", Dataset.PLACES, 1).pending(100))
        .containsExactly(new Range(0, 100));
    assertThat(
            LoadState.open(directory, "http://localhost:9090", "org", "app", Dataset.PLACES, 1)
                .pending(100))
        .containsExactly(new Range(0, 100));
    assertThat(open(Dataset.PLACES, 1).pending(100)).isEmpty();
  }

  @Test
  void clearing_forgets_every_range_on_disk_too() {
    LoadState state = open(Dataset.FENCES, 1);
    state.markDone(new Range(0, 100));

    state.clear();

    assertThat(open(Dataset.FENCES, 1).pending(100)).containsExactly(new Range(0, 100));
  }

  @Test
  void the_file_is_plain_text_naming_what_it_belongs_to() throws Exception {
    LoadState state = open(Dataset.PLACES, 3);
    state.markDone(new Range(0, 500));
    state.markDone(new Range(1000, 1500));

    assertThat(Files.readString(state.file()))
        .contains("url=" + URL, "org=org", "app=app", "dataset=places", "seed=3")
        .contains("done=0-500,1000-1500");
    assertThat(state.file().getFileName().toString()).startsWith("places-").endsWith(".state");
    assertThat(directory.resolve(state.file().getFileName() + ".tmp")).doesNotExist();
  }

  @Test
  void a_damaged_file_is_refused_with_its_path() throws Exception {
    LoadState state = open(Dataset.PLACES, 1);
    state.markDone(new Range(0, 500));
    Files.writeString(
        state.file(), Files.readString(state.file()).replace("done=0-500", "done=0-five"));

    assertThatThrownBy(() -> open(Dataset.PLACES, 1))
        .isInstanceOf(LoadException.class)
        .hasMessageContaining(state.file().toString())
        .hasMessageContaining("delete it");
  }

  @Test
  void ranges_must_hold_at_least_one_entity() {
    assertThatThrownBy(() -> new Range(5, 5)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Range(-1, 5)).isInstanceOf(IllegalArgumentException.class);
  }
}
