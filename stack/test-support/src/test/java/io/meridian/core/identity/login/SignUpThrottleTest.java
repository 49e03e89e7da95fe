package io.meridian.core.identity.login;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.common.RetryLaterException;
import io.meridian.testing.MutableClock;
import io.meridian.testing.identity.login.MemoryLoginFailureStore;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class SignUpThrottleTest {
  private static final Duration WINDOW = Duration.ofHours(1);

  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-21T10:00:00Z"));
  private final MemoryLoginFailureStore store = new MemoryLoginFailureStore(clock);
  private final SignUpThrottle signUps = new SignUpThrottle(store, clock, 3, WINDOW);

  @Test
  void an_address_may_sign_up_its_allowance() {
    signUps.admit("10.0.0.1", 1);
    signUps.admit("10.0.0.1", 2);

    assertThat(store.failuresOf("signup:10.0.0.1")).isEqualTo(3);
  }

  @Test
  void beyond_the_allowance_it_is_refused_until_the_oldest_sign_up_leaves_the_window() {
    signUps.admit("10.0.0.1", 1);
    clock.advance(Duration.ofMinutes(10));
    signUps.admit("10.0.0.1", 2);

    RetryLaterException refused =
        catchThrowableOfType(() -> signUps.admit("10.0.0.1", 1), RetryLaterException.class);

    assertThat(refused.code()).isEqualTo(ErrorCode.TOO_MANY_REQUESTS);
    assertThat(refused.description()).isEqualTo(SignUpThrottle.EXHAUSTED);
    assertThat(refused.retryAfterSeconds()).isEqualTo(Duration.ofMinutes(50).toSeconds());
    assertThat(store.failuresOf("signup:10.0.0.1")).isEqualTo(3);
    assertThat(signUps.refusals()).isEqualTo(1);
  }

  @Test
  void a_batch_waits_until_there_is_room_for_all_of_it() {
    signUps.admit("10.0.0.1", 1);
    clock.advance(Duration.ofMinutes(10));
    signUps.admit("10.0.0.1", 1);

    RetryLaterException refused =
        catchThrowableOfType(() -> signUps.admit("10.0.0.1", 3), RetryLaterException.class);

    assertThat(refused.retryAfterSeconds()).isEqualTo(Duration.ofMinutes(60).toSeconds());
  }

  @Test
  void sign_ups_older_than_the_window_no_longer_count() {
    signUps.admit("10.0.0.1", 3);

    clock.advance(WINDOW.plusSeconds(1));

    assertThatCode(() -> signUps.admit("10.0.0.1", 3)).doesNotThrowAnyException();
  }

  @Test
  void each_address_has_an_allowance_of_its_own() {
    signUps.admit("10.0.0.1", 3);

    assertThatCode(() -> signUps.admit("10.0.0.2", 3)).doesNotThrowAnyException();
  }

  @Test
  void more_at_once_than_the_allowance_is_a_bad_request() {
    MeridianException refused =
        catchThrowableOfType(() -> signUps.admit("10.0.0.1", 4), MeridianException.class);

    assertThat(refused).isNotInstanceOf(RetryLaterException.class);
    assertThat(refused.code()).isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
  }

  @Test
  void an_unknown_address_is_not_throttled() {
    for (int i = 0; i < 10; i++) {
      signUps.admit(null, 3);
    }

    assertThat(store.keys()).isEmpty();
  }

  @Test
  void a_burst_is_refused_within_the_minute_while_human_pace_keeps_the_larger_allowance() {
    SignUpThrottle paced = new SignUpThrottle(store, clock, 6, WINDOW, 2, Duration.ofMinutes(1));
    paced.admit("10.0.0.9", 2);

    RetryLaterException burst =
        catchThrowableOfType(() -> paced.admit("10.0.0.9", 1), RetryLaterException.class);
    assertThat(burst.retryAfterSeconds()).isEqualTo(60);

    for (int minute = 1; minute <= 2; minute++) {
      clock.advance(Duration.ofSeconds(61));
      paced.admit("10.0.0.9", 2);
    }
    clock.advance(Duration.ofSeconds(61));
    RetryLaterException hourly =
        catchThrowableOfType(() -> paced.admit("10.0.0.9", 1), RetryLaterException.class);
    assertThat(hourly.retryAfterSeconds()).isEqualTo(WINDOW.toSeconds() - 3 * 61);
    assertThat(store.failuresOf("signup:10.0.0.9")).isEqualTo(6);
  }

  @Test
  void more_at_once_than_the_burst_is_a_bad_request() {
    SignUpThrottle paced = new SignUpThrottle(store, clock, 6, WINDOW, 2, Duration.ofMinutes(1));

    assertThat(
            catchThrowableOfType(() -> paced.admit("10.0.0.1", 3), MeridianException.class).code())
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
  }

  @Test
  void a_burst_larger_than_the_allowance_is_a_configuration_error() {
    assertThatThrownBy(() -> new SignUpThrottle(store, clock, 2, WINDOW, 3, Duration.ofMinutes(1)))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
