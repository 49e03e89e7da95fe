package io.meridian.testing.push;

import io.meridian.core.push.PushStore;
import io.meridian.testing.TimeUuidOrder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * {@link PushStore} in memory with {@code CassandraPushStore}'s rules: jobs in notification order,
 * chunks in chunk order, tasks by device then notifier; leases are compare-and-set on rows that
 * exist (renewed by their owner, taken once lapsed before {@code now}, never on a finished chunk);
 * a chunk is created once, and writing a task's token again keeps its outcome. {@link
 * #setAvailable} makes every call fail as Cassandra unreachable would.
 */
public final class MemoryPushStore implements PushStore {
  private record Key(UUID application, UUID notifier) {}

  private record ChunkKey(UUID application, UUID notification, int chunk) {}

  private record TaskKey(UUID device, String notifier) {}

  private static final Comparator<TaskKey> TASK_ORDER =
      Comparator.comparing(TaskKey::device, TimeUuidOrder.ASCENDING)
          .thenComparing(TaskKey::notifier);

  private final Map<Key, byte[]> credentials = new HashMap<>();
  private final TreeMap<UUID, Job> jobs = new TreeMap<>(TimeUuidOrder.ASCENDING);
  private final Map<ChunkKey, Chunk> chunks = new HashMap<>();
  private final Map<ChunkKey, TreeMap<TaskKey, Task>> tasks = new HashMap<>();
  private volatile boolean available = true;
  private volatile boolean queueAvailable = true;

  public void setAvailable(boolean available) {
    this.available = available;
  }

  public void setQueueAvailable(boolean queueAvailable) {
    this.queueAvailable = queueAvailable;
  }

  @Override
  public synchronized void saveCredentials(UUID applicationId, UUID notifier, byte[] wrapped) {
    requireAvailable();
    credentials.put(new Key(applicationId, notifier), wrapped.clone());
  }

  @Override
  public synchronized Optional<byte[]> credentials(UUID applicationId, UUID notifier) {
    requireAvailable();
    return Optional.ofNullable(credentials.get(new Key(applicationId, notifier)))
        .map(byte[]::clone);
  }

  @Override
  public synchronized void deleteCredentials(UUID applicationId, UUID notifier) {
    requireAvailable();
    credentials.remove(new Key(applicationId, notifier));
  }

  /** The insert sets every column but {@code owner}, which a re-enqueued job keeps. */
  @Override
  public synchronized void enqueue(Job job) {
    requireQueueAvailable();
    Job previous = jobs.get(job.notification());
    jobs.put(
        job.notification(),
        new Job(
            job.notification(),
            job.applicationId(),
            job.deliverAt(),
            job.expireAt(),
            job.target(),
            job.payloads(),
            false,
            0,
            0,
            previous == null ? null : previous.owner(),
            0));
  }

  @Override
  public synchronized List<Job> jobs() {
    requireQueueAvailable();
    return List.copyOf(jobs.values());
  }

  @Override
  public synchronized Optional<Job> job(UUID notification) {
    requireQueueAvailable();
    return Optional.ofNullable(jobs.get(notification));
  }

  @Override
  public synchronized boolean claimJob(UUID notification, String owner, long leaseUntil, long now) {
    requireQueueAvailable();
    Job job = jobs.get(notification);
    if (job == null || !(owner.equals(job.owner()) || job.leaseUntil() < now)) {
      return false;
    }
    jobs.put(
        notification,
        new Job(
            job.notification(),
            job.applicationId(),
            job.deliverAt(),
            job.expireAt(),
            job.target(),
            job.payloads(),
            job.expanded(),
            job.chunks(),
            job.expected(),
            owner,
            leaseUntil));
    return true;
  }

  @Override
  public synchronized boolean expanded(UUID notification, String owner, int count, int expected) {
    requireQueueAvailable();
    Job job = jobs.get(notification);
    if (job == null || !owner.equals(job.owner())) {
      return false;
    }
    jobs.put(
        notification,
        new Job(
            job.notification(),
            job.applicationId(),
            job.deliverAt(),
            job.expireAt(),
            job.target(),
            job.payloads(),
            true,
            count,
            expected,
            job.owner(),
            job.leaseUntil()));
    return true;
  }

  @Override
  public synchronized boolean removeJob(UUID notification) {
    requireQueueAvailable();
    return jobs.remove(notification) != null;
  }

  @Override
  public synchronized void createChunk(
      UUID applicationId, UUID notification, int chunk, List<Task> chunkTasks) {
    requireAvailable();
    ChunkKey key = new ChunkKey(applicationId, notification, chunk);
    TreeMap<TaskKey, Task> rows = tasks.computeIfAbsent(key, k -> new TreeMap<>(TASK_ORDER));
    for (Task task : chunkTasks) {
      TaskKey taskKey = new TaskKey(task.device(), task.notifier());
      Task held = rows.get(taskKey);
      rows.put(
          taskKey,
          held == null
              ? task
              : new Task(
                  task.device(),
                  task.notifier(),
                  task.token(),
                  held.state(),
                  held.finished(),
                  held.errorCode(),
                  held.errorMessage(),
                  held.attempts()));
    }
    chunks.putIfAbsent(key, new Chunk(chunk, null, 0, false, 0, 0));
  }

  @Override
  public synchronized List<Chunk> chunks(UUID applicationId, UUID notification) {
    requireAvailable();
    List<Chunk> found = new ArrayList<>();
    chunks.forEach(
        (key, chunk) -> {
          if (key.application().equals(applicationId) && key.notification().equals(notification)) {
            found.add(chunk);
          }
        });
    found.sort(Comparator.comparingInt(Chunk::chunk));
    return found;
  }

  @Override
  public synchronized boolean claimChunk(
      UUID applicationId, UUID notification, int chunk, String owner, long leaseUntil, long now) {
    requireAvailable();
    ChunkKey key = new ChunkKey(applicationId, notification, chunk);
    Chunk held = chunks.get(key);
    if (held == null || held.done() || !(owner.equals(held.owner()) || held.leaseUntil() < now)) {
      return false;
    }
    chunks.put(key, new Chunk(chunk, owner, leaseUntil, false, held.sent(), held.errors()));
    return true;
  }

  @Override
  public synchronized boolean finishChunk(
      UUID applicationId, UUID notification, int chunk, String owner, int sent, int errors) {
    requireAvailable();
    ChunkKey key = new ChunkKey(applicationId, notification, chunk);
    Chunk held = chunks.get(key);
    if (held == null || !owner.equals(held.owner())) {
      return false;
    }
    chunks.put(key, new Chunk(chunk, held.owner(), held.leaseUntil(), true, sent, errors));
    return true;
  }

  @Override
  public synchronized List<Task> tasks(UUID applicationId, UUID notification, int chunk) {
    requireAvailable();
    TreeMap<TaskKey, Task> rows = tasks.get(new ChunkKey(applicationId, notification, chunk));
    return rows == null ? List.of() : List.copyOf(rows.values());
  }

  /** An update: it writes the outcome whether or not the task's row was there. */
  @Override
  public synchronized CompletionStage<Void> record(
      UUID applicationId, UUID notification, int chunk, Task task) {
    if (!available) {
      return CompletableFuture.failedFuture(new IllegalStateException("unavailable"));
    }
    TreeMap<TaskKey, Task> rows =
        tasks.computeIfAbsent(
            new ChunkKey(applicationId, notification, chunk), k -> new TreeMap<>(TASK_ORDER));
    TaskKey key = new TaskKey(task.device(), task.notifier());
    Task held = rows.get(key);
    rows.put(
        key,
        new Task(
            task.device(),
            task.notifier(),
            held == null ? null : held.token(),
            task.state(),
            task.finished(),
            task.errorCode(),
            task.errorMessage(),
            task.attempts()));
    return CompletableFuture.completedFuture(null);
  }

  private void requireQueueAvailable() {
    requireAvailable();
    if (!queueAvailable) {
      throw new IllegalStateException("The push queue is unavailable");
    }
  }

  private void requireAvailable() {
    if (!available) {
      throw new IllegalStateException("The push store is unavailable");
    }
  }
}
