package io.meridian.core.push;

import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletionStage;

/**
 * The durable push queue and the notifiers' encrypted credentials.
 *
 * <p>A notification waits as a <em>job</em> until it is due; the node holding the job's lease
 * expands its target into <em>chunks</em> of <em>tasks</em> (one per device and notifier); any node
 * may then hold a chunk's lease and send its tasks, recording each outcome on the task. Leases are
 * compare-and-set writes that expire at {@code leaseUntil}, so the holder of a chunk is unique
 * while its lease runs, and a dead holder's chunk is taken over once it lapses.
 */
public interface PushStore {

  void saveCredentials(UUID applicationId, UUID notifier, byte[] wrapped);

  Optional<byte[]> credentials(UUID applicationId, UUID notifier);

  void deleteCredentials(UUID applicationId, UUID notifier);

  void enqueue(Job job);

  /** Every queued job: due or not, expanded or not. */
  List<Job> jobs();

  Optional<Job> job(UUID notification);

  /** Takes or renews a job's lease: free, lapsed before {@code now}, or already this owner's. */
  boolean claimJob(UUID notification, String owner, long leaseUntil, long now);

  /**
   * Records that expansion made {@code chunks} chunks; only while {@code owner} holds the lease.
   */
  boolean expanded(UUID notification, String owner, int chunks, int expected);

  /** Removes a job once; false if it is already gone. */
  boolean removeJob(UUID notification);

  /** Creates a chunk unless it exists (a second expansion never resets a chunk's progress). */
  void createChunk(UUID applicationId, UUID notification, int chunk, List<Task> tasks);

  List<Chunk> chunks(UUID applicationId, UUID notification);

  /** Takes or renews a chunk's lease, as {@link #claimJob}; never a finished chunk. */
  boolean claimChunk(
      UUID applicationId, UUID notification, int chunk, String owner, long leaseUntil, long now);

  /** Marks a chunk finished with its counts; only while {@code owner} holds its lease. */
  boolean finishChunk(
      UUID applicationId, UUID notification, int chunk, String owner, int sent, int errors);

  List<Task> tasks(UUID applicationId, UUID notification, int chunk);

  /** Records a task's outcome: the receipt. */
  CompletionStage<Void> record(UUID applicationId, UUID notification, int chunk, Task task);

  /** A notification waiting to be sent, or being sent. */
  record Job(
      UUID notification,
      UUID applicationId,
      long deliverAt,
      long expireAt,
      String target,
      String payloads,
      boolean expanded,
      int chunks,
      int expected,
      String owner,
      long leaseUntil) {}

  /** A slice of a notification's tasks, sent by one node at a time. */
  record Chunk(int chunk, String owner, long leaseUntil, boolean done, int sent, int errors) {}

  /**
   * One device to send to through one notifier, and its outcome once known.
   *
   * @param state null until sent; then {@code sent}, {@code failed}, {@code unregistered} or {@code
   *     expired}
   */
  record Task(
      UUID device,
      String notifier,
      String token,
      String state,
      long finished,
      String errorCode,
      String errorMessage,
      int attempts) {

    public static Task pending(UUID device, String notifier, String token) {
      return new Task(device, notifier, token, null, 0, null, null, 0);
    }

    public boolean done() {
      return state != null;
    }

    public Task outcome(String state, long finished, String code, String message, int attempts) {
      return new Task(device, notifier, token, state, finished, code, message, attempts);
    }
  }
}
