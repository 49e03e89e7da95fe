package io.meridian.loadtests.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ThroughputTest {

  @Test
  void the_peak_is_the_best_window_of_whole_seconds() {
    AtomicLong now = new AtomicLong(10_000);
    Throughput throughput = new Throughput(now::get);
    int[] perSecond = {1, 5, 9, 7, 2};
    for (int second = 0; second < perSecond.length; second++) {
      now.set(10_000 + second * 1000L + 500);
      for (int i = 0; i < perSecond[second]; i++) {
        throughput.record();
      }
    }

    assertThat(throughput.total()).isEqualTo(24);
    assertThat(throughput.seconds()).isEqualTo(5);
    assertThat(throughput.peak(1)).isEqualTo(9);
    assertThat(throughput.peak(2)).isEqualTo(8);
    assertThat(throughput.peak(10)).isEqualTo(24 / 5.0);
  }

  @Test
  void events_are_placed_by_their_own_time_from_the_first() {
    Throughput throughput = new Throughput(() -> 0);
    throughput.recordAt(5_000);
    throughput.recordAt(5_999);
    throughput.recordAt(7_000);

    assertThat(throughput.seconds()).isEqualTo(3);
    assertThat(throughput.peak(1)).isEqualTo(2);
    assertThat(throughput.summary(10).path("meanPerSecond").asLong()).isEqualTo(1);
  }

  @Test
  void nothing_recorded_is_a_rate_of_zero() {
    Throughput throughput = new Throughput(() -> 0);

    assertThat(throughput.peak(10)).isZero();
    assertThat(throughput.seconds()).isZero();
  }
}
