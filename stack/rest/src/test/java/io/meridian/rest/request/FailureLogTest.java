package io.meridian.rest.request;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class FailureLogTest {
  private final AtomicLong now = new AtomicLong(5_000_000_000L);

  @Test
  void a_budget_admits_its_lines_per_second_and_then_leaves_lines_out() {
    FailureLog.Budget budget = new FailureLog.Budget(3, now::get);

    assertThat(budget.admit()).isZero();
    assertThat(budget.admit()).isZero();
    assertThat(budget.admit()).isZero();
    assertThat(budget.admit()).isEqualTo(-1);
    assertThat(budget.admit()).isEqualTo(-1);
  }

  @Test
  void the_first_line_of_the_next_second_counts_the_lines_left_out() {
    FailureLog.Budget budget = new FailureLog.Budget(1, now::get);
    budget.admit();
    for (int i = 0; i < 41; i++) {
      budget.admit();
    }

    now.addAndGet(999_000_000L);
    assertThat(budget.admit()).as("still the same second").isEqualTo(-1);
    now.addAndGet(1_000_000L);
    assertThat(budget.admit()).isEqualTo(42);
    now.addAndGet(1_000_000_000L);
    assertThat(budget.admit()).isZero();
  }

  @Test
  void a_budget_of_zero_admits_nothing() {
    FailureLog.Budget budget = new FailureLog.Budget(0, now::get);

    assertThat(budget.admit()).isEqualTo(-1);
    now.addAndGet(10_000_000_000L);
    assertThat(budget.admit()).isEqualTo(-1);
  }
}
