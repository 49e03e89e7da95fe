package io.meridian.edge;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.device.DeviceCredential;
import io.meridian.core.device.DeviceHub;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.junit.jupiter.api.Test;

class SilentDevicesTest {
  /** A device session that was last heard from when the test says. */
  private static final class Heard implements EdgeSession {
    final Attached attached;
    final long lastSeen;
    boolean closed;

    Heard(String device, Duration ago) {
      this.attached =
          new Attached(
              new UUID(0, 1),
              device,
              DeviceCredential.DEVICE_SECRET,
              0,
              "127.0.0.1",
              System.currentTimeMillis(),
              Duration.ofSeconds(10));
      this.lastSeen = System.nanoTime() - ago.toNanos();
    }

    @Override
    public Attached attached() {
      return attached;
    }

    @Override
    public long lastSeen() {
      return lastSeen;
    }

    @Override
    public String transport() {
      return "http";
    }

    @Override
    public void deliver(byte[] message) {
      throw new AssertionError("nothing is sent to a device in this test");
    }

    @Override
    public void close() {
      closed = true;
    }
  }

  @Test
  void devices_silent_for_more_than_one_and_a_half_heartbeats_are_closed_and_no_others() {
    ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    DeviceHub hub = new DeviceHub(List.of(), timer, 4, 4);
    Heard recent = new Heard("recent", Duration.ofSeconds(14));
    Heard silent = new Heard("silent", Duration.ofSeconds(16));
    hub.attach(recent, null);
    hub.attach(silent, null);
    EdgeServer server =
        new EdgeServer(
            new EdgeProperties(
                true,
                "127.0.0.1",
                0,
                -1,
                Duration.ofSeconds(10),
                Duration.ofSeconds(1),
                Duration.ofSeconds(2),
                1,
                1,
                1024,
                1024,
                Duration.ofSeconds(1),
                "",
                Duration.ofSeconds(1),
                Duration.ofSeconds(2),
                Duration.ofSeconds(1),
                Duration.ofMinutes(1)),
            hub,
            null);
    try {
      server.detachSilent();
      assertThat(silent.closed).isTrue();
      assertThat(recent.closed).isFalse();
    } finally {
      server.close();
      timer.shutdownNow();
    }
  }
}
