package io.meridian.core.rebuild;

import static io.meridian.testing.Bodies.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.entity.WriteOptions;
import io.meridian.core.index.IndexOperation;
import io.meridian.testing.Bodies;
import io.meridian.testing.DirectExecutorService;
import io.meridian.testing.MemoryCore;
import io.meridian.testing.rebuild.MemoryRebuildJobStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class IndexRebuilderTest {
  private static final CollectionName DOGS = CollectionName.of("dogs");
  private static final CollectionName CATS = CollectionName.of("cats");

  private final MemoryCore core = new MemoryCore();
  private final MemoryRebuildJobStore jobs = new MemoryRebuildJobStore();
  private final IndexRebuilder rebuilder =
      new IndexRebuilder(
          core.store, core.index, jobs, core.ids, core.clock, new DirectExecutorService());

  @AfterEach
  void close() {
    rebuilder.close();
  }

  private StoredEntity post(CollectionName collection, String body) {
    return core.entities
        .create(core.app, collection, List.of(json(body)), WriteOptions.DEFAULT)
        .get(0);
  }

  @Test
  void a_rebuild_indexes_every_entity_of_every_collection_and_prunes_entries_of_gone_ones() {
    core.index.setAvailable(false);
    StoredEntity rex = post(DOGS, "{'name': 'rex'}");
    core.index.setAvailable(true);
    StoredEntity tom = post(CATS, "{'name': 'tom'}");
    UUID ghost = core.ids.newTimeUuid();
    core.index.apply(
        List.of(new IndexOperation.Upsert(core.app.id(), "dogs", ghost, 7, Bodies.of(rex))));
    core.clock.advance(Duration.ofSeconds(3));

    RebuildJob started = rebuilder.start(core.app);

    RebuildJob done = rebuilder.find(core.app, started.jobId()).orElseThrow();
    assertThat(started.status()).isEqualTo("running");
    assertThat(done.status()).isEqualTo("completed");
    assertThat(done.phase()).isEqualTo("done");
    assertThat(done.collectionsTotal()).isEqualTo(2);
    assertThat(done.collectionsDone()).isEqualTo(2);
    assertThat(done.entitiesIndexed()).isEqualTo(2);
    assertThat(done.entriesRemoved()).isEqualTo(1);
    assertThat(done.startedMillis()).isEqualTo(MemoryCore.START.plusSeconds(3).toEpochMilli());
    assertThat(done.error()).isNull();
    assertThat(core.index.version(rex.uuid())).contains(rex.version());
    assertThat(core.index.holds(tom.uuid())).isTrue();
    assertThat(core.index.holds(ghost)).isFalse();
    assertThat(core.index.version(ghost)).contains(8L);
    assertThat(core.index.refreshes()).isEqualTo(1);
    assertThat(jobs.saves())
        .extracting(RebuildJob::phase)
        .contains("reindexing", "pruning", "done");
  }

  @Test
  void a_newer_version_the_index_holds_is_never_undone() {
    StoredEntity rex = post(DOGS, "{'name': 'rex'}");
    core.index.apply(
        List.of(
            new IndexOperation.Upsert(
                core.app.id(), "dogs", rex.uuid(), rex.version() + 5, Bodies.of(rex))));

    rebuilder.start(core.app);

    assertThat(core.index.version(rex.uuid())).contains(rex.version() + 5);
  }

  @Test
  void collections_of_more_than_a_page_are_read_page_by_page() {
    List<com.fasterxml.jackson.databind.JsonNode> bodies = new ArrayList<>();
    for (int i = 0; i < 501; i++) {
      bodies.add(json("{'n': " + i + "}"));
    }
    core.entities.create(core.app, DOGS, bodies, WriteOptions.EVENTUAL);

    RebuildJob job = rebuilder.start(core.app);

    RebuildJob done = rebuilder.find(core.app, job.jobId()).orElseThrow();
    assertThat(done.entitiesIndexed()).isEqualTo(501);
    assertThat(done.entriesRemoved()).isZero();
  }

  @Test
  void a_rebuild_the_index_refuses_fails_with_the_reason_and_the_phase_it_reached() {
    StoredEntity rex = post(DOGS, "{'name': 'rex'}");
    core.index.reject(List.of(rex.uuid()));

    RebuildJob job = rebuilder.start(core.app);

    RebuildJob failed = rebuilder.find(core.app, job.jobId()).orElseThrow();
    assertThat(failed.status()).isEqualTo("failed");
    assertThat(failed.phase()).isEqualTo("reindexing");
    assertThat(failed.error()).isEqualTo("IllegalStateException: The index rejected 1 operations");
  }

  @Test
  void a_running_rebuild_is_returned_instead_of_starting_another() {
    long now = core.clock.millis();
    RebuildJob running =
        new RebuildJob(
            core.ids.newTimeUuid(),
            core.app.id(),
            "running",
            "pruning",
            1,
            1,
            5,
            0,
            now,
            now,
            null);
    jobs.save(running);

    assertThat(rebuilder.start(core.app)).isEqualTo(running);
    assertThat(jobs.list(core.app.id(), 10)).containsExactly(running);
  }

  @Test
  void a_running_job_whose_node_went_quiet_is_reported_abandoned_and_may_be_started_again() {
    long now = core.clock.millis();
    RebuildJob quiet =
        new RebuildJob(
            core.ids.newTimeUuid(),
            core.app.id(),
            "running",
            "reindexing",
            1,
            0,
            0,
            0,
            now,
            now,
            null);
    jobs.save(quiet);
    core.clock.advance(IndexRebuilder.ABANDONED_AFTER.plusMillis(1));

    assertThat(rebuilder.find(core.app, quiet.jobId()).orElseThrow().status())
        .isEqualTo("abandoned");
    RebuildJob again = rebuilder.start(core.app);

    assertThat(again.jobId()).isNotEqualTo(quiet.jobId());
    assertThat(rebuilder.list(core.app, 10))
        .extracting(RebuildJob::status)
        .containsExactly("completed", "abandoned");
  }

  @Test
  void a_job_id_that_is_not_a_time_uuid_finds_nothing() {
    assertThat(rebuilder.find(core.app, UUID.randomUUID())).isEmpty();
    assertThat(rebuilder.find(core.app, core.ids.newTimeUuid())).isEmpty();
  }
}
