package io.meridian.core.traffic;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.common.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

class TrafficServiceTest {
  private static final UUID APP = UUID.randomUUID();
  private static final Instant NOW = Instant.parse("2026-11-26T12:00:05Z");
  private static final long BUCKET = TrafficCounters.BUCKET.toMillis();

  private final MutableClock clock = new MutableClock(NOW);
  private final Rows rows = new Rows();
  private final TrafficCounters local = new TrafficCounters(clock, 100);
  private final TrafficService service = new TrafficService(local, rows, "this", clock);

  @Test
  void counts_requests_and_errors_by_class_in_the_current_bucket() {
    local.record(APP, 200, 2_000_000);
    local.record(APP, 404, 4_000_000);
    local.record(APP, 503, 9_000_000);

    TrafficBucket last = last(service.recent(APP, Duration.ofMinutes(1)));

    assertThat(last.start()).isEqualTo(NOW.toEpochMilli() - 5_000);
    assertThat(last.requests()).isEqualTo(3);
    assertThat(last.errors4xx()).isEqualTo(1);
    assertThat(last.errors5xx()).isEqualTo(1);
    assertThat(last.latencyMeanMillis()).isEqualTo(5.0);
    assertThat(last.latencyMaxMillis()).isEqualTo(9.0);
  }

  @Test
  void answers_every_bucket_of_the_window_oldest_first_empty_ones_included() {
    List<TrafficBucket> buckets = service.recent(APP, Duration.ofMinutes(30));

    assertThat(buckets).hasSize(180);
    assertThat(buckets.get(1).start() - buckets.get(0).start()).isEqualTo(BUCKET);
    assertThat(buckets).allMatch(bucket -> bucket.requests() == 0);
  }

  @Test
  void sums_other_nodes_rows_with_this_nodes_live_counts_never_its_stored_ones() {
    long start = TrafficCounters.bucketStart(NOW.toEpochMilli());
    local.record(APP, 200, 1_000_000);
    rows.written.add(
        new TrafficStore.NodeBucket("other", new TrafficBucket(start, 4, 1, 0, 4_000, 3_000)));
    rows.written.add(
        new TrafficStore.NodeBucket("this", new TrafficBucket(start, 99, 99, 99, 99, 99)));

    TrafficBucket last = last(service.recent(APP, Duration.ofMinutes(1)));

    assertThat(last.requests()).isEqualTo(5);
    assertThat(last.errors4xx()).isEqualTo(1);
    assertThat(last.latencySumMicros()).isEqualTo(5_000);
    assertThat(last.latencyMaxMicros()).isEqualTo(3_000);
  }

  @Test
  void stores_only_buckets_that_changed_since_the_last_store() {
    local.record(APP, 200, 1_000_000);
    service.store();
    service.store();
    clock.advance(Duration.ofMillis(BUCKET));
    local.record(APP, 500, 1_000_000);
    service.store();

    assertThat(rows.written).extracting(row -> row.bucket().requests()).containsExactly(1L, 1L);
    assertThat(rows.written).extracting(TrafficStore.NodeBucket::node).containsOnly("this");
    assertThat(rows.written.get(1).bucket().errors5xx()).isEqualTo(1);
  }

  @Test
  void a_bucket_comes_back_empty_when_its_slot_comes_round_again() {
    local.record(APP, 200, 1_000_000);
    clock.advance(TrafficCounters.RETENTION);
    local.record(APP, 200, 1_000_000);

    assertThat(service.recent(APP, TrafficCounters.RETENTION))
        .extracting(TrafficBucket::requests)
        .containsOnly(0L, 1L)
        .filteredOn(count -> count == 1L)
        .hasSize(1);
  }

  @Test
  void concurrent_requests_are_all_counted() throws InterruptedException {
    Thread[] threads = new Thread[4];
    for (int t = 0; t < threads.length; t++) {
      int status = t == 0 ? 500 : 200;
      threads[t] =
          new Thread(
              () -> {
                for (int i = 0; i < 10_000; i++) {
                  local.record(APP, status, (i % 7) * 1_000);
                }
              });
      threads[t].start();
    }
    for (Thread thread : threads) {
      thread.join();
    }

    TrafficBucket last = last(service.recent(APP, Duration.ofMinutes(1)));

    assertThat(last.requests()).isEqualTo(40_000);
    assertThat(last.errors5xx()).isEqualTo(10_000);
    assertThat(last.latencyMaxMicros()).isEqualTo(6);
  }

  private static TrafficBucket last(List<TrafficBucket> buckets) {
    return buckets.get(buckets.size() - 1);
  }

  /** The store's rows in memory, read back by time. */
  private static final class Rows implements TrafficStore {
    final List<NodeBucket> written = new ArrayList<>();

    @Override
    public CompletionStage<Void> write(UUID app, String node, TrafficBucket bucket) {
      written.add(new NodeBucket(node, bucket));
      return CompletableFuture.completedFuture(null);
    }

    @Override
    public List<NodeBucket> read(UUID app, long from, long to) {
      return written.stream()
          .filter(row -> row.bucket().start() >= from && row.bucket().start() < to)
          .toList();
    }
  }
}
