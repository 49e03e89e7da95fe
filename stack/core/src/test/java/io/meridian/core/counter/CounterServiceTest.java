package io.meridian.core.counter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.MeridianException;
import io.meridian.core.counter.CounterStore.CounterValue;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

class CounterServiceTest {
  private static final long MINUTE = 60_000;
  private static final long T = Instant.parse("2026-01-15T10:17:30Z").toEpochMilli();
  private static final ApplicationRef APP =
      new ApplicationRef(UUID.randomUUID(), UUID.randomUUID(), "org", "app", 0);

  /** Sums in memory, keyed as the Cassandra table is. */
  private static final class MemoryStore implements CounterStore {
    final Map<String, TreeMap<Long, Long>> buckets = new ConcurrentHashMap<>();
    final TreeSet<String> names = new TreeSet<>();

    @Override
    public CompletionStage<Void> increment(UUID app, Map<String, Long> deltas, long timestamp) {
      deltas.forEach(
          (name, delta) -> {
            names.add(name);
            for (CounterResolution resolution : CounterResolution.values()) {
              buckets
                  .computeIfAbsent(name + "/" + resolution, key -> new TreeMap<>())
                  .merge(resolution.bucket(timestamp), delta, Long::sum);
            }
          });
      return CompletableFuture.completedFuture(null);
    }

    @Override
    public List<CounterValue> read(
        UUID app, String name, CounterResolution resolution, long from, long to, int limit) {
      List<CounterValue> values = new ArrayList<>();
      buckets
          .getOrDefault(name + "/" + resolution, new TreeMap<>())
          .subMap(from, true, to, true)
          .forEach((bucket, value) -> values.add(new CounterValue(bucket, value)));
      return values.subList(0, Math.min(limit, values.size()));
    }

    @Override
    public List<String> names(UUID app, int limit) {
      return List.copyOf(names);
    }
  }

  private final MemoryStore store = new MemoryStore();
  private final CounterService counters =
      new CounterService(store, Clock.fixed(Instant.ofEpochMilli(T), ZoneOffset.UTC));

  @Test
  void buckets_start_at_whole_slices_of_utc_time_and_all_has_one_bucket_named_1() {
    assertThat(CounterResolution.MINUTE.bucket(T))
        .isEqualTo(Instant.parse("2026-01-15T10:17:00Z").toEpochMilli());
    assertThat(CounterResolution.HOUR.bucket(T))
        .isEqualTo(Instant.parse("2026-01-15T10:00:00Z").toEpochMilli());
    assertThat(CounterResolution.DAY.bucket(T))
        .isEqualTo(Instant.parse("2026-01-15T00:00:00Z").toEpochMilli());
    assertThat(CounterResolution.WEEK.bucket(T))
        .isEqualTo(Instant.parse("2026-01-15T00:00:00Z").toEpochMilli()); // a Thursday
    assertThat(CounterResolution.ALL.bucket(T)).isEqualTo(1);
    assertThat(CounterResolution.ALL.next(1)).isEqualTo(1);
  }

  @Test
  void resolutions_are_parsed_in_any_case_and_an_unknown_one_is_refused() {
    assertThat(CounterResolution.parse(null)).isEqualTo(CounterResolution.ALL);
    assertThat(CounterResolution.parse("Five_Minutes")).isEqualTo(CounterResolution.FIVE_MINUTES);
    assertThatThrownBy(() -> CounterResolution.parse("fortnight"))
        .isInstanceOf(MeridianException.class)
        .hasMessageContaining("minute");
  }

  @Test
  void a_padded_read_has_every_bucket_of_the_range_in_order() {
    counters.increment(APP, Map.of("c", 4L), T);
    long minute = CounterResolution.MINUTE.bucket(T);

    List<CounterSeries> read =
        counters.read(
            APP,
            new CounterQuery(
                List.of("c", "none"),
                CounterResolution.MINUTE,
                minute - MINUTE + 1,
                minute + MINUTE,
                true));

    assertThat(read.get(0).values())
        .containsExactly(
            new CounterValue(minute - MINUTE, 0),
            new CounterValue(minute, 4),
            new CounterValue(minute + MINUTE, 0));
    assertThat(read.get(1).values()).hasSize(3).allMatch(value -> value.value() == 0);
  }

  @Test
  void a_padded_read_of_more_than_a_thousand_buckets_is_refused_before_reading() {
    CounterQuery tooWide =
        new CounterQuery(List.of("c"), CounterResolution.MINUTE, T, T + 1000 * MINUTE, true);

    assertThatThrownBy(() -> counters.read(APP, tooWide))
        .isInstanceOf(MeridianException.class)
        .hasMessageContaining("1001 buckets");
  }

  @Test
  void names_are_sorted_without_regard_to_case() {
    counters.increment(APP, Map.of("beta", 1L, "Alpha", 1L, "gamma", 1L), T);

    assertThat(counters.names(APP)).containsExactly("Alpha", "beta", "gamma");
  }

  @Test
  void counter_names_and_times_outside_their_bounds_are_refused() {
    assertThatThrownBy(() -> CounterService.requireName("")).isInstanceOf(MeridianException.class);
    assertThatThrownBy(() -> CounterService.requireName("a\nb"))
        .isInstanceOf(MeridianException.class);
    assertThatThrownBy(() -> CounterService.requireName("x".repeat(257)))
        .isInstanceOf(MeridianException.class);
    assertThat(CounterService.requireName("x".repeat(256))).hasSize(256);
    assertThatThrownBy(() -> CounterService.requireTime("t", -1))
        .isInstanceOf(MeridianException.class);
    assertThat(CounterService.requireTime("t", CounterService.MAX_TIME))
        .isEqualTo(CounterService.MAX_TIME);
  }
}
