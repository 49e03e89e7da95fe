package io.meridian.testing;

import io.meridian.core.common.IdGenerator;
import java.time.Clock;
import java.util.UUID;

/**
 * Version-1 UUIDs from a clock with a fixed node and clock sequence, so a test knows every id it
 * will get: the first UUID of a millisecond has that millisecond as its time, each further one the
 * next 100-ns tick (as {@code TimeUuidGenerator}, whose node is random).
 */
public final class SequentialIds implements IdGenerator {
  /** 100-ns intervals between 1582-10-15 (the UUID epoch) and 1970-01-01. */
  private static final long UUID_EPOCH_OFFSET = 0x01B21DD213814000L;

  /** IETF variant, clock sequence 0, node 01:00:00:00:00:01 (the multicast bit: not a MAC). */
  private static final long LEAST_SIGNIFICANT_BITS = 0x8000_0100_0000_0001L;

  private final Clock clock;
  private long lastTicks;

  public SequentialIds(Clock clock) {
    this.clock = clock;
  }

  @Override
  public synchronized UUID newTimeUuid() {
    lastTicks = Math.max(lastTicks + 1, clock.millis() * 10_000 + UUID_EPOCH_OFFSET);
    return timeUuid(lastTicks);
  }

  /** The UUID this generator makes for a time in 100-ns ticks since the UUID epoch. */
  static UUID timeUuid(long ticks) {
    long timeLow = ticks & 0xFFFF_FFFFL;
    long timeMid = (ticks >>> 32) & 0xFFFFL;
    long timeHigh = (ticks >>> 48) & 0x0FFFL;
    long most = (timeLow << 32) | (timeMid << 16) | (1L << 12) | timeHigh;
    return new UUID(most, LEAST_SIGNIFICANT_BITS);
  }

  /** The first UUID a generator makes in this millisecond since the Unix epoch. */
  public static UUID at(long epochMillis) {
    return timeUuid(epochMillis * 10_000 + UUID_EPOCH_OFFSET);
  }
}
