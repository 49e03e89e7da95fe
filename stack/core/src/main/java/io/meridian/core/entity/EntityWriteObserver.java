package io.meridian.core.entity;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.app.ApplicationRef;
import java.util.List;

/**
 * Takes part in every entity write (the geo indexes do): checks new properties, records what it
 * needs durably before the write, and updates this node's state after it. Called on the writing
 * thread; an exception from {@link #validate} or {@link #beforeWrites} stops the write.
 */
public interface EntityWriteObserver {

  /** Refuses properties a write may not store (400); {@code properties} are the user's. */
  void validate(CollectionName collection, ObjectNode properties);

  /** Before anything is written; durable when it returns. */
  void beforeWrites(ApplicationRef app, String collection, List<EntityWrite> writes);

  /** After the writes are acknowledged by Cassandra, before the caller's request returns. */
  void afterWrites(ApplicationRef app, String collection, List<EntityWrite> writes);

  /**
   * One entity write.
   *
   * @param before the entity before the write, or null for a creation
   * @param after the entity the write stores, or null for a deletion
   * @param version the version the write gives the entity (its deletion's, for a delete)
   */
  record EntityWrite(StoredEntity before, StoredEntity after, long version) {}

  /** Takes part in nothing. */
  EntityWriteObserver NONE =
      new EntityWriteObserver() {
        @Override
        public void validate(CollectionName collection, ObjectNode properties) {}

        @Override
        public void beforeWrites(ApplicationRef app, String collection, List<EntityWrite> writes) {}

        @Override
        public void afterWrites(ApplicationRef app, String collection, List<EntityWrite> writes) {}
      };
}
