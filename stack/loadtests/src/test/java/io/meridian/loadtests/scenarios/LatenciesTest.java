package io.meridian.loadtests.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LatenciesTest {

  @Test
  void percentiles_are_exact_to_the_millisecond() {
    Latencies latencies = new Latencies();
    for (int ms = 1; ms <= 100; ms++) {
      latencies.record(ms);
    }

    assertThat(latencies.percentile(50)).isEqualTo(50);
    assertThat(latencies.percentile(99)).isEqualTo(99);
    assertThat(latencies.percentile(100)).isEqualTo(100);
    assertThat(latencies.summary().path("p75").asLong()).isEqualTo(75);
  }

  @Test
  void out_of_range_latencies_are_clamped_not_lost() {
    Latencies latencies = new Latencies();
    latencies.record(-2);
    latencies.record(3_600_000);

    assertThat(latencies.count()).isEqualTo(2);
    assertThat(latencies.percentile(50)).isZero();
    assertThat(latencies.percentile(100)).isEqualTo(60_000);
  }

  @Test
  void no_latency_has_no_percentile() {
    assertThat(new Latencies().percentile(50)).isEqualTo(-1);
  }
}
