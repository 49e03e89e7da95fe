package io.meridian.core.identity.login;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MutableClock;
import io.meridian.core.common.RetryLaterException;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class HashingBudgetTest {
  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-21T10:00:00Z"));

  /** 10 at once, then one every 2 s. */
  private final HashingBudget budget = new HashingBudget(10, 30, clock);

  @Test
  void an_address_may_spend_its_burst_at_once() {
    assertThatCode(() -> budget.charge("10.0.0.1", 10)).doesNotThrowAnyException();
  }

  @Test
  void beyond_the_burst_it_is_refused_with_the_time_until_enough_has_refilled() {
    budget.charge("10.0.0.1", 9);

    RetryLaterException refused = refusal("10.0.0.1", 4);

    assertThat(refused.code()).isEqualTo(ErrorCode.TOO_MANY_REQUESTS);
    assertThat(refused.description()).isEqualTo(HashingBudget.EXHAUSTED);
    assertThat(refused.retryAfterSeconds()).isEqualTo(6);
    assertThat(budget.refusals()).isEqualTo(1);
  }

  @Test
  void a_refused_charge_takes_nothing() {
    budget.charge("10.0.0.1", 8);
    refusal("10.0.0.1", 5);

    assertThatCode(() -> budget.charge("10.0.0.1", 2)).doesNotThrowAnyException();
  }

  @Test
  void the_budget_refills_at_its_rate_up_to_the_burst() {
    budget.charge("10.0.0.1", 10);

    clock.advance(Duration.ofSeconds(4));
    budget.charge("10.0.0.1", 2);
    clock.advance(Duration.ofHours(1));

    assertThatCode(() -> budget.charge("10.0.0.1", 10)).doesNotThrowAnyException();
    refusal("10.0.0.1", 1);
  }

  @Test
  void each_address_has_a_budget_of_its_own() {
    budget.charge("10.0.0.1", 10);

    assertThatCode(() -> budget.charge("10.0.0.2", 10)).doesNotThrowAnyException();
  }

  @Test
  void the_addresses_of_one_ipv6_64_share_one_budget() {
    budget.charge("2001:db8::1", 6);

    refusal("2001:db8::ffff:2", 5);
  }

  @Test
  void an_unknown_address_or_nothing_to_hash_costs_nothing() {
    for (int i = 0; i < 100; i++) {
      budget.charge(null, 10);
      budget.charge("10.0.0.1", 0);
    }

    assertThatCode(() -> budget.charge("10.0.0.1", 10)).doesNotThrowAnyException();
  }

  @Test
  void a_charge_larger_than_the_burst_is_a_programming_error() {
    assertThatThrownBy(() -> budget.charge("10.0.0.1", 11))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private RetryLaterException refusal(String address, int hashes) {
    RetryLaterException refused =
        catchThrowableOfType(() -> budget.charge(address, hashes), RetryLaterException.class);
    assertThat(refused).as("charge(%s, %s) refuses", address, hashes).isNotNull();
    return refused;
  }
}
