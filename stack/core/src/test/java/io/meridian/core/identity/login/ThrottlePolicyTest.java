package io.meridian.core.identity.login;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ThrottlePolicyTest {
  private static final Duration WINDOW = Duration.ofMinutes(15);

  @Test
  void free_failures_cost_no_delay() {
    ThrottlePolicy policy = policy(5, Duration.ofSeconds(1), Duration.ofMinutes(15));

    assertThat(policy.delayAfter(0)).isZero();
    assertThat(policy.delayAfter(4)).isZero();
  }

  @Test
  void the_delay_starts_at_the_base_and_doubles_until_the_maximum() {
    ThrottlePolicy policy = policy(5, Duration.ofSeconds(1), Duration.ofSeconds(10));

    assertThat(policy.delayAfter(5)).isEqualTo(Duration.ofSeconds(1));
    assertThat(policy.delayAfter(6)).isEqualTo(Duration.ofSeconds(2));
    assertThat(policy.delayAfter(8)).isEqualTo(Duration.ofSeconds(8));
    assertThat(policy.delayAfter(9)).isEqualTo(Duration.ofSeconds(10));
    assertThat(policy.delayAfter(Integer.MAX_VALUE)).isEqualTo(Duration.ofSeconds(10));
  }

  @Test
  void the_delay_never_overflows_even_with_a_tiny_base() {
    ThrottlePolicy policy = policy(1, Duration.ofNanos(1), WINDOW);

    assertThat(policy.delayAfter(1_000)).isEqualTo(WINDOW);
    assertThat(policy.failuresAtMaxDelay()).isEqualTo(1 + 40);
  }

  @Test
  void counting_stops_at_the_first_failure_that_reaches_the_maximum() {
    assertThat(policy(5, Duration.ofSeconds(1), Duration.ofSeconds(10)).failuresAtMaxDelay())
        .isEqualTo(9);
    assertThat(policy(3, Duration.ofSeconds(2), Duration.ofSeconds(2)).failuresAtMaxDelay())
        .isEqualTo(3);
  }

  @Test
  void rejects_a_policy_without_a_free_failure() {
    assertThatThrownBy(() -> policy(0, Duration.ofSeconds(1), Duration.ofSeconds(10)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("free");
  }

  @Test
  void rejects_a_base_delay_or_window_that_is_not_positive() {
    assertThatThrownBy(() -> policy(5, Duration.ZERO, Duration.ofSeconds(10)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () -> new ThrottlePolicy(5, Duration.ZERO, Duration.ofSeconds(1), Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void rejects_a_maximum_below_the_base_or_beyond_the_window() {
    assertThatThrownBy(() -> policy(5, Duration.ofSeconds(10), Duration.ofSeconds(5)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("maximum delay");
    assertThatThrownBy(() -> policy(5, Duration.ofSeconds(1), WINDOW.plusSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("window");
  }

  @Test
  void rejects_missing_durations() {
    assertThatThrownBy(() -> new ThrottlePolicy(5, null, Duration.ofSeconds(1), WINDOW))
        .isInstanceOf(NullPointerException.class);
  }

  private static ThrottlePolicy policy(int freeFailures, Duration base, Duration max) {
    return new ThrottlePolicy(freeFailures, WINDOW, base, max);
  }
}
