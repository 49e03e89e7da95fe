package io.meridian.core.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class PeriodicWritesTest {
  private final List<String> due = new ArrayList<>();
  private final List<String> failing = new ArrayList<>();
  private final List<String> written = new ArrayList<>();
  private final List<String> handedBack = new ArrayList<>();
  private final PeriodicWrites<String> writes =
      new PeriodicWrites<>(
          "periodic-writes-test",
          LoggerFactory.getLogger(PeriodicWritesTest.class),
          "Could not store {} items; retrying",
          "Storing the items failed: {}",
          this::writeDue,
          handedBack::addAll);

  @Test
  void hands_back_only_the_keys_whose_write_failed() {
    due.addAll(List.of("a", "b", "c"));
    failing.add("b");

    writes.store();

    assertThat(written).containsExactly("a", "c");
    assertThat(handedBack).containsExactly("b");
  }

  @Test
  void closing_stores_a_last_time_what_is_due() {
    writes.start(Duration.ofHours(1));
    due.add("last");

    writes.close();

    assertThat(written).containsExactly("last");
  }

  @Test
  void closing_without_a_start_stores_nothing() {
    due.add("never");

    writes.close();

    assertThat(written).isEmpty();
  }

  private Map<String, CompletionStage<Void>> writeDue() {
    Map<String, CompletionStage<Void>> writes = new LinkedHashMap<>();
    for (String key : due) {
      if (failing.contains(key)) {
        writes.put(key, CompletableFuture.failedFuture(new IllegalStateException("unavailable")));
      } else {
        written.add(key);
        writes.put(key, CompletableFuture.completedFuture(null));
      }
    }
    due.clear();
    return writes;
  }
}
