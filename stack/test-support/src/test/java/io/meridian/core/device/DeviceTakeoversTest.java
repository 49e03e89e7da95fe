package io.meridian.core.device;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.testing.MutableClock;
import io.meridian.testing.device.MemoryDeviceEntities;
import io.meridian.testing.device.MemoryDeviceRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class DeviceTakeoversTest {
  private static final UUID APP = UUID.randomUUID();
  private static final Duration TIMEOUT = Duration.ofSeconds(5);

  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-29T12:00:00Z"));
  private final MemoryDeviceRegistry registry = new MemoryDeviceRegistry();
  private final MemoryDeviceEntities entities = new MemoryDeviceEntities();
  private final EdgeNodes nodes = edgeNodes("a");
  private final DeviceTakeovers takeovers =
      new DeviceTakeovers(registry, nodes, "a", entities, clock);

  private EdgeNodes edgeNodes(String id) {
    return new EdgeNodes(
        registry, entities, id, () -> "http://" + id, clock, Duration.ofSeconds(1), TIMEOUT);
  }

  /** The device attached to {@code node} with {@code credential}; the node beats now. */
  private void heldBy(String node, DeviceCredential credential) {
    edgeNodes(node).beatAndSweep();
    Instant now = clock.instant();
    registry.attached(
        APP, "meter", node, "http://" + node, now, credential, CassandraDeviceRegistry.micros(now));
  }

  private boolean keyAloneMayTake() {
    return takeovers.mayTake(APP, "meter", DeviceCredential.APP_KEY, "203.0.113.9:4000", "mqtt");
  }

  @Test
  void the_key_alone_never_takes_a_device_another_live_node_holds_with_its_secret() {
    heldBy("b", DeviceCredential.DEVICE_SECRET);

    assertThat(keyAloneMayTake()).isFalse();
    assertThat(takeovers.mayTake(APP, "meter", DeviceCredential.DEVICE_SECRET, "x", "http"))
        .isTrue();
    assertThat(entities.calls).containsExactly("last_refused_attach meter 203.0.113.9:4000 mqtt");
  }

  @Test
  void the_key_alone_takes_a_device_held_with_the_key_alone_by_a_dead_node_or_by_this_one() {
    heldBy("b", DeviceCredential.APP_KEY);
    assertThat(keyAloneMayTake()).isTrue();

    heldBy("c", DeviceCredential.DEVICE_SECRET);
    clock.advance(TIMEOUT.plusSeconds(1)); // c died
    assertThat(keyAloneMayTake()).isTrue();

    heldBy("a", DeviceCredential.DEVICE_SECRET); // this node's hub judges its own
    assertThat(keyAloneMayTake()).isTrue();
    assertThat(entities.calls).noneMatch(call -> call.startsWith("last_refused_attach"));
  }

  @Test
  void the_refusal_stands_when_the_attempt_cannot_be_shown() {
    heldBy("b", DeviceCredential.DEVICE_SECRET);
    MemoryDeviceEntities failing =
        new MemoryDeviceEntities() {
          @Override
          public void takeover(
              UUID app,
              String device,
              Takeover what,
              Instant at,
              String ipAddress,
              String transport) {
            throw new IllegalStateException("Cassandra is down");
          }
        };

    assertThat(
            new DeviceTakeovers(registry, nodes, "a", failing, clock)
                .mayTake(APP, "meter", DeviceCredential.APP_KEY, "x", "http"))
        .isFalse();
  }
}
