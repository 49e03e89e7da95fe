package io.meridian.testing.rebuild;

import io.meridian.core.rebuild.RebuildJob;
import io.meridian.core.rebuild.RebuildJobStore;
import io.meridian.testing.TimeUuidOrder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;

/**
 * {@link RebuildJobStore} in memory with {@code CassandraRebuildJobStore}'s layout: an
 * application's jobs newest first (job ids are time uuids), a save overwriting the job's record.
 * Keeps every save in order too, so a test can follow a job's progress.
 */
public final class MemoryRebuildJobStore implements RebuildJobStore {
  private final Map<UUID, TreeMap<UUID, RebuildJob>> jobs = new HashMap<>();
  private final List<RebuildJob> saves = new ArrayList<>();

  @Override
  public synchronized void save(RebuildJob job) {
    jobs.computeIfAbsent(job.applicationId(), app -> new TreeMap<>(TimeUuidOrder.DESCENDING))
        .put(job.jobId(), job);
    saves.add(job);
  }

  @Override
  public synchronized Optional<RebuildJob> find(UUID applicationId, UUID jobId) {
    return Optional.ofNullable(jobs.getOrDefault(applicationId, new TreeMap<>()).get(jobId));
  }

  @Override
  public synchronized List<RebuildJob> list(UUID applicationId, int limit) {
    return jobs.getOrDefault(applicationId, new TreeMap<>()).values().stream()
        .limit(Math.max(0, limit))
        .toList();
  }

  /** Every record saved, oldest first. */
  public synchronized List<RebuildJob> saves() {
    return List.copyOf(saves);
  }
}
