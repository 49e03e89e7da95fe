package io.meridian.core.device;

/**
 * What a device presented to attach, weakest first. A later attachment of a device displaces the
 * attached one only with the same credential or a stronger one, so knowing the application's key
 * never takes over a device that proved who it is.
 */
public enum DeviceCredential {
  /** The application's key alone: public, accepted only where the application allows it. */
  APP_KEY,
  /** The device's own secret ({@link DeviceSecrets}). */
  DEVICE_SECRET;

  /** Whether an attachment with this credential may displace one with {@code attached}. */
  public boolean displaces(DeviceCredential attached) {
    return compareTo(attached) >= 0;
  }
}
