package io.meridian.core.push;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.Statement;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletionStage;

/**
 * {@link PushStore} on Cassandra. Jobs share one partition (a handful wait at a time; a finished
 * job is deleted); a notification's chunks are one partition, each chunk's tasks another, so a
 * chunk is read and recorded within one partition. Leases are lightweight transactions read back at
 * serial consistency.
 */
public final class CassandraPushStore implements PushStore {
  private static final int QUEUE = 0;
  private static final int BATCH = 100;

  private final CqlSession session;
  private final PreparedStatement saveCredentials;
  private final PreparedStatement selectCredentials;
  private final PreparedStatement deleteCredentials;
  private final PreparedStatement insertJob;
  private final PreparedStatement selectJobs;
  private final PreparedStatement selectJob;
  private final PreparedStatement claimFreeJob;
  private final PreparedStatement renewJob;
  private final PreparedStatement expandJob;
  private final PreparedStatement deleteJob;
  private final PreparedStatement insertChunk;
  private final PreparedStatement selectChunks;
  private final PreparedStatement claimFreeChunk;
  private final PreparedStatement renewChunk;
  private final PreparedStatement finishChunk;
  private final PreparedStatement insertTask;
  private final PreparedStatement selectTasks;
  private final PreparedStatement recordTask;

  public CassandraPushStore(CqlSession session) {
    this.session = session;
    saveCredentials =
        session.prepare("INSERT INTO push_credentials (app_id, notifier, value) VALUES (?, ?, ?)");
    selectCredentials =
        session.prepare("SELECT value FROM push_credentials WHERE app_id = ? AND notifier = ?");
    deleteCredentials =
        session.prepare("DELETE FROM push_credentials WHERE app_id = ? AND notifier = ?");
    insertJob =
        session.prepare(
            "INSERT INTO push_jobs (queue, notification, app_id, deliver_at, expire_at, target,"
                + " payloads, expanded, chunks, expected, lease_until)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, false, 0, 0, 0)");
    String jobColumns =
        "notification, app_id, deliver_at, expire_at, target, payloads, expanded, chunks,"
            + " expected, owner, lease_until";
    selectJobs = session.prepare("SELECT " + jobColumns + " FROM push_jobs WHERE queue = ?");
    selectJob =
        session.prepare(
            "SELECT " + jobColumns + " FROM push_jobs WHERE queue = ? AND notification = ?");
    claimFreeJob =
        session.prepare(
            "UPDATE push_jobs SET owner = ?, lease_until = ? WHERE queue = ? AND notification = ?"
                + " IF lease_until < ?");
    renewJob =
        session.prepare(
            "UPDATE push_jobs SET lease_until = ? WHERE queue = ? AND notification = ?"
                + " IF owner = ?");
    expandJob =
        session.prepare(
            "UPDATE push_jobs SET expanded = true, chunks = ?, expected = ?"
                + " WHERE queue = ? AND notification = ? IF owner = ?");
    deleteJob =
        session.prepare("DELETE FROM push_jobs WHERE queue = ? AND notification = ? IF EXISTS");
    insertChunk =
        session.prepare(
            "INSERT INTO push_chunks (app_id, notification, chunk, done, sent, errors, lease_until)"
                + " VALUES (?, ?, ?, false, 0, 0, 0) IF NOT EXISTS");
    selectChunks =
        session.prepare(
            "SELECT chunk, owner, lease_until, done, sent, errors FROM push_chunks"
                + " WHERE app_id = ? AND notification = ?");
    claimFreeChunk =
        session.prepare(
            "UPDATE push_chunks SET owner = ?, lease_until = ?"
                + " WHERE app_id = ? AND notification = ? AND chunk = ?"
                + " IF done = false AND lease_until < ?");
    renewChunk =
        session.prepare(
            "UPDATE push_chunks SET lease_until = ?"
                + " WHERE app_id = ? AND notification = ? AND chunk = ?"
                + " IF done = false AND owner = ?");
    finishChunk =
        session.prepare(
            "UPDATE push_chunks SET done = true, sent = ?, errors = ?"
                + " WHERE app_id = ? AND notification = ? AND chunk = ? IF owner = ?");
    insertTask =
        session.prepare(
            "INSERT INTO push_tasks (app_id, notification, chunk, device, notifier, device_token)"
                + " VALUES (?, ?, ?, ?, ?, ?)");
    selectTasks =
        session.prepare(
            "SELECT device, notifier, device_token, state, finished, error_code, error_message, attempts"
                + " FROM push_tasks WHERE app_id = ? AND notification = ? AND chunk = ?");
    recordTask =
        session.prepare(
            "UPDATE push_tasks SET state = ?, finished = ?, error_code = ?, error_message = ?,"
                + " attempts = ? WHERE app_id = ? AND notification = ? AND chunk = ?"
                + " AND device = ? AND notifier = ?");
  }

  @Override
  public void saveCredentials(UUID applicationId, UUID notifier, byte[] wrapped) {
    session.execute(saveCredentials.bind(applicationId, notifier, ByteBuffer.wrap(wrapped)));
  }

  @Override
  public Optional<byte[]> credentials(UUID applicationId, UUID notifier) {
    Row row = session.execute(selectCredentials.bind(applicationId, notifier)).one();
    if (row == null) {
      return Optional.empty();
    }
    ByteBuffer value = row.getByteBuffer("value");
    byte[] bytes = new byte[value.remaining()];
    value.get(bytes);
    return Optional.of(bytes);
  }

  @Override
  public void deleteCredentials(UUID applicationId, UUID notifier) {
    session.execute(deleteCredentials.bind(applicationId, notifier));
  }

  @Override
  public void enqueue(Job job) {
    session.execute(
        insertJob.bind(
            QUEUE,
            job.notification(),
            job.applicationId(),
            job.deliverAt(),
            job.expireAt(),
            job.target(),
            job.payloads()));
  }

  @Override
  public List<Job> jobs() {
    List<Job> jobs = new ArrayList<>();
    for (Row row : session.execute(serialRead(selectJobs.bind(QUEUE)))) {
      jobs.add(job(row));
    }
    return jobs;
  }

  @Override
  public Optional<Job> job(UUID notification) {
    return Optional.ofNullable(
            session.execute(serialRead(selectJob.bind(QUEUE, notification))).one())
        .map(CassandraPushStore::job);
  }

  @Override
  public boolean claimJob(UUID notification, String owner, long leaseUntil, long now) {
    return applied(renewJob.bind(leaseUntil, QUEUE, notification, owner))
        || applied(claimFreeJob.bind(owner, leaseUntil, QUEUE, notification, now));
  }

  @Override
  public boolean expanded(UUID notification, String owner, int chunks, int expected) {
    return applied(expandJob.bind(chunks, expected, QUEUE, notification, owner));
  }

  @Override
  public boolean removeJob(UUID notification) {
    return applied(deleteJob.bind(QUEUE, notification));
  }

  @Override
  public void createChunk(UUID applicationId, UUID notification, int chunk, List<Task> tasks) {
    // Tasks first: a chunk row that exists always has its tasks. Rewriting a task's token keeps
    // its outcome columns, so a second expansion never forgets what was sent.
    for (int from = 0; from < tasks.size(); from += BATCH) {
      BatchStatementBuilder batch = BatchStatement.builder(DefaultBatchType.UNLOGGED);
      for (Task task : tasks.subList(from, Math.min(tasks.size(), from + BATCH))) {
        batch.addStatement(
            insertTask.bind(
                applicationId, notification, chunk, task.device(), task.notifier(), task.token()));
      }
      session.execute(batch.build());
    }
    session.execute(serial(insertChunk.bind(applicationId, notification, chunk)));
  }

  @Override
  public List<Chunk> chunks(UUID applicationId, UUID notification) {
    List<Chunk> chunks = new ArrayList<>();
    for (Row row : session.execute(serialRead(selectChunks.bind(applicationId, notification)))) {
      chunks.add(
          new Chunk(
              row.getInt("chunk"),
              row.getString("owner"),
              row.getLong("lease_until"),
              row.getBoolean("done"),
              row.getInt("sent"),
              row.getInt("errors")));
    }
    return chunks;
  }

  @Override
  public boolean claimChunk(
      UUID applicationId, UUID notification, int chunk, String owner, long leaseUntil, long now) {
    return applied(renewChunk.bind(leaseUntil, applicationId, notification, chunk, owner))
        || applied(claimFreeChunk.bind(owner, leaseUntil, applicationId, notification, chunk, now));
  }

  @Override
  public boolean finishChunk(
      UUID applicationId, UUID notification, int chunk, String owner, int sent, int errors) {
    return applied(finishChunk.bind(sent, errors, applicationId, notification, chunk, owner));
  }

  @Override
  public List<Task> tasks(UUID applicationId, UUID notification, int chunk) {
    List<Task> tasks = new ArrayList<>();
    for (Row row : session.execute(selectTasks.bind(applicationId, notification, chunk))) {
      tasks.add(
          new Task(
              row.getUuid("device"),
              row.getString("notifier"),
              row.getString("device_token"),
              row.getString("state"),
              row.getLong("finished"),
              row.getString("error_code"),
              row.getString("error_message"),
              row.getInt("attempts")));
    }
    return tasks;
  }

  @Override
  public CompletionStage<Void> record(UUID applicationId, UUID notification, int chunk, Task task) {
    return session
        .executeAsync(
            recordTask.bind(
                task.state(),
                task.finished(),
                task.errorCode(),
                task.errorMessage(),
                task.attempts(),
                applicationId,
                notification,
                chunk,
                task.device(),
                task.notifier()))
        .thenApply(result -> null);
  }

  private static Job job(Row row) {
    return new Job(
        row.getUuid("notification"),
        row.getUuid("app_id"),
        row.getLong("deliver_at"),
        row.getLong("expire_at"),
        row.getString("target"),
        row.getString("payloads"),
        row.getBoolean("expanded"),
        row.getInt("chunks"),
        row.getInt("expected"),
        row.getString("owner"),
        row.getLong("lease_until"));
  }

  private boolean applied(Statement<?> statement) {
    return session.execute(serial(statement)).wasApplied();
  }

  private static Statement<?> serial(Statement<?> statement) {
    return statement.setSerialConsistencyLevel(ConsistencyLevel.SERIAL);
  }

  /** Reads leases at SERIAL: sees a compare-and-set that won even while it is being committed. */
  private static Statement<?> serialRead(Statement<?> statement) {
    return statement.setConsistencyLevel(ConsistencyLevel.SERIAL);
  }
}
