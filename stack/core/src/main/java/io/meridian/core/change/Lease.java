package io.meridian.core.change;

import java.time.Duration;

/** A named lease held by at most one node at a time, lost if not renewed within its TTL. */
public interface Lease {

  /** Acquires or renews the lease for {@code owner}; false if another owner holds it. */
  boolean acquire(String name, String owner, Duration ttl);

  void release(String name, String owner);
}
