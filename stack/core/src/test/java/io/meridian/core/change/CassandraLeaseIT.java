package io.meridian.core.change;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import io.meridian.core.CassandraTestSession;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class CassandraLeaseIT {
  private static CqlSession session;
  private static CassandraLease lease;

  @BeforeAll
  static void connect() {
    session = CassandraTestSession.open();
    lease = new CassandraLease(session);
  }

  @AfterAll
  static void disconnect() {
    session.close();
  }

  @Test
  void one_owner_at_a_time_renews_and_releases() {
    String name = "lease-" + UUID.randomUUID();

    assertThat(lease.acquire(name, "a", Duration.ofSeconds(30))).isTrue();
    assertThat(lease.acquire(name, "b", Duration.ofSeconds(30))).isFalse();
    assertThat(lease.acquire(name, "a", Duration.ofSeconds(30))).isTrue();

    lease.release(name, "a");

    assertThat(lease.acquire(name, "b", Duration.ofSeconds(30))).isTrue();
  }

  @Test
  void an_expired_lease_can_be_taken_by_another_owner() throws InterruptedException {
    String name = "lease-" + UUID.randomUUID();
    assertThat(lease.acquire(name, "a", Duration.ofSeconds(1))).isTrue();

    Thread.sleep(2_000);

    assertThat(lease.acquire(name, "b", Duration.ofSeconds(30))).isTrue();
  }
}
