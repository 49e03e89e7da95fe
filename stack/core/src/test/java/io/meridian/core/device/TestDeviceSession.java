package io.meridian.core.device;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

/** A device as a transport would hold it, recording what is delivered to it. */
final class TestDeviceSession implements DeviceSession {
  private final UUID app;
  private final String device;
  private final String transport;
  private final DeviceCredential credential;
  final List<byte[]> delivered = new CopyOnWriteArrayList<>();
  volatile boolean closed;

  TestDeviceSession(UUID app, String device) {
    this(app, device, "http");
  }

  TestDeviceSession(UUID app, String device, String transport) {
    this(app, device, transport, DeviceCredential.DEVICE_SECRET);
  }

  TestDeviceSession(UUID app, String device, String transport, DeviceCredential credential) {
    this.app = app;
    this.device = device;
    this.transport = transport;
    this.credential = credential;
  }

  @Override
  public DeviceCredential credential() {
    return credential;
  }

  @Override
  public long secretGeneration() {
    return 0;
  }

  @Override
  public UUID app() {
    return app;
  }

  @Override
  public String device() {
    return device;
  }

  @Override
  public String transport() {
    return transport;
  }

  @Override
  public String remoteAddress() {
    return "127.0.0.1:50000";
  }

  @Override
  public Instant attachedAt() {
    return Instant.EPOCH;
  }

  @Override
  public Duration heartbeat() {
    return Duration.ofSeconds(60);
  }

  @Override
  public void deliver(byte[] message) {
    delivered.add(message);
  }

  @Override
  public void close() {
    closed = true;
  }
}
