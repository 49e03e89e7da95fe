package io.meridian.edge;

import io.meridian.core.device.DeviceCredential;
import io.meridian.core.device.DeviceSession;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

/**
 * A device session of this node's transports: who the device is ({@link Attached}, the same for
 * every transport), and when it last said anything.
 */
public interface EdgeSession extends DeviceSession {
  Attached attached();

  /** {@link System#nanoTime()} of the device's last message of any kind. */
  long lastSeen();

  @Override
  default UUID app() {
    return attached().app();
  }

  @Override
  default String device() {
    return attached().device();
  }

  @Override
  default DeviceCredential credential() {
    return attached().credential();
  }

  @Override
  default long secretGeneration() {
    return attached().secretGeneration();
  }

  @Override
  default String remoteAddress() {
    return attached().remoteAddress();
  }

  @Override
  default Instant attachedAt() {
    return Instant.ofEpochMilli(attached().attachedAtMillis());
  }

  @Override
  default Duration heartbeat() {
    return attached().heartbeat();
  }
}
