package io.meridian.core.device;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * What is known live of an attached device: its traffic and latency as the node holding it counts
 * them. This node answers for its own devices; a device attached to another node is known there
 * only, and a lookup that asks the device registry's node can take this one's place.
 */
@FunctionalInterface
public interface LiveDevices {
  Optional<Live> find(UUID app, String device);

  /** A device as the node holding it sees it now. */
  record Live(Instant connectedAt, DeviceCounters.Snapshot counters) {}

  /** The devices attached to this node. */
  static LiveDevices of(DeviceHub hub) {
    return (app, device) -> {
      DeviceSession session = hub.session(app, device);
      DeviceCounters.Snapshot counters = session == null ? null : hub.counters(app, device);
      return counters == null
          ? Optional.empty()
          : Optional.of(new Live(session.attachedAt(), counters));
    };
  }
}
