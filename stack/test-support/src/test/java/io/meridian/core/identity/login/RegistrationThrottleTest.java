package io.meridian.core.identity.login;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.RetryLaterException;
import io.meridian.testing.MutableClock;
import io.meridian.testing.identity.login.MemoryLoginFailureStore;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class RegistrationThrottleTest {
  private static final Duration WINDOW = Duration.ofHours(1);

  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-29T10:00:00Z"));
  private final MemoryLoginFailureStore store = new MemoryLoginFailureStore(clock);
  private final RegistrationThrottle throttle =
      new RegistrationThrottle(store, clock, 2, WINDOW, 3, 5, WINDOW);
  private final UUID ada = UUID.randomUUID();
  private final UUID bob = UUID.randomUUID();

  @Test
  void an_address_registers_its_allowance_of_organizations_then_waits_for_the_oldest_to_leave() {
    throttle.admitOrganization("10.0.0.1");
    clock.advance(Duration.ofMinutes(15));
    throttle.admitOrganization("10.0.0.1");

    RetryLaterException refused =
        catchThrowableOfType(
            () -> throttle.admitOrganization("10.0.0.1"), RetryLaterException.class);

    assertThat(refused.code()).isEqualTo(ErrorCode.TOO_MANY_REQUESTS);
    assertThat(refused.description()).isEqualTo(RegistrationThrottle.REGISTRATIONS_EXHAUSTED);
    assertThat(refused.retryAfterSeconds()).isEqualTo(Duration.ofMinutes(45).toSeconds());
    assertThat(store.failuresOf("register:10.0.0.1")).isEqualTo(2);
    assertThat(throttle.refusals()).isEqualTo(1);
    assertThatCode(() -> throttle.admitOrganization("10.0.0.2")).doesNotThrowAnyException();
  }

  @Test
  void an_inviter_is_held_to_its_allowance_from_any_address() {
    for (int i = 0; i < 3; i++) {
      throttle.admitInvitation(ada, "10.0.0." + i);
    }

    RetryLaterException refused =
        catchThrowableOfType(
            () -> throttle.admitInvitation(ada, "10.0.0.9"), RetryLaterException.class);

    assertThat(refused.description()).isEqualTo(RegistrationThrottle.INVITATIONS_EXHAUSTED);
    assertThat(store.failuresOf("invite-from:10.0.0.9")).isZero();
    assertThatCode(() -> throttle.admitInvitation(bob, "10.0.0.9")).doesNotThrowAnyException();
  }

  @Test
  void when_both_allowances_are_spent_the_answer_waits_for_the_later_of_the_two() {
    for (int i = 0; i < 3; i++) {
      throttle.admitInvitation(ada, "10.0.0.7");
    }
    clock.advance(Duration.ofMinutes(20));
    UUID cyd = UUID.randomUUID();
    for (UUID inviter : List.of(bob, bob, bob, cyd, cyd)) {
      throttle.admitInvitation(inviter, "10.0.0.1");
    }
    clock.advance(Duration.ofMinutes(10));

    RetryLaterException refused =
        catchThrowableOfType(
            () -> throttle.admitInvitation(ada, "10.0.0.1"), RetryLaterException.class);

    // Ada's allowance frees up in 30 minutes, the address's in 50: the later one is answered.
    assertThat(refused.retryAfterSeconds()).isEqualTo(Duration.ofMinutes(50).toSeconds());
  }

  @Test
  void an_address_is_held_to_its_allowance_whoever_invites_from_it() {
    for (int i = 0; i < 3; i++) {
      throttle.admitInvitation(ada, "10.0.0.1");
    }
    throttle.admitInvitation(bob, "10.0.0.1");
    throttle.admitInvitation(bob, "10.0.0.1");

    RetryLaterException refused =
        catchThrowableOfType(
            () -> throttle.admitInvitation(bob, "10.0.0.1"), RetryLaterException.class);

    assertThat(refused.code()).isEqualTo(ErrorCode.TOO_MANY_REQUESTS);
    assertThat(store.failuresOf("invite:" + bob)).isEqualTo(2);
    assertThatCode(() -> throttle.admitInvitation(bob, "10.0.0.2")).doesNotThrowAnyException();
  }

  @Test
  void requests_older_than_the_window_no_longer_count() {
    throttle.admitOrganization("10.0.0.1");
    throttle.admitOrganization("10.0.0.1");

    clock.advance(WINDOW.plusSeconds(1));

    assertThatCode(() -> throttle.admitOrganization("10.0.0.1")).doesNotThrowAnyException();
  }

  @Test
  void an_unknown_address_is_not_counted() {
    for (int i = 0; i < 10; i++) {
      throttle.admitOrganization(null);
    }

    assertThat(store.keys()).isEmpty();
  }
}
