package io.meridian.core.push;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.common.Json;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.StoredEntity;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Expands a due notification, by the node holding its job's lease, into chunks of tasks: one task
 * per device and notifier with a token, walked in the target's stable order, each chunk written
 * with its tasks before its row so that an expansion run again (after a lost lease) never resets a
 * chunk's progress. The lease is renewed as the walk goes.
 */
final class JobExpansion {
  private final PushStore store;
  private final ApplicationService applications;
  private final EntityService entities;
  private final PushTargets targets;
  private final NotificationProgress progress;
  private final Clock clock;
  private final String owner;
  private final PushWorker.Settings settings;

  JobExpansion(
      PushStore store,
      ApplicationService applications,
      EntityService entities,
      PushTargets targets,
      NotificationProgress progress,
      Clock clock,
      String owner,
      PushWorker.Settings settings) {
    this.store = store;
    this.applications = applications;
    this.entities = entities;
    this.targets = targets;
    this.progress = progress;
    this.clock = clock;
    this.owner = owner;
    this.settings = settings;
  }

  /** Expands the job, whose lease this node holds; an expired or deleted one is dropped. */
  void expand(PushStore.Job job) {
    Optional<ApplicationRef> app = applications.find(job.applicationId());
    Optional<StoredEntity> notification =
        app.flatMap(
            a ->
                entities.find(a, NotificationService.NOTIFICATIONS, job.notification().toString()));
    if (notification.isEmpty()) {
      store.removeJob(job.notification()); // the application or the notification was deleted
      return;
    }
    long now = clock.millis();
    if (job.expireAt() != 0 && job.expireAt() <= now) {
      progress.expired(app.get(), job.notification(), now);
      store.removeJob(job.notification());
      return;
    }
    ObjectNode payloads = Json.parseStoredObject(job.payloads());
    List<String> names = new ArrayList<>();
    payloads.fieldNames().forEachRemaining(names::add);
    List<PushStore.Task> chunk = new ArrayList<>();
    int[] counts = {0, 0}; // chunks, tasks
    long[] renewed = {now};
    targets.devices(
        app.get(),
        PushTarget.fromJson(job.target()),
        device -> {
          for (String name : names) {
            String token = PushTargets.token(device, name);
            if (token != null) {
              chunk.add(PushStore.Task.pending(device.uuid(), name, token));
              counts[1]++;
            }
          }
          if (chunk.size() >= settings.chunkSize()) {
            store.createChunk(
                job.applicationId(), job.notification(), counts[0]++, List.copyOf(chunk));
            chunk.clear();
            renewed[0] = renew(job, renewed[0]);
          }
        });
    if (!chunk.isEmpty()) {
      store.createChunk(job.applicationId(), job.notification(), counts[0]++, List.copyOf(chunk));
    }
    if (!store.expanded(job.notification(), owner, counts[0], counts[1])) {
      return; // lost the lease: the new holder expands again
    }
    progress.started(app.get(), job.notification(), counts[1]);
    if (counts[0] == 0) {
      progress.finished(app.get(), job.notification(), List.of());
    }
  }

  /** Renews the job's lease once a third of it has passed since {@code last}; when it last was. */
  private long renew(PushStore.Job job, long last) {
    long now = clock.millis();
    if (now - last > settings.lease().toMillis() / 3) {
      store.claimJob(job.notification(), owner, clock.millis() + settings.lease().toMillis(), now);
      return now;
    }
    return last;
  }
}
