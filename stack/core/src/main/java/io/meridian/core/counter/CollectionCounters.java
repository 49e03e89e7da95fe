package io.meridian.core.counter;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.entity.EntityWriteObserver;
import io.meridian.core.entity.StoredEntity;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The counters Usergrid keeps by itself: {@code application.collection.<collection>} and {@code
 * application.entities}, up by one for each entity created and down by one for each deleted, at the
 * entity's time of creation or deletion.
 *
 * <p>They are written after the entity and not waited for: an entity write never fails or slows
 * down for its counters, and a counter write that fails is logged and lost (the entity stays). So
 * these counts can fall short of the entities after a storage failure; they never count one twice.
 */
public final class CollectionCounters implements EntityWriteObserver {
  /** Usergrid's prefix of a collection's counter. */
  public static final String COLLECTION_PREFIX = "application.collection.";

  /** Usergrid's counter of all entities. */
  public static final String ENTITIES = "application.entities";

  private static final Logger LOG = LoggerFactory.getLogger(CollectionCounters.class);

  private final CounterService counters;

  public CollectionCounters(CounterService counters) {
    this.counters = counters;
  }

  /** Counts the entities of one collection a write created or deleted, once it is complete. */
  @Override
  public void completed(ApplicationRef app, String collection, List<EntityWrite> writes) {
    List<StoredEntity> created = EntityWrite.created(writes);
    if (!created.isEmpty()) {
      add(app, collection, created.size(), created.get(0).created());
    }
    int deleted = EntityWrite.deleted(writes).size();
    if (deleted > 0) {
      add(app, collection, -deleted, counters.now());
    }
  }

  private void add(ApplicationRef app, String collection, long delta, long timestamp) {
    counters
        .incrementLater(
            app, Map.of(COLLECTION_PREFIX + collection, delta, ENTITIES, delta), timestamp)
        .whenComplete(
            (done, failure) -> {
              if (failure != null) {
                LOG.warn(
                    "Collection counters of {} not updated: {}", collection, failure.toString());
              }
            });
  }
}
