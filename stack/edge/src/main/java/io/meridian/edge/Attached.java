package io.meridian.edge;

import io.meridian.core.device.DeviceCredential;
import java.time.Duration;
import java.util.UUID;

/**
 * Who an attached device is, whatever its transport: its application and id, what it proved at
 * attach (and the generation of its secret), its address as this node sees it, when it attached and
 * how often it promised to beat.
 */
public record Attached(
    UUID app,
    String device,
    DeviceCredential credential,
    long secretGeneration,
    String remoteAddress,
    long attachedAtMillis,
    Duration heartbeat) {

  /** A device admitted now. */
  static Attached now(
      DeviceAdmission.Admitted admitted, String device, String remoteAddress, Duration heartbeat) {
    return new Attached(
        admitted.application().id(),
        device,
        admitted.credential(),
        admitted.proof().generation(),
        remoteAddress,
        System.currentTimeMillis(),
        heartbeat);
  }
}
