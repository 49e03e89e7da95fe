package io.meridian.core.rebuild;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Where rebuild jobs and their progress are kept (Cassandra), so any node can report them. */
public interface RebuildJobStore {

  /** Inserts or overwrites the job's record. */
  void save(RebuildJob job);

  Optional<RebuildJob> find(UUID applicationId, UUID jobId);

  /** The application's jobs, newest first, at most {@code limit}. */
  List<RebuildJob> list(UUID applicationId, int limit);
}
