package io.meridian.core.device;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.testing.MutableClock;
import io.meridian.testing.device.MemoryDeviceEntities;
import io.meridian.testing.device.MemoryDeviceRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class DevicePresenceTest {
  private static final UUID APP = UUID.randomUUID();
  private static final Duration REFRESH = Duration.ofMinutes(5);

  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-26T12:00:00Z"));
  private final MemoryDeviceRegistry registry = new MemoryDeviceRegistry();
  private final MemoryDeviceEntities entities = new MemoryDeviceEntities();

  private DevicePresence node(String id) {
    return new DevicePresence(registry, entities, id, () -> "http://" + id, clock, REFRESH, 2, 100);
  }

  private TestSession session(String device) {
    return new TestSession(APP, device, clock.instant());
  }

  @Test
  void an_attach_registers_the_device_and_marks_it_connected_and_a_detach_undoes_both() {
    DevicePresence presence = node("a");
    TestSession session = session("d1");
    presence.attached(session, "linux");
    presence.detached(session, "closed");
    presence.close();

    assertThat(entities.calls).containsExactly("connected d1", "disconnected d1");
    assertThat(entities.devices.get("d1").connected()).isFalse();
    assertThat(entities.devices.get("d1").info()).isEqualTo("linux");
    assertThat(registry.find(APP, "d1")).isEmpty();
    assertThat(registry.devices("a")).isEmpty();
  }

  @Test
  void the_old_nodes_late_detach_leaves_a_device_attached_elsewhere_as_it_is() {
    DevicePresence first = node("a");
    DevicePresence second = node("b");
    TestSession old = session("d1");
    first.attached(old, "old");
    awaitCalls(1);
    clock.advance(Duration.ofSeconds(1));
    second.attached(session("d1"), "new");
    awaitCalls(2);
    first.detached(old, "silent");
    awaitCalls(3);
    first.close();
    second.close();

    assertThat(entities.calls).containsExactly("connected d1", "connected d1", "disconnected d1");
    assertThat(entities.devices.get("d1").connected()).isTrue();
    assertThat(entities.devices.get("d1").node()).isEqualTo("b");
    assertThat(registry.find(APP, "d1"))
        .hasValueSatisfying(e -> assertThat(e.node()).isEqualTo("b"));
    assertThat(registry.devices("a")).isEmpty();
    assertThat(registry.devices("b"))
        .extracting(DeviceRegistry.NodeDevice::device)
        .containsExactly("d1");
  }

  @Test
  void a_displacement_and_a_refused_takeover_are_shown_to_the_devices_owner_in_order() {
    DevicePresence presence = node("a");
    TestSession old = session("d1");
    TestSession fresh = session("d1");
    presence.attached(old, "linux");
    presence.detached(old, "replaced");
    presence.displaced(old, fresh);
    presence.attached(fresh, "linux");
    presence.refused(session("d1"), fresh);
    presence.close();

    assertThat(entities.calls)
        .containsExactly(
            "connected d1",
            "disconnected d1",
            "last_displaced d1 10.0.0.7 http",
            "connected d1",
            "last_refused_attach d1 10.0.0.7 http");
  }

  private void awaitCalls(int count) {
    long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
    while (entities.calls.size() < count && System.nanoTime() < deadline) {
      Thread.onSpinWait();
    }
    assertThat(entities.calls).hasSize(count);
  }

  @Test
  void a_heartbeat_refreshes_presence_at_most_once_per_interval() {
    DevicePresence presence = node("a");
    TestSession session = session("d1");
    presence.attached(session, "linux");
    clock.advance(Duration.ofMinutes(1));
    presence.heartbeat(session);
    clock.advance(REFRESH);
    presence.heartbeat(session);
    clock.advance(Duration.ofSeconds(30));
    presence.heartbeat(session);
    presence.close();

    assertThat(entities.calls).containsExactly("connected d1", "connected d1 refresh");
    assertThat(entities.devices.get("d1").info()).isEqualTo("linux");
    assertThat(entities.devices.get("d1").at()).isEqualTo(clock.instant().minusSeconds(30));
  }

  @Test
  void writes_that_do_not_fit_the_queue_are_dropped_and_counted() throws InterruptedException {
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch blocked = new CountDownLatch(1);
    MemoryDeviceEntities slow =
        new MemoryDeviceEntities() {
          @Override
          public void connected(Presence presence, String info) {
            blocked.countDown();
            try {
              release.await();
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
            super.connected(presence, info);
          }
        };
    DevicePresence presence =
        new DevicePresence(registry, slow, "a", () -> "http://a", clock, REFRESH, 1, 1);
    presence.attached(session("d1"), "x");
    blocked.await();
    presence.attached(session("d2"), "x");
    presence.attached(session("d3"), "x");
    presence.attached(session("d4"), "x");
    release.countDown();
    presence.close();

    assertThat(presence.dropped()).isEqualTo(2);
    assertThat(slow.calls).containsExactly("connected d1", "connected d2");
  }
}
