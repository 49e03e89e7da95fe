package io.meridian.core.device;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.testing.MutableClock;
import io.meridian.testing.device.MemoryDeviceEntities;
import io.meridian.testing.device.MemoryDeviceRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class EdgeNodesTest {
  private static final UUID APP = UUID.randomUUID();
  private static final Duration BEAT = Duration.ofSeconds(1);
  private static final Duration TIMEOUT = Duration.ofSeconds(5);

  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-26T12:00:00Z"));
  private final MemoryDeviceRegistry registry = new MemoryDeviceRegistry();
  private final MemoryDeviceEntities entities = new MemoryDeviceEntities();

  private EdgeNodes node(String id) {
    return new EdgeNodes(registry, entities, id, () -> "http://" + id, clock, BEAT, TIMEOUT);
  }

  /** A device attached to {@code node} now, as its presence would have written it. */
  private void attach(String node, String device) {
    Instant now = clock.instant();
    registry.attached(
        APP,
        device,
        node,
        "http://" + node,
        now,
        DeviceCredential.DEVICE_SECRET,
        CassandraDeviceRegistry.micros(now));
    entities.connected(
        new DeviceEntities.Presence(APP, device, node, "http", "10.0.0.7", now, now), "info");
  }

  @Test
  void a_silent_nodes_devices_are_marked_disconnected_and_forgotten_with_the_node() {
    node("b").beatAndSweep();
    attach("b", "d1");
    attach("b", "d2");
    clock.advance(TIMEOUT.plusSeconds(1));

    node("a").beatAndSweep();

    assertThat(entities.devices.get("d1").connected()).isFalse();
    assertThat(entities.devices.get("d2").connected()).isFalse();
    assertThat(registry.find(APP, "d1")).isEmpty();
    assertThat(registry.devices("b")).isEmpty();
    assertThat(registry.nodes()).extracting(DeviceRegistry.Node::node).containsExactly("a");
  }

  @Test
  void a_device_that_attached_to_another_node_keeps_its_presence_and_registration() {
    node("b").beatAndSweep();
    attach("b", "d1");
    clock.advance(Duration.ofSeconds(2));
    node("c").beatAndSweep();
    attach("c", "d1");
    clock.advance(Duration.ofSeconds(4)); // b is dead, c beat 4 s ago: alive

    node("a").beatAndSweep();

    assertThat(entities.devices.get("d1").connected()).isTrue();
    assertThat(entities.devices.get("d1").node()).isEqualTo("c");
    assertThat(registry.find(APP, "d1"))
        .hasValueSatisfying(e -> assertThat(e.node()).isEqualTo("c"));
    assertThat(registry.nodes()).extracting(DeviceRegistry.Node::node).containsOnly("a", "c");
  }

  @Test
  void a_live_node_is_left_alone_and_reachable_and_a_dead_one_is_not() {
    EdgeNodes a = node("a");
    node("b").beatAndSweep();
    attach("b", "d1");
    clock.advance(TIMEOUT.minusSeconds(1));

    a.beatAndSweep();
    assertThat(a.liveAddress("b")).hasValue("http://b");
    assertThat(entities.devices.get("d1").connected()).isTrue();

    clock.advance(Duration.ofSeconds(2));
    assertThat(a.liveAddress("b")).isEmpty();
    assertThat(a.liveAddress("never-seen")).isEmpty();
  }

  @Test
  void two_survivors_sweeping_the_same_dead_node_come_to_the_same_outcome() {
    node("b").beatAndSweep();
    attach("b", "d1");
    clock.advance(TIMEOUT.plusSeconds(1));

    node("a").beatAndSweep();
    node("c").beatAndSweep();

    assertThat(entities.devices.get("d1").connected()).isFalse();
    assertThat(entities.calls).containsExactly("connected d1", "disconnected d1");
    assertThat(registry.nodes()).extracting(DeviceRegistry.Node::node).containsOnly("a", "c");
  }
}
