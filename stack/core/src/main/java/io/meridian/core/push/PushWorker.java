package io.meridian.core.push;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.common.DaemonThreads;
import io.meridian.core.entity.EntityService;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
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
 *
 * <p>This class claims the work; expanding a job is {@link JobExpansion}'s, sending a chunk {@link
 * ChunkSender}'s, and the notification's state as clients see it {@link NotificationProgress}'s.
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
  private final Clock clock;
  private final String owner;
  private final Settings settings;
  private final ScheduledExecutorService scheduler;
  private final NotificationProgress progress;
  private final JobExpansion expansion;
  private final ChunkSender sender;
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
    this.clock = clock;
    this.owner = owner;
    this.settings = settings;
    this.scheduler = Executors.newScheduledThreadPool(2, DaemonThreads.named("meridian-push"));
    this.progress = new NotificationProgress(entities, clock);
    PushTargets targets = new PushTargets(entities, queries, roles);
    this.expansion =
        new JobExpansion(store, applications, entities, targets, progress, clock, owner, settings);
    this.sender =
        new ChunkSender(store, entities, notifiers, providers, clock, owner, settings, scheduler);
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
          expansion.expand(job);
        }
      } else {
        sendChunks(job);
      }
    }
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
            .ifPresent(app -> progress.finished(app, job.notification(), finished));
        store.removeJob(job.notification());
      }
    }
  }

  /** Sends one chunk this node holds; true if the chunk was finished by this node. */
  private boolean send(PushStore.Job job, int chunk) {
    Optional<ApplicationRef> app = applications.find(job.applicationId());
    if (app.isEmpty()) {
      store.removeJob(job.notification());
      return false;
    }
    return sender.send(app.get(), job, chunk);
  }

  /** Exponential with full jitter, at least what the provider asked for, at most the cap. */
  long backoff(int attempt, Duration retryAfter) {
    return sender.backoff(attempt, retryAfter);
  }

  private long leaseEnd() {
    return clock.millis() + settings.lease().toMillis();
  }

  @Override
  public void close() {
    scheduler.shutdownNow();
  }
}
