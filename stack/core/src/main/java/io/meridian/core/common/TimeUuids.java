package io.meridian.core.common;

import java.util.UUID;

/** Conversions between version-1 UUID timestamps and Unix time, and shards of UUIDs. */
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

  /**
   * The shard in [0, shards) of a UUID, spread evenly. {@link UUID#hashCode()} is not: for the time
   * UUIDs of one node its low bits hardly change (the clock sequence and node are fixed, and a
   * millisecond is 10,000 ticks, a multiple of 16), so {@code hashCode() % 16} put nearly every
   * entity a node wrote into one shard. All 128 bits are mixed instead (MurmurHash3's finalizer).
   */
  public static int shardOf(UUID uuid, int shards) {
    long mixed = mix(uuid.getMostSignificantBits() ^ mix(uuid.getLeastSignificantBits()));
    return (int) Math.floorMod(mixed, (long) shards);
  }

  private static long mix(long bits) {
    long h = bits;
    h ^= h >>> 33;
    h *= 0xff51afd7ed558ccdL;
    h ^= h >>> 33;
    h *= 0xc4ceb9fe1a85ec53L;
    h ^= h >>> 33;
    return h;
  }

  public static boolean isTimeBased(UUID uuid) {
    return uuid.version() == 1;
  }

  /**
   * Whether the text is a UUID in its 36-character form, of any version: what an entity address
   * means as a uuid rather than a name.
   */
  public static boolean isUuidText(String text) {
    if (text.length() != 36) {
      return false;
    }
    try {
      UUID.fromString(text);
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  private static void requireTimeBased(UUID uuid) {
    if (!isTimeBased(uuid)) {
      throw new IllegalArgumentException("Not a time-based UUID: " + uuid);
    }
  }
}
