package io.meridian.core.entity;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.app.ApplicationRef;
import java.util.List;

/**
 * Takes part in every entity write, whatever its path (a create, an array, an update or put, a
 * delete, a bulk operation): checks new properties, records what it needs durably before the write,
 * updates this node's state after it, and cleans up once the whole write is done. {@link
 * EntityService} takes its observers in its constructor and calls each phase on every observer, in
 * their order. Called on the writing thread; an exception from {@link #validate} or {@link
 * #beforeWrites} stops the write, one from a later phase reaches the caller of a write that is
 * already stored. Every phase does nothing unless an observer says otherwise.
 */
public interface EntityWriteObserver {

  /** Refuses properties a write may not store (400); {@code properties} are the user's. */
  default void validate(CollectionName collection, ObjectNode properties) {}

  /** Before anything is written; durable when it returns. */
  default void beforeWrites(ApplicationRef app, String collection, List<EntityWrite> writes) {}

  /** After the writes are acknowledged by Cassandra, before the caller's request returns. */
  default void afterWrites(ApplicationRef app, String collection, List<EntityWrite> writes) {}

  /**
   * After the whole write: an old or deleted entity's name is released and a deleted entity's
   * connections are removed. Runs before the wait for the index, so the caller's request has not
   * returned yet.
   */
  default void completed(ApplicationRef app, String collection, List<EntityWrite> writes) {}

  /**
   * One entity write.
   *
   * @param before the entity before the write, or null for a creation
   * @param after the entity the write stores, or null for a deletion
   * @param version the version the write gives the entity (its deletion's, for a delete)
   */
  record EntityWrite(StoredEntity before, StoredEntity after, long version) {

    /** The entities {@code writes} created, as stored. */
    public static List<StoredEntity> created(List<EntityWrite> writes) {
      return writes.stream().filter(EntityWrite::creation).map(EntityWrite::after).toList();
    }

    /** The entities {@code writes} deleted, as they were. */
    public static List<StoredEntity> deleted(List<EntityWrite> writes) {
      return writes.stream().filter(EntityWrite::deletion).map(EntityWrite::before).toList();
    }

    public boolean creation() {
      return before == null;
    }

    public boolean deletion() {
      return after == null;
    }

    /**
     * An update whose unique name changed (not only in case) or was given or removed: lookups by
     * name may now find another entity.
     */
    public boolean renamed() {
      if (before == null || after == null) {
        return false;
      }
      return before.name() == null
          ? after.name() != null
          : after.name() == null || !before.name().equalsIgnoreCase(after.name());
    }
  }
}
