package io.meridian.core.geo;

import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * What the fence and point indexes share: their entries by id, each held at the version of the
 * write it came from, and their changes made in batches. A batch is made under the index's monitor,
 * beside the published version that readers use, and published whole when it ends, so readers never
 * block and never see part of one; any number of threads may write. A single put or remove is a
 * batch of one.
 *
 * @param <E> the entry the index keeps per id
 * @param <C> the changes a batch offers (the index's {@code Changes})
 * @param <B> the index's batch, which makes those changes
 */
abstract class VersionedIndex<E extends VersionedIndex.Versioned, C, B extends C> {
  /** An entry as the id map holds it. */
  interface Versioned {
    long version();
  }

  /** The state every batch keeps: whether it may still change anything. */
  abstract static class Batch {
    private boolean open = true;

    /** Refuses changes through a batch already published (a kept reference used too late). */
    final void checkOpen() {
      if (!open) {
        throw new IllegalStateException("these changes were already published");
      }
    }

    final void close() {
      open = false;
    }
  }

  /** Every entry by id; changed only by batches, read by anyone. */
  final ConcurrentHashMap<UUID, E> entries = new ConcurrentHashMap<>();

  /** A batch over the current version; called under this index's monitor. */
  abstract B begin();

  /** Closes the batch and makes what it changed the current version; under the monitor. */
  abstract void publish(B batch);

  /**
   * Applies the changes {@code batch} makes and publishes them as one version. If {@code batch}
   * throws, the changes it made before are published and the exception propagates.
   */
  public final synchronized void update(Consumer<? super C> batch) {
    B changes = begin();
    try {
      batch.accept(changes);
    } finally {
      publish(changes);
    }
  }

  /** One change as a batch of its own; whether it applied. */
  final boolean updateOne(Predicate<? super C> change) {
    boolean[] applied = new boolean[1];
    update(changes -> applied[0] = change.test(changes));
    return applied[0];
  }

  /** The version the index holds for the id, if any. */
  public final OptionalLong version(UUID id) {
    E entry = entries.get(id);
    return entry == null ? OptionalLong.empty() : OptionalLong.of(entry.version());
  }

  /**
   * Whether a change at {@code version} replaces {@code held}: nothing is held, or an older one.
   */
  static boolean newer(Versioned held, long version) {
    return held == null || held.version() < version;
  }

  /** An argument error for coordinates that are not a point in degrees. */
  static void checkPoint(double latitude, double longitude) {
    if (!(latitude >= -90 && latitude <= 90 && longitude >= -180 && longitude <= 180)) {
      throw new IllegalArgumentException(
          "not a point in degrees: latitude " + latitude + ", longitude " + longitude);
    }
  }
}
