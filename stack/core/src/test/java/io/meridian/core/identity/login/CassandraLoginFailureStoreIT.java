package io.meridian.core.identity.login;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.CassandraIT;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class CassandraLoginFailureStoreIT extends CassandraIT {
  private static final Duration TTL = Duration.ofMinutes(5);

  private static CassandraLoginFailureStore store;
  private final String key = "user:test-" + UUID.randomUUID();
  private final Instant start = Instant.now().truncatedTo(ChronoUnit.MILLIS);

  @BeforeAll
  static void createStore() {
    store = new CassandraLoginFailureStore(session);
  }

  @Test
  void recent_failures_come_newest_first_and_no_more_than_the_limit() {
    for (int second = 0; second < 5; second++) {
      store.record(key, start.plusSeconds(second), TTL);
    }

    assertThat(recent(key, start, 3))
        .containsExactly(start.plusSeconds(4), start.plusSeconds(3), start.plusSeconds(2));
    assertThat(recent(key, start, 10)).hasSize(5);
  }

  @Test
  void failures_before_since_are_left_out_and_one_at_since_is_kept() {
    for (int second = 0; second < 5; second++) {
      store.record(key, start.plusSeconds(second), TTL);
    }

    assertThat(recent(key, start.plusSeconds(3), 10))
        .containsExactly(start.plusSeconds(4), start.plusSeconds(3));
    assertThat(recent(key, start.plusSeconds(5), 10)).isEmpty();
  }

  @Test
  void failures_in_the_same_millisecond_are_all_kept() {
    for (int attempt = 0; attempt < 4; attempt++) {
      store.record(key, start, TTL);
    }

    assertThat(recent(key, start, 10)).containsExactly(start, start, start, start);
  }

  @Test
  void failures_are_kept_to_the_millisecond() {
    Instant at = start.plusNanos(1_234_567);

    store.record(key, at, TTL);

    assertThat(recent(key, start, 10)).containsExactly(start.plusMillis(1));
  }

  @Test
  void clear_forgets_every_failure_of_one_key_only() {
    String other = key + "-other";
    store.record(key, start, TTL);
    store.record(key, start.plusSeconds(1), TTL);
    store.record(other, start, TTL);

    store.clear(key);

    assertThat(recent(key, start, 10)).isEmpty();
    assertThat(recent(other, start, 10)).containsExactly(start);
    store.record(key, start.plusSeconds(2), TTL);
    assertThat(recent(key, start, 10)).containsExactly(start.plusSeconds(2));
  }

  @Test
  void a_zero_limit_reads_nothing() {
    store.record(key, start, TTL);

    assertThat(recent(key, start, 0)).isEmpty();
  }

  @Test
  void failures_disappear_by_themselves_once_their_ttl_has_passed() throws InterruptedException {
    store.record(key, start, Duration.ofSeconds(2));
    store.record(key, start.plusMillis(1), TTL);
    assertThat(recent(key, start, 10)).hasSize(2);

    Instant deadline = Instant.now().plusSeconds(20);
    while (recent(key, start, 10).size() > 1 && Instant.now().isBefore(deadline)) {
      Thread.sleep(250);
    }

    assertThat(recent(key, start, 10)).containsExactly(start.plusMillis(1));
  }

  private static List<Instant> recent(String key, Instant since, int limit) {
    return store.recent(key, since, limit).toCompletableFuture().join();
  }
}
