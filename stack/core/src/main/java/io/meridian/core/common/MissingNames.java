package io.meridian.core.common;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Names of the registry (organizations, applications) a store read found missing, remembered for
 * {@code ttl} so that a flood of requests for names that do not exist reads the store once per name
 * and period, not once per request.
 *
 * <p>Each name is kept as a 128-bit digest ({@link #id}), so an entry costs the same whatever the
 * name's length, and at most {@code maxNames} are kept (the least recently used go first): a flood
 * of distinct made-up names costs a bounded amount of memory, and each new name one store read, as
 * it would without this cache.
 *
 * <p>A registration must never be hidden for longer than a short bound. The node that registers a
 * name calls {@link #registered} at once (so its own next request finds it), and publishes the same
 * id on the access feed, whose listeners call it on every other node within the feed's bound. A
 * read that started before a registration never caches its answer afterwards: every registration
 * advances a generation, and {@link #missing} is ignored when the generation moved since the read
 * began. The ttl bounds what a lost feed event could hide.
 */
public final class MissingNames {
  private final Cache<UUID, Boolean> missing;
  private final AtomicLong generation = new AtomicLong();

  public MissingNames(Duration ttl, int maxNames, Clock clock) {
    if (ttl.isNegative() || maxNames < 0) {
      throw new IllegalArgumentException(
          "Missing names need a ttl and a size of at least zero, got " + ttl + " and " + maxNames);
    }
    this.missing =
        Caffeine.newBuilder()
            .maximumSize(maxNames)
            .expireAfterWrite(ttl)
            .ticker(() -> clock.millis() * 1_000_000L)
            .executor(Runnable::run)
            .build();
  }

  /** The id of a name of some kind ({@code application}, {@code organization}), lower-cased. */
  public static UUID id(String kind, String name) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256")
              .digest((kind + ":" + name).getBytes(StandardCharsets.UTF_8));
      ByteBuffer bytes = ByteBuffer.wrap(digest);
      return new UUID(bytes.getLong(), bytes.getLong());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("Every JVM has SHA-256", e);
    }
  }

  /** Read before a store read; hand it back to {@link #missing}. */
  public long generation() {
    return generation.get();
  }

  /** Whether a recent read found the name missing (and no registration of it was seen since). */
  public boolean isMissing(UUID name) {
    return missing.getIfPresent(name) != null;
  }

  /**
   * Remembers that a read that began at {@code generation} found the name missing, unless a
   * registration happened since (the read may have missed it).
   */
  public void missing(UUID name, long generation) {
    if (this.generation.get() == generation) {
      missing.put(name, Boolean.TRUE);
      if (this.generation.get() != generation) {
        missing.invalidate(name); // a registration raced with the put
      }
    }
  }

  /** The name now exists: forget that it was missing, and ignore reads still under way. */
  public void registered(UUID name) {
    generation.incrementAndGet();
    missing.invalidate(name);
  }

  /** How many names are remembered as missing, once pending evictions are done. */
  public long size() {
    missing.cleanUp();
    return missing.estimatedSize();
  }
}
