package io.meridian.core.device;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

/** An attached device for presence tests: nothing is delivered, closing does nothing. */
record TestSession(UUID app, String device, Instant attachedAt) implements DeviceSession {
  @Override
  public DeviceCredential credential() {
    return DeviceCredential.DEVICE_SECRET;
  }

  @Override
  public long secretGeneration() {
    return 0;
  }

  @Override
  public String transport() {
    return "http";
  }

  @Override
  public String remoteAddress() {
    return "10.0.0.7";
  }

  @Override
  public Duration heartbeat() {
    return Duration.ofSeconds(60);
  }

  @Override
  public void deliver(byte[] message) {}

  @Override
  public void close() {}
}
