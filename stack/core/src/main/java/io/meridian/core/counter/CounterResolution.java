package io.meridian.core.counter;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The time buckets a counter is kept in, Usergrid's list: every increment is added to its bucket at
 * every resolution, so a read at any resolution is a read of stored sums, never a roll-up at read
 * time. A bucket is named by its start in epoch milliseconds; {@link #ALL} has one bucket, named
 * {@code 1} as Usergrid names it.
 */
public enum CounterResolution {
  ALL(0),
  MINUTE(1),
  FIVE_MINUTES(5),
  HALF_HOUR(30),
  HOUR(60),
  SIX_HOUR(60 * 6),
  HALF_DAY(60 * 12),
  DAY(60 * 24),
  WEEK(60 * 24 * 7),
  MONTH(60 * 24 * 30);

  /** The name of {@link #ALL}'s one bucket. */
  public static final long ALL_BUCKET = 1;

  private final long millis;

  CounterResolution(long minutes) {
    this.millis = minutes * 60_000;
  }

  /** The length of a bucket in milliseconds; 0 for {@link #ALL}. */
  public long millis() {
    return millis;
  }

  /** The start of the bucket holding {@code timestamp}. */
  public long bucket(long timestamp) {
    return this == ALL ? ALL_BUCKET : Math.floorDiv(timestamp, millis) * millis;
  }

  /** The bucket after {@code bucket}. */
  public long next(long bucket) {
    return this == ALL ? ALL_BUCKET : bucket + millis;
  }

  /** The name a client sends: {@code all}, {@code minute}, {@code five_minutes} ... */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The resolution named (case-insensitive), {@link #ALL} when none is given, else 400. */
  public static CounterResolution parse(String text) {
    if (text == null || text.isBlank()) {
      return ALL;
    }
    for (CounterResolution resolution : values()) {
      if (resolution.name().equalsIgnoreCase(text.trim())) {
        return resolution;
      }
    }
    throw new MeridianException(
        ErrorCode.ILLEGAL_ARGUMENT,
        "Unknown resolution; use one of "
            + Arrays.stream(values())
                .map(CounterResolution::label)
                .collect(Collectors.joining(", ")));
  }
}
