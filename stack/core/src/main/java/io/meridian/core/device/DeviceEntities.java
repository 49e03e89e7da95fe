package io.meridian.core.device;

import java.time.Instant;
import java.util.UUID;

/**
 * The presence of devices in their entities (the application's {@code devices} collection, the
 * device's id as name): what applications query and are notified of.
 */
public interface DeviceEntities {
  /** What an attachment shows of its device. */
  record Presence(
      UUID app,
      String device,
      String node,
      String transport,
      String ipAddress,
      Instant connectedAt,
      Instant heartbeat) {}

  /**
   * The device is attached: connected, with the node, times, address and transport; {@code info}
   * too unless null (a refresh of an attachment leaves it as the attach wrote it).
   */
  void connected(Presence presence, String info);

  /**
   * The attachment of the device on {@code node} that began at {@code connectedAt} ended at {@code
   * at}: the entity is marked disconnected only if it still shows that attachment, so a device
   * already attached again (elsewhere or here) keeps its presence.
   */
  void disconnected(UUID app, String device, String node, Instant connectedAt, Instant at);
}
