package io.meridian.core.push;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.common.DaemonThreads;
import io.meridian.core.common.Json;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.entity.WriteOptions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends queued notifications; one per node, all nodes alike. Each poll it looks at the queue: a due
 * job not yet expanded is expanded by the node that wins its lease; a chunk of an expanded job is
 * sent by the node that wins the chunk's lease; the node that sees every chunk done finishes the
 * notification. A lease is renewed while its work runs; one that lapses (its node died or stalled)
 * is taken over, and the new holder sends only the tasks without an outcome.
 *
 * <p>So a task is sent twice only if its sender died (or lost its lease) after the provider
 * accepted it and before its outcome was recorded: at most {@code concurrency} tasks per chunk
 * being sent at that moment. Every send of one notification carries the same collapse id, so where
 * the provider honours it the device shows the notification once.
 */
public final class PushWorker implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(PushWorker.class);

  /** Tunables; see {@code meridian.push.*} in the configuration reference. */
  public record Settings(
      Duration poll,
      Duration lease,
      int chunkSize,
      int concurrency,
      int maxAttempts,
      Duration backoff,
      Duration maxBackoff) {}

  private final PushStore store;
  private final ApplicationService applications;
  private final EntityService entities;
  private final NotifierService notifiers;
  private final PushTargets targets;
  private final Map<String, PushProvider> providers;
  private final Clock clock;
  private final String owner;
  private final Settings settings;
  private final ScheduledExecutorService scheduler;
  private final AtomicBoolean running = new AtomicBoolean();

  public PushWorker(
      PushStore store,
      ApplicationService applications,
      EntityService entities,
      io.meridian.core.entity.EntityQueries queries,
      io.meridian.core.identity.access.RoleService roles,
      NotifierService notifiers,
      Map<String, PushProvider> providers,
      Clock clock,
      String owner,
      Settings settings) {
    this.store = store;
    this.applications = applications;
    this.entities = entities;
    this.notifiers = notifiers;
    this.targets = new PushTargets(entities, queries, roles);
    this.providers = Map.copyOf(providers);
    this.clock = clock;
    this.owner = owner;
    this.settings = settings;
    this.scheduler = Executors.newScheduledThreadPool(2, DaemonThreads.named("meridian-push"));
  }

  public void start() {
    if (running.compareAndSet(false, true)) {
      scheduler.scheduleWithFixedDelay(
          this::pollSafely, 0, settings.poll().toMillis(), TimeUnit.MILLISECONDS);
    }
  }

  private void pollSafely() {
    try {
      poll();
    } catch (RuntimeException e) {
      LOG.warn("Push queue poll failed; retrying at the next poll: {}", e.toString());
    }
  }

  /** One pass over the queue: expands, sends and finishes whatever this node wins. */
  void poll() {
    List<PushStore.Job> jobs = new ArrayList<>(store.jobs());
    Collections.shuffle(jobs); // nodes start on different jobs, so their claims rarely collide
    for (PushStore.Job job : jobs) {
      long now = clock.millis();
      if (job.deliverAt() > now) {
        continue;
      }
      if (!job.expanded()) {
        if (job.leaseUntil() < now && store.claimJob(job.notification(), owner, leaseEnd(), now)) {
          expand(job);
        }
      } else {
        sendChunks(job);
      }
    }
  }

  private void expand(PushStore.Job job) {
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
      update(
          app.get(),
          job.notification(),
          Json.object().put("state", "EXPIRED").put("finished", now));
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
            renewed[0] = renewJob(job, renewed[0]);
          }
        });
    if (!chunk.isEmpty()) {
      store.createChunk(job.applicationId(), job.notification(), counts[0]++, List.copyOf(chunk));
    }
    if (!store.expanded(job.notification(), owner, counts[0], counts[1])) {
      return; // lost the lease: the new holder expands again
    }
    long started = clock.millis();
    update(
        app.get(),
        job.notification(),
        Json.object()
            .put("state", "STARTED")
            .put("started", started)
            .put("expectedCount", counts[1]));
    if (counts[0] == 0) {
      finish(app.get(), job.notification(), List.of());
    }
  }

  private long renewJob(PushStore.Job job, long last) {
    long now = clock.millis();
    if (now - last > settings.lease().toMillis() / 3) {
      store.claimJob(job.notification(), owner, leaseEnd(), now);
      return now;
    }
    return last;
  }

  private void sendChunks(PushStore.Job job) {
    List<PushStore.Chunk> chunks =
        new ArrayList<>(store.chunks(job.applicationId(), job.notification()));
    if (chunks.size() < job.chunks()) {
      return; // not all visible yet
    }
    int offset = chunks.isEmpty() ? 0 : ThreadLocalRandom.current().nextInt(chunks.size());
    Collections.rotate(chunks, -offset);
    boolean allDone = true;
    for (PushStore.Chunk chunk : chunks) {
      if (chunk.done()) {
        continue;
      }
      long now = clock.millis();
      if (chunk.leaseUntil() < now
          && store.claimChunk(
              job.applicationId(), job.notification(), chunk.chunk(), owner, leaseEnd(), now)) {
        allDone &= send(job, chunk.chunk());
      } else {
        allDone = false;
      }
    }
    if (allDone) {
      List<PushStore.Chunk> finished = store.chunks(job.applicationId(), job.notification());
      if (finished.stream().allMatch(PushStore.Chunk::done)) {
        applications
            .find(job.applicationId())
            .ifPresent(app -> finish(app, job.notification(), finished));
        store.removeJob(job.notification());
      }
    }
  }

  /** Sends one chunk's unsent tasks; true if the chunk was finished by this node. */
  private boolean send(PushStore.Job job, int chunk) {
    Optional<ApplicationRef> found = applications.find(job.applicationId());
    if (found.isEmpty()) {
      store.removeJob(job.notification());
      return false;
    }
    ApplicationRef app = found.get();
    List<PushStore.Task> tasks = store.tasks(job.applicationId(), job.notification(), chunk);
    ObjectNode payloads = Json.parseStoredObject(job.payloads());
    Map<String, Optional<Notifier>> loaded = new HashMap<>();
    Semaphore window = new Semaphore(settings.concurrency());
    List<CompletableFuture<PushStore.Task>> results = new ArrayList<>();
    long renewed = clock.millis();
    for (PushStore.Task task : tasks) {
      if (task.done()) {
        results.add(CompletableFuture.completedFuture(task));
        continue;
      }
      while (true) {
        try {
          if (window.tryAcquire(settings.lease().toMillis() / 4, TimeUnit.MILLISECONDS)) {
            break;
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return false;
        }
        if (!renewChunk(job, chunk)) {
          return false;
        }
        renewed = clock.millis();
      }
      if (clock.millis() - renewed > settings.lease().toMillis() / 3) {
        if (!renewChunk(job, chunk)) {
          window.release();
          return false;
        }
        renewed = clock.millis();
      }
      Optional<Notifier> notifier =
          loaded.computeIfAbsent(task.notifier(), name -> notifiers.load(app, name));
      CompletableFuture<PushStore.Task> result =
          attempt(app, job, notifier, task, payloads.get(task.notifier()), 1)
              .thenCompose(
                  done ->
                      store
                          .record(job.applicationId(), job.notification(), chunk, done)
                          .thenApply(ignored -> done)
                          .toCompletableFuture());
      result.whenComplete((done, error) -> window.release());
      results.add(result);
    }
    while (true) {
      try {
        CompletableFuture.allOf(results.toArray(CompletableFuture[]::new))
            .get(settings.lease().toMillis() / 3, TimeUnit.MILLISECONDS);
        break;
      } catch (java.util.concurrent.TimeoutException e) {
        if (!renewChunk(job, chunk)) {
          return false;
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      } catch (java.util.concurrent.ExecutionException e) {
        LOG.warn(
            "Recording push outcomes failed; the chunk will be taken over: {}",
            e.getCause().toString());
        return false;
      }
    }
    int sent = 0;
    int errors = 0;
    for (CompletableFuture<PushStore.Task> result : results) {
      if ("sent".equals(result.join().state())) {
        sent++;
      } else {
        errors++;
      }
    }
    return store.finishChunk(job.applicationId(), job.notification(), chunk, owner, sent, errors);
  }

  private boolean renewChunk(PushStore.Job job, int chunk) {
    return store.claimChunk(
        job.applicationId(), job.notification(), chunk, owner, leaseEnd(), clock.millis());
  }

  /** One send and, after a passing failure, the next ones with exponential backoff. */
  private CompletableFuture<PushStore.Task> attempt(
      ApplicationRef app,
      PushStore.Job job,
      Optional<Notifier> notifier,
      PushStore.Task task,
      JsonNode payload,
      int attempt) {
    long now = clock.millis();
    if (notifier.isEmpty()) {
      return CompletableFuture.completedFuture(
          task.outcome(
              "failed", now, "notifier_not_found", "The notifier was deleted", attempt - 1));
    }
    if (job.expireAt() != 0 && job.expireAt() <= now) {
      return CompletableFuture.completedFuture(
          task.outcome("expired", now, "expired", "Expired before it could be sent", attempt - 1));
    }
    PushProvider provider = providers.get(notifier.get().provider());
    if (provider == null || payload == null) {
      return CompletableFuture.completedFuture(
          task.outcome("failed", now, "provider_unavailable", "No such provider", attempt - 1));
    }
    Instant expire = job.expireAt() == 0 ? null : Instant.ofEpochMilli(job.expireAt());
    return provider
        .send(notifier.get(), task.token(), payload, job.notification().toString(), expire)
        .exceptionally(e -> PushProvider.Outcome.retry("send_failed", e.toString(), null))
        .thenCompose(
            outcome ->
                switch (outcome.kind()) {
                  case SENT ->
                      CompletableFuture.completedFuture(
                          task.outcome("sent", clock.millis(), null, null, attempt));
                  case FAILED ->
                      CompletableFuture.completedFuture(
                          task.outcome(
                              "failed",
                              clock.millis(),
                              outcome.code(),
                              outcome.message(),
                              attempt));
                  case UNREGISTERED -> {
                    markUnregistered(app, task);
                    yield CompletableFuture.completedFuture(
                        task.outcome(
                            "unregistered",
                            clock.millis(),
                            outcome.code(),
                            outcome.message(),
                            attempt));
                  }
                  case RETRY -> {
                    if (attempt >= settings.maxAttempts()) {
                      yield CompletableFuture.completedFuture(
                          task.outcome(
                              "failed",
                              clock.millis(),
                              outcome.code(),
                              "Gave up after " + attempt + " attempts: " + outcome.message(),
                              attempt));
                    }
                    long delay = backoff(attempt, outcome.retryAfter());
                    CompletableFuture<PushStore.Task> later = new CompletableFuture<>();
                    scheduler.schedule(
                        () ->
                            attempt(app, job, notifier, task, payload, attempt + 1)
                                .whenComplete(
                                    (t, e) -> {
                                      if (e != null) {
                                        later.completeExceptionally(e);
                                      } else {
                                        later.complete(t);
                                      }
                                    }),
                        delay,
                        TimeUnit.MILLISECONDS);
                    yield later;
                  }
                });
  }

  /** Exponential with full jitter, at least what the provider asked for, at most the cap. */
  long backoff(int attempt, Duration retryAfter) {
    long base = settings.backoff().toMillis() << Math.min(attempt - 1, 20);
    long capped = Math.min(base, settings.maxBackoff().toMillis());
    long jittered = capped / 2 + ThreadLocalRandom.current().nextLong(capped / 2 + 1);
    long asked =
        retryAfter == null ? 0 : Math.min(retryAfter.toMillis(), settings.maxBackoff().toMillis());
    return Math.max(jittered, asked);
  }

  /** Remembers on the device which token the provider refused, so no later send uses it. */
  private void markUnregistered(ApplicationRef app, PushStore.Task task) {
    scheduler.execute(
        () -> {
          try {
            entities.update(
                app,
                NotificationService.DEVICES,
                task.device().toString(),
                Json.object().put(task.notifier() + ".notifier.unregistered", task.token()),
                WriteOptions.EVENTUAL);
          } catch (RuntimeException e) {
            LOG.debug("Could not mark device {} unregistered: {}", task.device(), e.toString());
          }
        });
  }

  private void finish(ApplicationRef app, UUID notification, List<PushStore.Chunk> chunks) {
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

  private long leaseEnd() {
    return clock.millis() + settings.lease().toMillis();
  }

  @Override
  public void close() {
    scheduler.shutdownNow();
  }
}
