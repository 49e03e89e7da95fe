package io.meridian.testing;

import java.util.Comparator;
import java.util.UUID;

/**
 * Cassandra's order of {@code timeuuid} values: by their time, then by the low 64 bits compared as
 * signed bytes (as {@code TimeUUIDType} does). The in-memory stores sort clustering columns of that
 * type with it, so their pages come in the order the Cassandra stores' pages come.
 */
public final class TimeUuidOrder {
  /** Oldest first. */
  public static final Comparator<UUID> ASCENDING = TimeUuidOrder::compare;

  /** Newest first: {@code CLUSTERING ORDER BY (... DESC)}. */
  public static final Comparator<UUID> DESCENDING = ASCENDING.reversed();

  private TimeUuidOrder() {}

  public static int compare(UUID left, UUID right) {
    int byTime = Long.compare(left.timestamp(), right.timestamp());
    if (byTime != 0) {
      return byTime;
    }
    return Long.compare(
        left.getLeastSignificantBits() ^ 0x0080808080808080L,
        right.getLeastSignificantBits() ^ 0x0080808080808080L);
  }
}
