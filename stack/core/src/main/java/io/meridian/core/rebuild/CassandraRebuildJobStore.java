package io.meridian.core.rebuild;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Rebuild jobs in {@code index_rebuilds}: one partition per application, jobs newest first (job ids
 * are time uuids). Jobs are few and small, so records are kept.
 */
public final class CassandraRebuildJobStore implements RebuildJobStore {
  private static final String COLUMNS =
      "app_id, job_id, status, phase, collections_total, collections_done, entities_indexed,"
          + " entries_removed, started_millis, heartbeat_millis, error";

  private final CqlSession session;
  private final PreparedStatement insert;
  private final PreparedStatement selectOne;
  private final PreparedStatement selectNewest;

  public CassandraRebuildJobStore(CqlSession session) {
    this.session = session;
    this.insert =
        session.prepare(
            "INSERT INTO index_rebuilds ("
                + COLUMNS
                + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    this.selectOne =
        session.prepare(
            "SELECT " + COLUMNS + " FROM index_rebuilds WHERE app_id = ? AND job_id = ?");
    this.selectNewest =
        session.prepare("SELECT " + COLUMNS + " FROM index_rebuilds WHERE app_id = ? LIMIT ?");
  }

  @Override
  public void save(RebuildJob job) {
    session.execute(
        insert.bind(
            job.applicationId(),
            job.jobId(),
            job.status(),
            job.phase(),
            job.collectionsTotal(),
            job.collectionsDone(),
            job.entitiesIndexed(),
            job.entriesRemoved(),
            job.startedMillis(),
            job.heartbeatMillis(),
            job.error()));
  }

  @Override
  public Optional<RebuildJob> find(UUID applicationId, UUID jobId) {
    return Optional.ofNullable(session.execute(selectOne.bind(applicationId, jobId)).one())
        .map(CassandraRebuildJobStore::toJob);
  }

  @Override
  public List<RebuildJob> list(UUID applicationId, int limit) {
    List<RebuildJob> jobs = new ArrayList<>();
    if (limit <= 0) {
      return jobs;
    }
    for (Row row : session.execute(selectNewest.bind(applicationId, limit))) {
      jobs.add(toJob(row));
    }
    return jobs;
  }

  private static RebuildJob toJob(Row row) {
    return new RebuildJob(
        row.getUuid("job_id"),
        row.getUuid("app_id"),
        row.getString("status"),
        row.getString("phase"),
        row.getInt("collections_total"),
        row.getInt("collections_done"),
        row.getLong("entities_indexed"),
        row.getLong("entries_removed"),
        row.getLong("started_millis"),
        row.getLong("heartbeat_millis"),
        row.getString("error"));
  }
}
