package io.meridian.core.index;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.meridian.core.common.MutableClock;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

class IndexPipelineTest {
  private static final UUID APP = UUID.randomUUID();

  private static IndexOperation upsert() {
    return new IndexOperation.Upsert(
        APP, "dogs", UUID.randomUUID(), 1L, JsonNodeFactory.instance.objectNode());
  }

  @Test
  void operations_arriving_while_a_bulk_is_in_flight_share_the_next_bulk() {
    RecordingIndex index = new RecordingIndex();
    IndexPipeline pipeline = new IndexPipeline(index, true, 1, 1000, Clock.systemUTC());

    CompletableFuture<Boolean> first = pipeline.index(List.of(upsert()), false);
    List<CompletableFuture<Boolean>> later = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      later.add(pipeline.index(List.of(upsert()), false));
    }
    assertThat(index.bulks).hasSize(1);

    index.completeBulk(0, List.of());

    assertThat(first).isCompletedWithValue(true);
    assertThat(index.bulks).hasSize(2);
    assertThat(index.bulks.get(1)).hasSize(5);
    index.completeBulk(1, List.of());
    assertThat(later).allSatisfy(f -> assertThat(f).isCompletedWithValue(true));
  }

  @Test
  void a_failed_operation_joins_a_later_bulk_while_the_others_complete_at_once() {
    RecordingIndex index = new RecordingIndex();
    IndexPipeline pipeline = new IndexPipeline(index, true, 2, 1000, Clock.systemUTC());
    IndexOperation failing = upsert();

    CompletableFuture<Boolean> bad = pipeline.index(List.of(failing), false);
    CompletableFuture<Boolean> good = pipeline.index(List.of(upsert()), false);
    index.completeBulk(0, List.of(failing.entityId()));
    index.completeBulk(1, List.of());

    assertThat(good).isCompletedWithValue(true);
    assertThat(bad).isNotDone();
    awaitBulks(index, 3);
    assertThat(index.bulks.get(2)).containsExactly(failing);
    index.completeBulk(2, List.of());
    assertThat(bad).isCompletedWithValue(true);
  }

  @Test
  void an_operation_failing_every_attempt_reports_false() {
    RecordingIndex index = new RecordingIndex();
    IndexPipeline pipeline = new IndexPipeline(index, true, 2, 1000, Clock.systemUTC());
    IndexOperation failing = upsert();

    CompletableFuture<Boolean> bad = pipeline.index(List.of(failing), true);
    failEveryAttempt(index, failing);

    assertThat(bad).isCompletedWithValue(false);
    assertThat(index.bulks).hasSize(BulkBatcher.ATTEMPTS);
  }

  /** Fails {@code operation} in every bulk that carries it, until it is given up. */
  private static void failEveryAttempt(RecordingIndex index, IndexOperation operation) {
    int attempts = 0;
    for (int bulk = 0; attempts < BulkBatcher.ATTEMPTS; bulk++) {
      awaitBulks(index, bulk + 1);
      if (index.bulks.get(bulk).contains(operation)) {
        index.completeBulk(bulk, List.of(operation.entityId()));
        attempts++;
      }
    }
  }

  /** Waits for a retry, which leaves after a pause of a few hundred milliseconds at most. */
  private static void awaitBulks(RecordingIndex index, int count) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (index.bulks.size() < count) {
      assertThat(System.nanoTime()).as("bulk %d never came", count).isLessThan(deadline);
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
    }
  }

  @Test
  void a_visible_write_goes_in_a_bulk_that_answers_only_once_searchable() {
    RecordingIndex index = new RecordingIndex();
    IndexPipeline pipeline = new IndexPipeline(index, true, 2, 1000, Clock.systemUTC());

    CompletableFuture<Boolean> eventual = pipeline.index(List.of(upsert()), false);
    CompletableFuture<Boolean> visible = pipeline.index(List.of(upsert()), true);

    assertThat(index.visibleBulks).containsExactly(false, true);
    assertThat(index.pendingRefreshes).isEmpty();
    index.completeBulk(1, List.of());
    assertThat(visible).isCompletedWithValue(true);
    assertThat(eventual).isNotDone();
  }

  @Test
  void visible_writers_arriving_during_a_refreshing_bulk_share_the_next_one() {
    RecordingIndex index = new RecordingIndex();
    IndexPipeline pipeline = new IndexPipeline(index, true, 4, 1000, Clock.systemUTC());
    CompletableFuture<Boolean> first = pipeline.index(List.of(upsert()), true);

    CompletableFuture<Boolean> second = pipeline.index(List.of(upsert()), true);
    CompletableFuture<Boolean> third = pipeline.index(List.of(upsert()), true);
    assertThat(index.bulks).hasSize(1);
    index.completeBulk(0, List.of());

    assertThat(first).isCompletedWithValue(true);
    assertThat(index.bulks).hasSize(2);
    assertThat(index.bulks.get(1)).hasSize(2);
    assertThat(index.visibleBulks).containsExactly(true, true);
    assertThat(second).isNotDone();
    index.completeBulk(1, List.of());
    assertThat(second).isCompletedWithValue(true);
    assertThat(third).isCompletedWithValue(true);
  }

  @Test
  void eventual_writes_neither_wait_behind_a_refreshing_bulk_nor_refresh() {
    RecordingIndex index = new RecordingIndex();
    IndexPipeline pipeline = new IndexPipeline(index, true, 2, 1000, Clock.systemUTC());
    pipeline.index(List.of(upsert()), true);

    CompletableFuture<Boolean> eventual = pipeline.index(List.of(upsert(), upsert()), false);

    assertThat(index.visibleBulks).containsExactly(true, false, false);
    index.completeBulk(1, List.of());
    index.completeBulk(2, List.of());
    assertThat(eventual).isCompletedWithValue(true);
  }

  @Test
  void gives_up_at_once_while_the_index_is_unavailable() {
    RecordingIndex index = new RecordingIndex();
    index.available = false;
    IndexPipeline pipeline = new IndexPipeline(index, true, 2, 1000, Clock.systemUTC());

    assertThat(pipeline.index(List.of(upsert()), true)).isCompletedWithValue(false);
    assertThat(index.bulks).isEmpty();
  }

  @Test
  void a_visible_bulk_failing_as_the_index_goes_away_reports_false_at_once_without_throwing() {
    RecordingIndex index = new RecordingIndex();
    IndexPipeline pipeline = new IndexPipeline(index, true, 2, 1000, Clock.systemUTC());

    CompletableFuture<Boolean> write = pipeline.index(List.of(upsert()), true);
    index.available = false;
    index.pendingBulks.get(0).completeExceptionally(new IllegalStateException("down"));

    assertThat(write).isCompletedWithValue(false);
    assertThat(index.bulks).hasSize(1);
  }

  @Test
  void a_bulk_failing_as_a_whole_while_the_index_stays_available_is_sent_again() {
    RecordingIndex index = new RecordingIndex();
    IndexPipeline pipeline = new IndexPipeline(index, true, 2, 1000, Clock.systemUTC());
    IndexOperation operation = upsert();

    CompletableFuture<Boolean> write = pipeline.index(List.of(operation), true);
    index.pendingBulks.get(0).completeExceptionally(new IllegalStateException("timed out"));
    awaitBulks(index, 2);
    assertThat(index.bulks.get(1)).containsExactly(operation);
    index.completeBulk(1, List.of());

    assertThat(write).isCompletedWithValue(true);
  }

  @Test
  void the_backlog_holds_changes_until_the_fast_path_or_the_repairer_indexed_them() {
    MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));
    RecordingIndex index = new RecordingIndex();
    IndexPipeline pipeline = new IndexPipeline(index, true, 2, 1000, clock);
    IndexOperation failing = upsert();

    pipeline.index(List.of(failing, upsert()), false);
    clock.advance(Duration.ofSeconds(3));
    assertThat(pipeline.backlog().pending()).isEqualTo(2);
    assertThat(pipeline.backlog().lagSeconds()).isEqualTo(3);

    index.completeBulk(1, List.of());
    failEveryAttempt(index, failing);
    assertThat(pipeline.backlog().pending()).isEqualTo(1);
    assertThat(pipeline.backlog().indexedTotal()).isEqualTo(1);
    assertThat(pipeline.backlog().deferredTotal()).isEqualTo(1);

    pipeline.backlog().verifiedBefore(clock.millis() - 3000);
    assertThat(pipeline.backlog().pending()).isEqualTo(1);
    pipeline.backlog().verifiedBefore(clock.millis());
    assertThat(pipeline.backlog().pending()).isZero();
    assertThat(pipeline.backlog().lagSeconds()).isZero();
  }
}
