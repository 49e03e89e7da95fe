package io.meridian.core.rebuild;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import io.meridian.core.CassandraTestSession;
import io.meridian.core.common.TimeUuidGenerator;
import java.time.Clock;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class CassandraRebuildJobStoreIT {
  private static CqlSession session;
  private static CassandraRebuildJobStore store;
  private final TimeUuidGenerator ids = new TimeUuidGenerator(Clock.systemUTC());
  private final UUID app = ids.newTimeUuid();

  @BeforeAll
  static void connect() {
    session = CassandraTestSession.open();
    store = new CassandraRebuildJobStore(session);
  }

  @AfterAll
  static void disconnect() {
    session.close();
  }

  private RebuildJob running(UUID jobId) {
    return new RebuildJob(jobId, app, "running", "reindexing", 3, 0, 0L, 0L, 1000L, 1000L, null);
  }

  @Test
  void a_saved_job_is_found_and_overwritten_by_its_next_save() {
    UUID jobId = ids.newTimeUuid();
    store.save(running(jobId));
    RebuildJob failed =
        new RebuildJob(jobId, app, "failed", "pruning", 3, 3, 1234L, 5L, 1000L, 9000L, "boom");

    store.save(failed);

    assertThat(store.find(app, jobId)).contains(failed);
    assertThat(store.find(app, ids.newTimeUuid())).isEmpty();
    assertThat(store.find(ids.newTimeUuid(), jobId)).isEmpty();
  }

  @Test
  void lists_an_applications_jobs_newest_first_up_to_the_limit() {
    UUID oldest = ids.newTimeUuid();
    UUID middle = ids.newTimeUuid();
    UUID newest = ids.newTimeUuid();
    store.save(running(middle));
    store.save(running(newest));
    store.save(running(oldest));

    assertThat(store.list(app, 10))
        .extracting(RebuildJob::jobId)
        .containsExactly(newest, middle, oldest);
    assertThat(store.list(app, 2)).extracting(RebuildJob::jobId).containsExactly(newest, middle);
    assertThat(store.list(ids.newTimeUuid(), 10)).isEmpty();
  }
}
