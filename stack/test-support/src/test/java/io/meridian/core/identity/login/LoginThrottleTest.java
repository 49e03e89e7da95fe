package io.meridian.core.identity.login;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.RetryLaterException;
import io.meridian.testing.MutableClock;
import io.meridian.testing.identity.login.MemoryLoginFailureStore;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class LoginThrottleTest {
  /** Locks a user for 2 s at the third failure, then 4, 8, 16 s. */
  private static final ThrottlePolicy PER_USER =
      new ThrottlePolicy(3, Duration.ofMinutes(15), Duration.ofSeconds(2), Duration.ofSeconds(16));

  /** Locks an address for 1 s at the fifth failure, then 2, 4, ... 60 s. */
  private static final ThrottlePolicy PER_ADDRESS =
      new ThrottlePolicy(5, Duration.ofHours(1), Duration.ofSeconds(1), Duration.ofSeconds(60));

  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-21T10:00:00Z"));
  private static final Duration KNOWN_FOR = Duration.ofDays(30);

  private final MemoryLoginFailureStore store = new MemoryLoginFailureStore(clock);
  private final LoginThrottle throttle =
      new LoginThrottle(store, clock, PER_USER, PER_ADDRESS, KNOWN_FOR);

  @Test
  void failures_below_the_free_ones_let_the_next_attempt_through() {
    fail("alice", "10.0.0.1", 2);

    assertThatCode(() -> throttle.check("alice", "10.0.0.1")).doesNotThrowAnyException();
  }

  @Test
  void the_last_free_failure_locks_the_user_for_the_base_delay() {
    fail("alice", "10.0.0.1", 3);

    RetryLaterException refused = refusal("alice", "10.0.0.2");

    assertThat(refused.code()).isEqualTo(ErrorCode.TOO_MANY_REQUESTS);
    assertThat(refused.description()).isEqualTo(LoginThrottle.LOCKED);
    assertThat(refused.retryAfterSeconds()).isEqualTo(2);
  }

  @Test
  void counts_the_sign_ins_it_refuses() {
    fail("alice", "10.0.0.1", 3);
    refusal("alice", "10.0.0.2");
    refusal("alice", "10.0.0.3");

    assertThat(throttle.refusals()).isEqualTo(2);
  }

  @Test
  void each_further_failure_doubles_the_delay_until_the_maximum() {
    List<Long> delays = new ArrayList<>();
    fail("alice", "10.0.0.1", 2);
    for (int attempt = 0; attempt < 5; attempt++) {
      throttle.check("alice", null);
      throttle.failed("alice", null);
      long seconds = refusal("alice", null).retryAfterSeconds();
      delays.add(seconds);
      clock.advance(Duration.ofSeconds(seconds));
    }

    assertThat(delays).containsExactly(2L, 4L, 8L, 16L, 16L);
  }

  @Test
  void retry_after_is_the_time_left_on_the_lock() {
    fail("alice", null, 4);

    clock.advance(Duration.ofSeconds(1));
    assertThat(refusal("alice", null).retryAfterSeconds()).isEqualTo(3);
    clock.advance(Duration.ofMillis(2_500));
    assertThat(refusal("alice", null).retryAfterSeconds()).isEqualTo(1);
  }

  @Test
  void a_lock_ends_exactly_when_its_delay_has_passed() {
    fail("alice", null, 3);

    clock.advance(Duration.ofMillis(1_999));
    assertThat(refusal("alice", null).retryAfterSeconds()).isEqualTo(1);
    clock.advance(Duration.ofMillis(1));
    assertThatCode(() -> throttle.check("alice", null)).doesNotThrowAnyException();
  }

  @Test
  void failures_older_than_the_window_no_longer_count() {
    fail("alice", null, 6);

    clock.advance(PER_USER.window().plusMillis(1));
    throttle.failed("alice", null);

    assertThatCode(() -> throttle.check("alice", null)).doesNotThrowAnyException();
  }

  @Test
  void attempts_refused_while_locked_are_not_recorded() {
    fail("alice", null, 3);
    for (int attempt = 0; attempt < 10; attempt++) {
      refusal("alice", null);
    }

    assertThat(store.failuresOf("user:alice")).isEqualTo(3);
    clock.advance(Duration.ofSeconds(2));
    throttle.failed("alice", null);
    assertThat(refusal("alice", null).retryAfterSeconds()).isEqualTo(4);
  }

  @Test
  void success_clears_the_user_but_not_the_address() {
    fail("alice", "10.0.0.1", 3);

    throttle.succeeded("alice", "10.0.0.1");
    throttle.failed("bob", "10.0.0.1");
    throttle.failed("carol", "10.0.0.1");

    assertThatCode(() -> throttle.check("alice", null)).doesNotThrowAnyException();
    assertThat(refusal(null, "10.0.0.1").retryAfterSeconds()).isEqualTo(1);
  }

  @Test
  void an_address_is_locked_whichever_user_it_tries_next() {
    for (String user : List.of("u1", "u2", "u3", "u4", "u5")) {
      throttle.failed(user, "10.0.0.1");
    }

    assertThat(refusal("someone-new", "10.0.0.1").retryAfterSeconds()).isEqualTo(1);
    assertThatCode(() -> throttle.check("someone-new", "10.0.0.2")).doesNotThrowAnyException();
  }

  @Test
  void a_user_is_locked_whichever_address_tries_next() {
    for (String address : List.of("10.0.0.1", "10.0.0.2", "10.0.0.3")) {
      throttle.failed("alice", address);
    }

    assertThat(refusal("alice", "10.0.0.4").retryAfterSeconds()).isEqualTo(2);
    assertThatCode(() -> throttle.check("bob", "10.0.0.4")).doesNotThrowAnyException();
  }

  @Test
  void when_both_keys_are_locked_retry_after_is_the_longer_lock() {
    for (String user : List.of("u1", "u2", "u3", "u4", "u5", "u6", "u7")) {
      throttle.failed(user, "10.0.0.1");
    }
    fail("alice", null, 3);

    assertThat(refusal("alice", "10.0.0.1").retryAfterSeconds()).isEqualTo(4);
  }

  @Test
  void a_user_name_never_counts_as_an_address() {
    fail("10.0.0.1", null, 3);

    assertThat(refusal("10.0.0.1", null).retryAfterSeconds()).isEqualTo(2);
    assertThatCode(() -> throttle.check(null, "10.0.0.1")).doesNotThrowAnyException();
  }

  @Test
  void blank_or_missing_keys_are_skipped() {
    for (int attempt = 0; attempt < 10; attempt++) {
      throttle.failed(null, " ");
      throttle.failed("", null);
    }
    throttle.succeeded(" ", null);

    assertThat(store.keys()).isEmpty();
    assertThatCode(() -> throttle.check(null, "")).doesNotThrowAnyException();
    assertThat(store.reads()).isZero();
  }

  @Test
  void reads_no_more_failures_than_reach_the_maximum_delay() {
    fail("alice", "10.0.0.1", 20);

    refusal("alice", "10.0.0.1");

    assertThat(store.limits()).containsEntry("user:alice", 6).containsEntry("addr:10.0.0.1", 11);
  }

  @Test
  void reads_the_user_and_the_address_at_the_same_time() {
    // Each read completes only once both have started: reads in sequence would never finish.
    CompletableFuture<List<Instant>> bothStarted = new CompletableFuture<>();
    LoginFailureStore waitsForBoth =
        new LoginFailureStore() {
          private final AtomicInteger reads = new AtomicInteger();

          @Override
          public CompletionStage<List<Instant>> recent(String key, Instant since, int limit) {
            if (reads.incrementAndGet() == 2) {
              bothStarted.complete(List.of());
            }
            return bothStarted;
          }

          @Override
          public void record(String key, Instant at, Duration ttl) {}

          @Override
          public void clear(String key) {}
        };
    LoginThrottle concurrent =
        new LoginThrottle(waitsForBoth, clock, PER_USER, PER_ADDRESS, KNOWN_FOR);

    assertTimeoutPreemptively(Duration.ofSeconds(5), () -> concurrent.check("alice", "10.0.0.1"));
  }

  @Test
  void an_address_the_account_signed_in_from_is_not_held_by_its_lock_from_elsewhere() {
    throttle.succeeded("alice", "10.0.0.1");
    fail("alice", "10.0.0.9", 3);

    assertThat(refusal("alice", "10.0.0.2").retryAfterSeconds()).isEqualTo(2);
    assertThatCode(() -> throttle.check("alice", "10.0.0.1")).doesNotThrowAnyException();
  }

  @Test
  void a_known_address_is_locked_by_its_own_failures_against_the_account() {
    throttle.succeeded("alice", "10.0.0.1");
    fail("alice", "10.0.0.1", 3);

    assertThat(refusal("alice", "10.0.0.1").retryAfterSeconds()).isEqualTo(2);
  }

  @Test
  void failures_from_a_known_address_lock_the_account_everywhere_else() {
    throttle.succeeded("alice", "10.0.0.1");
    fail("alice", "10.0.0.1", 3);

    assertThat(refusal("alice", "10.0.0.2").retryAfterSeconds()).isEqualTo(2);
  }

  @Test
  void a_known_address_is_forgotten_once_its_time_has_passed() {
    throttle.succeeded("alice", "10.0.0.1");
    clock.advance(KNOWN_FOR.plusSeconds(1));
    fail("alice", "10.0.0.9", 3);

    assertThat(refusal("alice", "10.0.0.1").retryAfterSeconds()).isEqualTo(2);
  }

  @Test
  void a_locked_address_still_lets_in_the_accounts_it_knows_and_no_other() {
    throttle.succeeded("alice", "10.0.0.1");
    for (String user : List.of("u1", "u2", "u3", "u4", "u5")) {
      throttle.failed(user, "10.0.0.1");
    }

    assertThatCode(() -> throttle.check("alice", "10.0.0.1")).doesNotThrowAnyException();
    assertThat(refusal("bob", "10.0.0.1").retryAfterSeconds()).isEqualTo(1);
  }

  @Test
  void a_wrong_secret_locks_only_that_client_at_that_address() {
    for (int attempt = 0; attempt < 3; attempt++) {
      throttle.failedSecret("client-a", "10.0.0.1");
    }

    RetryLaterException refused =
        catchThrowableOfType(
            () -> throttle.failedSecret("client-a", "10.0.0.1"), RetryLaterException.class);
    assertThat(refused).isNotNull();
    assertThat(refused.retryAfterSeconds()).isEqualTo(2);
    assertThatCode(() -> throttle.failedSecret("client-a", "10.0.0.2")).doesNotThrowAnyException();
    assertThatCode(() -> throttle.failedSecret("client-b", "10.0.0.1")).doesNotThrowAnyException();
  }

  @Test
  void wrong_secrets_never_count_against_the_address_or_an_account() {
    for (int attempt = 0; attempt < 10; attempt++) {
      throttle.failedSecret("client-" + attempt, "10.0.0.1");
    }

    assertThatCode(() -> throttle.check("alice", "10.0.0.1")).doesNotThrowAnyException();
  }

  @Test
  void the_addresses_of_one_ipv6_64_count_as_one() {
    for (String address :
        List.of("2001:db8:1:2::1", "2001:db8:1:2::2", "2001:db8:1:2:ffff::3", "2001:db8:1:2::4")) {
      throttle.failed("someone", address);
    }
    throttle.failed("someone-else", "2001:0db8:0001:0002:0:0:0:5");

    assertThat(refusal("a-third", "2001:db8:1:2:aaaa::9").retryAfterSeconds()).isEqualTo(1);
    assertThatCode(() -> throttle.check("a-third", "2001:db8:1:3::1")).doesNotThrowAnyException();
  }

  private void fail(String userKey, String address, int times) {
    for (int attempt = 0; attempt < times; attempt++) {
      throttle.failed(userKey, address);
    }
  }

  private RetryLaterException refusal(String userKey, String address) {
    RetryLaterException refused =
        catchThrowableOfType(() -> throttle.check(userKey, address), RetryLaterException.class);
    assertThat(refused).as("check(%s, %s) refuses", userKey, address).isNotNull();
    return refused;
  }
}
