package io.meridian.local;

/**
 * How the embedded Cassandra makes its commit log durable before it acknowledges a write.
 *
 * <p>Only {@link #GROUP} and {@link #BATCH} guarantee that an acknowledged write survives a kill -9
 * of Cassandra: with {@link #PERIODIC} a write is acknowledged before its commit log section is
 * synced, and replay ignores sections that were never marked as synced.
 */
public enum CommitLogSync {
  /** Acknowledge at once, sync every 10 s: fastest, loses up to 10 s of writes on a crash. */
  PERIODIC,
  /** Acknowledge after the fsync that follows a 15 ms window, shared by all writes in it. */
  GROUP,
  /** Acknowledge after an fsync issued as soon as writes are pending. */
  BATCH
}
