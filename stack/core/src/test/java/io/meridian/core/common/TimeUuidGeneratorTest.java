package io.meridian.core.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class TimeUuidGeneratorTest {
  private static final Instant NOW = Instant.parse("2026-11-21T10:00:00Z");

  @Test
  void makes_version_1_uuids_carrying_the_clock_time() {
    TimeUuidGenerator ids = new TimeUuidGenerator(Clock.fixed(NOW, ZoneOffset.UTC));

    UUID uuid = ids.newTimeUuid();

    assertThat(uuid.version()).isEqualTo(1);
    assertThat(uuid.variant()).isEqualTo(2);
    assertThat(TimeUuids.millis(uuid)).isEqualTo(NOW.toEpochMilli());
  }

  @Test
  void timestamps_strictly_increase_even_when_the_clock_stands_still() {
    TimeUuidGenerator ids = new TimeUuidGenerator(Clock.fixed(NOW, ZoneOffset.UTC));
    Set<UUID> seen = new HashSet<>();
    long previous = Long.MIN_VALUE;

    for (int i = 0; i < 10_000; i++) {
      UUID uuid = ids.newTimeUuid();
      assertThat(TimeUuids.unixTicks(uuid)).isGreaterThan(previous);
      previous = TimeUuids.unixTicks(uuid);
      seen.add(uuid);
    }

    assertThat(seen).hasSize(10_000);
  }

  @Test
  void two_generators_never_make_the_same_uuid_at_the_same_instant() {
    Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);

    UUID first = new TimeUuidGenerator(clock).newTimeUuid();
    UUID second = new TimeUuidGenerator(clock).newTimeUuid();

    assertThat(first.timestamp()).isEqualTo(second.timestamp());
    assertThat(first).isNotEqualTo(second);
  }

  @Test
  void micros_are_the_ticks_divided_by_ten() {
    UUID uuid = new TimeUuidGenerator(Clock.fixed(NOW, ZoneOffset.UTC)).newTimeUuid();

    assertThat(TimeUuids.micros(uuid)).isEqualTo(NOW.toEpochMilli() * 1000);
  }

  @Test
  void one_node_s_uuids_spread_over_every_shard() {
    // One UUID per millisecond, as a node writing steadily makes them: hashCode() % 16 put all of
    // these in one shard.
    MutableClock clock = new MutableClock(NOW);
    TimeUuidGenerator ids = new TimeUuidGenerator(clock);
    int[] perShard = new int[16];

    for (int i = 0; i < 16_000; i++) {
      clock.advance(Duration.ofMillis(1));
      perShard[TimeUuids.shardOf(ids.newTimeUuid(), 16)]++;
    }

    assertThat(Arrays.stream(perShard).min().getAsInt()).isGreaterThanOrEqualTo(800);
    assertThat(Arrays.stream(perShard).max().getAsInt()).isLessThanOrEqualTo(1200);
  }
}
