package io.meridian.core.common;

import java.util.UUID;

/** Conversions between version-1 UUID timestamps and Unix time. */
public final class TimeUuids {
  /** 100-ns intervals between 1582-10-15 (the UUID epoch) and 1970-01-01. */
  static final long UUID_EPOCH_OFFSET = 0x01B21DD213814000L;

  private TimeUuids() {}

  /** The UUID's timestamp in 100-ns units since the Unix epoch. */
  public static long unixTicks(UUID uuid) {
    requireTimeBased(uuid);
    return uuid.timestamp() - UUID_EPOCH_OFFSET;
  }

  /** The UUID's timestamp in microseconds since the Unix epoch (Cassandra's write-time unit). */
  public static long micros(UUID uuid) {
    return unixTicks(uuid) / 10;
  }

  /** The UUID's timestamp in milliseconds since the Unix epoch. */
  public static long millis(UUID uuid) {
    return unixTicks(uuid) / 10_000;
  }

  public static boolean isTimeBased(UUID uuid) {
    return uuid.version() == 1;
  }

  private static void requireTimeBased(UUID uuid) {
    if (!isTimeBased(uuid)) {
      throw new IllegalArgumentException("Not a time-based UUID: " + uuid);
    }
  }
}
