package io.meridian.core.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.meridian.core.common.ErrorCode;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class EdgeStatsTest {
  private static final UUID APP = UUID.randomUUID();
  private static final UUID OTHER_APP = UUID.randomUUID();

  private final EdgeStats stats = new EdgeStats();

  @Test
  void counts_attached_devices_and_websockets_until_they_detach() {
    TestDeviceSession http = new TestDeviceSession(APP, "a", "http");
    TestDeviceSession socket = new TestDeviceSession(APP, "b", "websocket");

    stats.attached(http, "info");
    stats.attached(socket, null);
    stats.detached(http, "closed");

    EdgeTotals totals = stats.totals(APP);
    assertThat(totals.devices()).isEqualTo(1);
    assertThat(totals.websockets()).isEqualTo(1);
    assertThat(totals.bytesUp()).isEqualTo(4);
    assertThat(stats.totals(OTHER_APP)).isEqualTo(EdgeTotals.NONE);
  }

  @Test
  void counts_messages_bytes_and_every_kind_of_error() {
    TestDeviceSession device = new TestDeviceSession(APP, "a", "http");
    stats.attached(device, "");

    stats.rpc(device, new EdgeObserver.Rpc(10, 20, 1_000_000, null));
    stats.rpc(device, new EdgeObserver.Rpc(5, 0, 9_000_000, ErrorCode.DEVICE_TIMEOUT));
    stats.rpc(device, new EdgeObserver.Rpc(7, 0, 0, ErrorCode.DEVICE_BUSY));
    stats.rpc(device, new EdgeObserver.Rpc(3, 0, 0, ErrorCode.DEVICE_DETACHED));
    stats.event(device, new byte[30]);
    stats.heartbeat(device, 2);
    stats.unsolicited(device, 8);
    stats.addErrors(APP, 2);

    EdgeTotals totals = stats.totals(APP);
    assertThat(totals.messages()).isEqualTo(5); // four RPCs and an event
    assertThat(totals.errors()).isEqualTo(6); // timeout, busy, detached, unsolicited, two added
    assertThat(totals.bytesDown()).isEqualTo(10 + 5 + 3); // the refused request never left
    assertThat(totals.bytesUp()).isEqualTo(20 + 30 + 2 + 8);
    assertThat(totals.rpcs()).isEqualTo(1);
  }

  @Test
  void latency_mean_min_max_and_deviation_are_of_answered_rpcs_in_milliseconds() {
    TestDeviceSession device = new TestDeviceSession(APP, "a", "http");
    for (long millis : new long[] {2, 4, 4, 4, 5, 5, 7, 9}) {
      stats.rpc(device, new EdgeObserver.Rpc(1, 1, millis * 1_000_000, null));
    }

    EdgeTotals totals = stats.totals(APP);
    assertThat(totals.rpcs()).isEqualTo(8);
    assertThat(totals.latencyMeanMillis()).isEqualTo(5.0);
    assertThat(totals.latencyMinMillis()).isEqualTo(2.0);
    assertThat(totals.latencyMaxMillis()).isEqualTo(9.0);
    assertThat(totals.latencyStdDeviationMillis()).isCloseTo(2.0, within(1e-9));
  }

  @Test
  void without_an_answered_rpc_the_latency_is_zero() {
    EdgeTotals none = EdgeTotals.NONE;
    assertThat(none.latencyMeanMillis()).isZero();
    assertThat(none.latencyMinMillis()).isZero();
    assertThat(none.latencyStdDeviationMillis()).isZero();
  }

  @Test
  void sums_over_nodes_give_the_latency_of_all_their_rpcs_together() {
    EdgeStats first = new EdgeStats();
    EdgeStats second = new EdgeStats();
    TestDeviceSession a = new TestDeviceSession(APP, "a", "http");
    for (long millis : new long[] {2, 4, 4, 4}) {
      first.rpc(a, new EdgeObserver.Rpc(1, 1, millis * 1_000_000, null));
    }
    for (long millis : new long[] {5, 5, 7, 9}) {
      second.rpc(a, new EdgeObserver.Rpc(1, 1, millis * 1_000_000, null));
    }

    EdgeTotals sum = first.totals(APP).plus(second.totals(APP), true);

    assertThat(sum.rpcs()).isEqualTo(8);
    assertThat(sum.latencyMeanMillis()).isEqualTo(5.0);
    assertThat(sum.latencyStdDeviationMillis()).isCloseTo(2.0, within(1e-9));
    assertThat(sum.latencyMinMillis()).isEqualTo(2.0);
    assertThat(sum.latencyMaxMillis()).isEqualTo(9.0);
  }

  @Test
  void a_node_without_rpcs_leaves_the_minimum_of_the_others() {
    EdgeTotals answered = new EdgeTotals(0, 0, 1, 0, 0, 0, 1, 3000, 9e6, 3000, 3000);

    assertThat(EdgeTotals.NONE.plus(answered, true).latencyMinMillis()).isEqualTo(3.0);
    assertThat(answered.plus(EdgeTotals.NONE, true).latencyMinMillis()).isEqualTo(3.0);
  }

  @Test
  void a_dead_node_adds_its_counters_but_not_its_devices() {
    EdgeTotals dead = new EdgeTotals(5, 2, 100, 3, 1000, 900, 0, 0, 0, 0, 0);
    EdgeTotals live = new EdgeTotals(1, 1, 10, 0, 100, 90, 0, 0, 0, 0, 0);

    EdgeTotals sum = live.plus(dead, false);

    assertThat(sum.devices()).isEqualTo(1);
    assertThat(sum.websockets()).isEqualTo(1);
    assertThat(sum.messages()).isEqualTo(110);
    assertThat(sum.errors()).isEqualTo(3);
    assertThat(sum.bytesUp()).isEqualTo(1100);
    assertThat(sum.bytesDown()).isEqualTo(990);
  }

  @Test
  void totals_survive_their_stored_form() {
    EdgeTotals totals = new EdgeTotals(1, 2, 3, 4, 5, 6, 7, 8, 9.5, 10, 11);

    assertThat(EdgeTotals.fromJson(totals.toJson())).isEqualTo(totals);
    assertThat(EdgeTotals.fromJson("{\"devices\":3}").devices()).isEqualTo(3);
  }

  @Test
  void stores_changed_applications_and_those_with_devices_until_they_have_none() {
    TestDeviceSession device = new TestDeviceSession(APP, "a", "http");
    stats.attached(device, "");
    stats.addErrors(OTHER_APP, 1);

    assertThat(stats.toStore()).containsOnlyKeys(APP, OTHER_APP);
    assertThat(stats.toStore()).containsOnlyKeys(APP); // still attached: kept fresh

    stats.detached(device, "closed");
    assertThat(stats.toStore()).containsOnlyKeys(APP); // says the device left
    assertThat(stats.toStore()).isEmpty();

    stats.storeFailed(java.util.List.of(OTHER_APP));
    assertThat(stats.toStore()).containsOnlyKeys(OTHER_APP);
  }
}
