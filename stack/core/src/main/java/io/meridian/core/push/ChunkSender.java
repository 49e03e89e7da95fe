package io.meridian.core.push;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.Json;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.WriteOptions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends one chunk's tasks, by the node holding the chunk's lease: the tasks without an outcome,
 * {@code concurrency} at a time, each outcome recorded on its task as it comes, the lease renewed
 * every third of its length, and the chunk marked done with its counts. A node that loses the lease
 * stops before its next send.
 *
 * <p>A provider's passing failure is retried after an exponential backoff with jitter, up to {@code
 * maxAttempts}; a token the provider says is gone is recorded {@code unregistered} and marked on
 * its device, so that later notifications skip it.
 */
final class ChunkSender {
  private static final Logger LOG = LoggerFactory.getLogger(PushWorker.class);

  private final PushStore store;
  private final EntityService entities;
  private final NotifierService notifiers;
  private final Map<String, PushProvider> providers;
  private final Clock clock;
  private final String owner;
  private final PushWorker.Settings settings;
  private final ScheduledExecutorService scheduler;

  /**
   * @param scheduler runs the retries after their backoff and the marks of unregistered tokens
   */
  ChunkSender(
      PushStore store,
      EntityService entities,
      NotifierService notifiers,
      Map<String, PushProvider> providers,
      Clock clock,
      String owner,
      PushWorker.Settings settings,
      ScheduledExecutorService scheduler) {
    this.store = store;
    this.entities = entities;
    this.notifiers = notifiers;
    this.providers = Map.copyOf(providers);
    this.clock = clock;
    this.owner = owner;
    this.settings = settings;
    this.scheduler = scheduler;
  }

  /** Sends one chunk's unsent tasks; true if the chunk was finished by this node. */
  boolean send(ApplicationRef app, PushStore.Job job, int chunk) {
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
        if (!renew(job, chunk)) {
          return false;
        }
        renewed = clock.millis();
      }
      if (clock.millis() - renewed > settings.lease().toMillis() / 3) {
        if (!renew(job, chunk)) {
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
      } catch (TimeoutException e) {
        if (!renew(job, chunk)) {
          return false;
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      } catch (ExecutionException e) {
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

  private boolean renew(PushStore.Job job, int chunk) {
    long leaseEnd = clock.millis() + settings.lease().toMillis();
    return store.claimChunk(
        job.applicationId(), job.notification(), chunk, owner, leaseEnd, clock.millis());
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
}
