package io.meridian.core.rebuild;

import java.util.UUID;

/**
 * An index rebuild of one application, as recorded for any node to report.
 *
 * @param phase {@code reindexing} (entities from Cassandra into the index), {@code pruning} (index
 *     entries whose entity is gone) or {@code done}
 * @param status {@code running}, {@code completed} or {@code failed}
 * @param heartbeatMillis last time the running node recorded progress; a running job whose
 *     heartbeat is old was abandoned by a node that died
 */
public record RebuildJob(
    UUID jobId,
    UUID applicationId,
    String status,
    String phase,
    int collectionsTotal,
    int collectionsDone,
    long entitiesIndexed,
    long entriesRemoved,
    long startedMillis,
    long heartbeatMillis,
    String error) {

  /** This job, no longer running: {@code completed}, {@code failed} or {@code abandoned}. */
  public RebuildJob ended(String endStatus, String endError) {
    return new RebuildJob(
        jobId,
        applicationId,
        endStatus,
        phase,
        collectionsTotal,
        collectionsDone,
        entitiesIndexed,
        entriesRemoved,
        startedMillis,
        heartbeatMillis,
        endError);
  }
}
