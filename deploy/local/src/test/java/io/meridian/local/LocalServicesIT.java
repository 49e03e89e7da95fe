package io.meridian.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Leaves the shared services running: later modules of the build reuse them. */
class LocalServicesIT {

  private static Endpoints endpoints;

  @BeforeAll
  static void startSharedServices() {
    endpoints = SharedServices.get();
  }

  @Test
  void status_shows_both_services_running_and_ready() {
    ServicesStatus status = SharedServices.services().status();

    assertThat(status.cassandra().running()).isTrue();
    assertThat(status.cassandra().ready()).isTrue();
    assertThat(status.cassandra().ports()).startsWith(endpoints.cassandraPort());
    assertThat(status.elasticsearch().running()).isTrue();
    assertThat(status.elasticsearch().ready()).isTrue();
    assertThat(endpoints.elasticsearchUrl()).endsWith(":" + status.elasticsearch().ports().get(0));
    assertThat(endpoints.localDatacenter()).isEqualTo("datacenter1");
  }

  @Test
  void reuses_running_services_on_second_start() {
    ServicesStatus before = SharedServices.services().status();

    Endpoints again = LocalServices.create(SharedServices.config()).start();

    ServicesStatus after = SharedServices.services().status();
    assertThat(again).isEqualTo(endpoints);
    assertThat(after.cassandra().pid()).isEqualTo(before.cassandra().pid());
    assertThat(after.elasticsearch().pid()).isEqualTo(before.elasticsearch().pid());
  }

  @Test
  void elasticsearch_stops_and_starts_again() {
    LocalServices services = SharedServices.services();
    long oldPid = services.status().elasticsearch().pid().orElseThrow();

    services.stopElasticsearch();
    ServicesStatus stopped = services.status();
    services.startElasticsearch();

    assertThat(stopped.elasticsearch().running()).isFalse();
    assertThat(Processes.isAlive(oldPid)).isFalse();
    assertThat(services.status().elasticsearch().ready()).isTrue();
  }

  @Test
  void refuses_to_start_a_second_instance_on_ports_in_use() {
    LocalServicesConfig clash =
        SharedServices.config().withDataDir(SharedServices.config().dataDir().resolveSibling("x"));

    assertThatThrownBy(() -> LocalServices.create(clash).start())
        .isInstanceOf(LocalServicesException.class)
        .hasMessageContaining("already in use by another process");
  }
}
