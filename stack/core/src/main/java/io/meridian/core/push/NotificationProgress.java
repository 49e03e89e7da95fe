package io.meridian.core.push;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.Json;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.WriteOptions;
import java.time.Clock;
import java.util.List;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A notification's progress, as its entity shows it to clients: {@code EXPIRED} before it was sent,
 * {@code STARTED} with the count of sends expected once expanded, {@code FINISHED} with its
 * statistics once every chunk is done. A write that fails is logged and dropped: the queue, not the
 * entity, is what the sending relies on.
 */
final class NotificationProgress {
  private static final Logger LOG = LoggerFactory.getLogger(PushWorker.class);

  private final EntityService entities;
  private final Clock clock;

  NotificationProgress(EntityService entities, Clock clock) {
    this.entities = entities;
    this.clock = clock;
  }

  void expired(ApplicationRef app, UUID notification, long now) {
    update(app, notification, Json.object().put("state", "EXPIRED").put("finished", now));
  }

  void started(ApplicationRef app, UUID notification, int expectedCount) {
    update(
        app,
        notification,
        Json.object()
            .put("state", "STARTED")
            .put("started", clock.millis())
            .put("expectedCount", expectedCount));
  }

  /** Finished, with the sum of every chunk's counts. */
  void finished(ApplicationRef app, UUID notification, List<PushStore.Chunk> chunks) {
    int sent = chunks.stream().mapToInt(PushStore.Chunk::sent).sum();
    int errors = chunks.stream().mapToInt(PushStore.Chunk::errors).sum();
    ObjectNode changes = Json.object().put("state", "FINISHED").put("finished", clock.millis());
    changes.set("statistics", Json.object().put("sent", sent).put("errors", errors));
    update(app, notification, changes);
  }

  private void update(ApplicationRef app, UUID notification, ObjectNode changes) {
    try {
      entities.update(
          app,
          NotificationService.NOTIFICATIONS,
          notification.toString(),
          changes,
          WriteOptions.DEFAULT);
    } catch (RuntimeException e) {
      LOG.debug("Could not update notification {}: {}", notification, e.toString());
    }
  }
}
