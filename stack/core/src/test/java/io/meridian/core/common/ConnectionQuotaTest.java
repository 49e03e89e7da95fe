package io.meridian.core.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.meridian.core.common.ConnectionQuota.Exceeded;
import io.meridian.core.common.ConnectionQuota.Permit;
import io.meridian.core.common.ConnectionQuota.Scope;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ConnectionQuotaTest {
  private static final UUID ANN = UUID.randomUUID();
  private static final UUID BOB = UUID.randomUUID();
  private static final UUID APP = UUID.randomUUID();
  private static final UUID OTHER_APP = UUID.randomUUID();

  private final ConnectionQuota quota = new ConnectionQuota("sockets", 3, 2, 5);

  @Test
  void admits_up_to_each_limit_and_refuses_the_next_with_its_scope() {
    quota.acquire("10.0.0.1", ANN, APP);
    quota.acquire("10.0.0.1", ANN, APP);

    assertThatThrownBy(() -> quota.acquire("10.0.0.1", ANN, APP))
        .isInstanceOfSatisfying(
            Exceeded.class,
            e -> {
              assertThat(e.scope()).isEqualTo(Scope.IDENTITY);
              assertThat(e.limit()).isEqualTo(2);
              assertThat(e.kind()).isEqualTo("sockets");
              assertThat(e.getMessage())
                  .isEqualTo("This caller already holds 2 sockets on this node, the most it may");
            });
    assertThat(quota.refused(Scope.IDENTITY)).isEqualTo(1);
    assertThat(quota.refused(Scope.ADDRESS)).isZero();
  }

  @Test
  void a_refusal_holds_nothing_in_the_scopes_it_had_passed() {
    quota.acquire("10.0.0.1", ANN, APP);
    quota.acquire("10.0.0.1", ANN, APP);

    assertThatThrownBy(() -> quota.acquire("10.0.0.1", ANN, APP)).isInstanceOf(Exceeded.class);

    assertThat(quota.held(Scope.ADDRESS, "10.0.0.1")).isEqualTo(2);
    assertThat(quota.held(Scope.APPLICATION, APP)).isEqualTo(2);
  }

  @Test
  void one_address_at_its_limit_leaves_other_addresses_and_callers_their_places() {
    for (int i = 0; i < 3; i++) {
      quota.acquire("10.0.0.1", null, APP);
    }

    assertThatThrownBy(() -> quota.acquire("10.0.0.1", BOB, APP))
        .isInstanceOfSatisfying(
            Exceeded.class, e -> assertThat(e.scope()).isEqualTo(Scope.ADDRESS));
    quota.acquire("10.0.0.2", BOB, APP);
    assertThat(quota.held(Scope.IDENTITY, BOB)).isEqualTo(1);
  }

  @Test
  void the_application_bound_spans_its_callers_and_addresses_but_not_other_applications() {
    for (int i = 0; i < 5; i++) {
      quota.acquire("10.0.1." + i, null, APP);
    }

    assertThatThrownBy(() -> quota.acquire("10.0.2.1", null, APP))
        .isInstanceOfSatisfying(
            Exceeded.class, e -> assertThat(e.scope()).isEqualTo(Scope.APPLICATION));
    quota.acquire("10.0.2.1", null, OTHER_APP);
  }

  @Test
  void release_gives_the_places_back_once_however_often_it_is_called() {
    Permit first = quota.acquire("10.0.0.1", ANN, APP);
    quota.acquire("10.0.0.1", ANN, APP);

    first.release();
    first.release();
    first.release();

    assertThat(quota.held(Scope.IDENTITY, ANN)).isEqualTo(1);
    assertThat(quota.held(Scope.ADDRESS, "10.0.0.1")).isEqualTo(1);
    quota.acquire("10.0.0.1", ANN, APP);
    assertThatThrownBy(() -> quota.acquire("10.0.0.1", ANN, APP)).isInstanceOf(Exceeded.class);
  }

  @Test
  void counts_never_go_below_zero_and_a_key_released_to_zero_is_forgotten() {
    Permit only = quota.acquire("10.0.0.1", ANN, APP);

    only.release();
    only.release();

    assertThat(quota.held(Scope.ADDRESS, "10.0.0.1")).isZero();
    assertThat(quota.held(Scope.IDENTITY, ANN)).isZero();
    for (int i = 0; i < 2; i++) {
      quota.acquire("10.0.0.1", ANN, APP);
    }
    assertThatThrownBy(() -> quota.acquire("10.0.0.1", ANN, APP)).isInstanceOf(Exceeded.class);
  }

  @Test
  void null_keys_and_scopes_without_a_limit_are_not_counted() {
    ConnectionQuota perApplication = new ConnectionQuota("rpcs", 0, 0, 2);
    for (int i = 0; i < 10; i++) {
      perApplication.acquire("10.0.0.1", ANN, null);
    }

    assertThat(perApplication.held(Scope.ADDRESS, "10.0.0.1")).isZero();
    assertThat(perApplication.held(Scope.IDENTITY, ANN)).isZero();
    perApplication.acquire(null, null, APP);
    perApplication.acquire(null, null, APP);
    assertThatThrownBy(() -> perApplication.acquire(null, null, APP)).isInstanceOf(Exceeded.class);
  }

  @Test
  void refuses_negative_limits() {
    assertThatThrownBy(() -> new ConnectionQuota("sockets", -1, 0, 0))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void many_threads_taking_the_last_places_at_once_never_over_admit() throws Exception {
    int limit = 50;
    ConnectionQuota shared = new ConnectionQuota("sockets", limit, 0, 0);
    int threads = 8;
    int attemptsEach = 200;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    CountDownLatch start = new CountDownLatch(1);
    AtomicInteger admitted = new AtomicInteger();
    AtomicInteger most = new AtomicInteger();
    ConcurrentLinkedQueue<Permit> permits = new ConcurrentLinkedQueue<>();
    List<Future<?>> done = new ArrayList<>();
    try {
      for (int t = 0; t < threads; t++) {
        done.add(
            pool.submit(
                () -> {
                  start.await();
                  for (int i = 0; i < attemptsEach; i++) {
                    try {
                      Permit permit = shared.acquire("10.0.0.1", null, null);
                      int now = admitted.incrementAndGet();
                      most.accumulateAndGet(now, Math::max);
                      if (i % 3 == 0) {
                        admitted.decrementAndGet();
                        permit.release();
                        permit.release();
                      } else {
                        permits.add(permit);
                      }
                    } catch (Exceeded refused) {
                      // the expected answer at the limit
                    }
                  }
                  return null;
                }));
      }
      start.countDown();
      for (Future<?> future : done) {
        future.get(30, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }

    assertThat(most.get()).isLessThanOrEqualTo(limit);
    assertThat(permits).hasSize(limit);
    assertThat(shared.held(Scope.ADDRESS, "10.0.0.1")).isEqualTo(limit);
    permits.forEach(Permit::release);
    assertThat(shared.held(Scope.ADDRESS, "10.0.0.1")).isZero();
  }
}
