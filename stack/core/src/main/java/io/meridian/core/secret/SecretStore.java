package io.meridian.core.secret;

/** Cluster-wide secrets shared by every REST node (keys for signing cursors, later tokens). */
public interface SecretStore {

  /**
   * The secret with this name, created once for the whole cluster (random, {@code length} bytes) if
   * it does not exist: concurrent first calls on any nodes all return the same value.
   */
  byte[] obtain(String name, int length);
}
