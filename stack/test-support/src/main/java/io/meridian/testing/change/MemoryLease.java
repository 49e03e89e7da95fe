package io.meridian.testing.change;

import io.meridian.core.change.Lease;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * {@link Lease} in memory with {@code CassandraLease}'s rules: a lease is held by one owner until
 * its TTL runs out on the clock; its owner renews it, anyone takes it once it has lapsed, and only
 * its owner releases it.
 */
public final class MemoryLease implements Lease {
  private record Held(String owner, Instant until) {}

  private final Clock clock;
  private final Map<String, Held> leases = new HashMap<>();

  public MemoryLease(Clock clock) {
    this.clock = clock;
  }

  @Override
  public synchronized boolean acquire(String name, String owner, Duration ttl) {
    Instant now = clock.instant();
    Held held = leases.get(name);
    if (held != null && !held.owner().equals(owner) && held.until().isAfter(now)) {
      return false;
    }
    leases.put(name, new Held(owner, now.plus(ttl)));
    return true;
  }

  @Override
  public synchronized void release(String name, String owner) {
    Held held = leases.get(name);
    if (held != null && held.owner().equals(owner)) {
      leases.remove(name);
    }
  }

  /** Who holds the lease now, if anyone. */
  public synchronized Optional<String> holder(String name) {
    Held held = leases.get(name);
    return held == null || !held.until().isAfter(clock.instant())
        ? Optional.empty()
        : Optional.of(held.owner());
  }
}
