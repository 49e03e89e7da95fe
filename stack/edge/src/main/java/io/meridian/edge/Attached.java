package io.meridian.edge;

import java.time.Duration;
import java.util.UUID;

/**
 * Who an attached device is, whatever its transport: its application and id, its address as this
 * node sees it, when it attached and how often it promised to beat.
 */
public record Attached(
    UUID app, String device, String remoteAddress, long attachedAtMillis, Duration heartbeat) {

  /** A device attaching now. */
  static Attached now(UUID app, String device, String remoteAddress, Duration heartbeat) {
    return new Attached(app, device, remoteAddress, System.currentTimeMillis(), heartbeat);
  }
}
