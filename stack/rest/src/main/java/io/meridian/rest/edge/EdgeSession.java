package io.meridian.rest.edge;

import io.meridian.core.device.DeviceSession;

/** A device session of this node's transports: it knows when its device last said anything. */
public interface EdgeSession extends DeviceSession {
  /** {@link System#nanoTime()} of the device's last message of any kind. */
  long lastSeen();
}
