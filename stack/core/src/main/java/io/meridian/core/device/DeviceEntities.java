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

  /** What a takeover attempt did to an attached device. */
  enum Takeover {
    /** A new attachment with the same or a stronger credential displaced the attached one. */
    DISPLACED("last_displaced", "devices.displaced"),
    /** An attachment with a weaker credential than the attached one's was refused. */
    REFUSED("last_refused_attach", "devices.refused_attach");

    /** The entity property that shows the latest. */
    public final String property;

    /** The application's counter that counts them. */
    public final String counter;

    Takeover(String property, String counter) {
      this.property = property;
      this.counter = counter;
    }
  }

  /**
   * Shows the device's owner a takeover attempt: counted in the application's counter and shown on
   * the device's entity (an update every subscriber of {@code devices} receives) as {@code {"at",
   * "ip_address", "transport"}} of the other attachment: the displaced one, or the one refused.
   */
  void takeover(
      UUID app, String device, Takeover what, Instant at, String ipAddress, String transport);
}
