package io.meridian.rest.status;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class StoreHealthTest {
  private final AtomicLong now = new AtomicLong(1_000_000_000L);
  private final AtomicInteger checks = new AtomicInteger();

  private StoreHealth.Checked check() {
    int n = checks.incrementAndGet();
    return new StoreHealth.Checked(true, n % 2 == 1, n);
  }

  @Test
  void answers_within_the_max_age_share_one_check() {
    StoreHealth health = new StoreHealth(this::check, Duration.ofSeconds(1), now::get);

    for (int i = 0; i < 500; i++) {
      health.get();
      now.addAndGet(1_000_000L); // 1 ms apart: 500 calls in half a second
    }

    assertThat(checks).hasValue(1);
  }

  @Test
  void an_answer_older_than_the_max_age_is_checked_again() {
    StoreHealth health = new StoreHealth(this::check, Duration.ofSeconds(1), now::get);

    StoreHealth.Checked first = health.get();
    now.addAndGet(999_000_000L);
    assertThat(health.get()).isSameAs(first);
    now.addAndGet(1_000_000L);
    StoreHealth.Checked second = health.get();

    assertThat(checks).hasValue(2);
    assertThat(second.elasticsearch()).isFalse();
  }

  @Test
  void concurrent_callers_wait_for_the_running_check_instead_of_starting_their_own()
      throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    StoreHealth health =
        new StoreHealth(
            () -> {
              try {
                release.await(5, TimeUnit.SECONDS);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              return check();
            },
            Duration.ofSeconds(1),
            now::get);
    ExecutorService callers = Executors.newFixedThreadPool(16);
    List<Future<StoreHealth.Checked>> answers = new ArrayList<>();
    for (int i = 0; i < 64; i++) {
      answers.add(callers.submit(health::get));
    }
    // Even a check slower than the max age is not started twice.
    now.addAndGet(3_000_000_000L);
    release.countDown();
    for (Future<StoreHealth.Checked> answer : answers) {
      assertThat(answer.get(5, TimeUnit.SECONDS).checkedMillis()).isEqualTo(1);
    }
    callers.shutdown();

    assertThat(checks).hasValue(1);
  }

  @Test
  void a_failing_check_answers_both_stores_down() {
    StoreHealth health =
        new StoreHealth(
            () -> {
              throw new IllegalStateException("driver closed");
            },
            Duration.ofSeconds(1),
            now::get);

    StoreHealth.Checked checked = health.get();

    assertThat(checked.cassandra()).isFalse();
    assertThat(checked.elasticsearch()).isFalse();
  }
}
