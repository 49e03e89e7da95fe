package io.meridian.core.common;

import java.security.SecureRandom;
import java.time.Clock;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Version-1 UUIDs from a {@link Clock}. Timestamps are strictly increasing within one generator
 * even when the clock stands still or steps back (the generator then runs ahead of the clock by at
 * most one tick per UUID), so two UUIDs of one node never collide and their order is their creation
 * order. The node id and clock sequence are random per generator, so nodes never collide either.
 */
public final class TimeUuidGenerator implements IdGenerator {
  private final Clock clock;
  private final AtomicLong lastTicks = new AtomicLong();
  private final long leastSignificantBits;

  public TimeUuidGenerator(Clock clock) {
    this.clock = clock;
    SecureRandom random = new SecureRandom();
    long clockSequence = random.nextInt(1 << 14);
    long node = random.nextLong() & 0xFFFF_FFFF_FFFFL;
    node |= 0x0100_0000_0000L; // multicast bit: marks a random (not MAC-derived) node id
    this.leastSignificantBits = (0b10L << 62) | (clockSequence << 48) | node;
  }

  @Override
  public UUID newTimeUuid() {
    long now = clock.millis() * 10_000 + TimeUuids.UUID_EPOCH_OFFSET;
    long ticks = lastTicks.updateAndGet(last -> Math.max(last + 1, now));
    return new UUID(mostSignificantBits(ticks), leastSignificantBits);
  }

  private static long mostSignificantBits(long ticks) {
    long timeLow = ticks & 0xFFFF_FFFFL;
    long timeMid = (ticks >>> 32) & 0xFFFFL;
    long timeHigh = (ticks >>> 48) & 0x0FFFL;
    return (timeLow << 32) | (timeMid << 16) | (1L << 12) | timeHigh;
  }
}
