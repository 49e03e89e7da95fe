package io.meridian.core.device;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

/** An attached device for presence and secret tests: nothing is delivered, closing does nothing. */
record TestSession(
    UUID app, String device, Instant attachedAt, DeviceCredential credential, long secretGeneration)
    implements DeviceSession {

  /** A device attached with its secret at generation 0. */
  TestSession(UUID app, String device, Instant attachedAt) {
    this(app, device, attachedAt, DeviceCredential.DEVICE_SECRET, 0);
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
