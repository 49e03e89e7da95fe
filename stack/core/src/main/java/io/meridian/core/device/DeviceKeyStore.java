package io.meridian.core.device;

import java.util.Map;
import java.util.UUID;

/**
 * The devices of an application whose secret an administrator rotated or revoked ({@code
 * device_keys}). A device without a row has generation 0 and is not revoked: its secret is the one
 * derived since device secrets exist, so rows are only as many as the devices an administrator
 * acted on.
 */
public interface DeviceKeyStore {
  /**
   * A device's secret state.
   *
   * @param generation how many times its secret was rotated; part of what the secret derives from
   * @param revoked whether it may not attach at all until its secret is rotated again
   */
  record DeviceKey(long generation, boolean revoked) {
    public static final DeviceKey ORIGINAL = new DeviceKey(0, false);
  }

  /** Every row of the application (one partition), by device id. */
  Map<String, DeviceKey> load(UUID app);

  void save(UUID app, String device, DeviceKey key);
}
