package io.meridian.core.index;

import static io.meridian.testing.Bodies.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.meridian.core.change.Change;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.entity.WriteOptions;
import io.meridian.testing.MemoryCore;
import io.meridian.testing.change.MemoryChangeLog;
import io.meridian.testing.change.MemoryLease;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class IndexRepairerTest {
  private static final CollectionName DOGS = CollectionName.of("dogs");
  private static final Duration LAG = Duration.ofSeconds(10);
  private static final Duration WRITE_DEADLINE = Duration.ofMinutes(2);

  /** Past the lag and the end of the bucket of a write made now. */
  private static final Duration LATER = Duration.ofSeconds(21);

  private final MemoryCore core = new MemoryCore();
  private final MemoryLease lease = new MemoryLease(core.clock);
  private final IndexRepairer repairer = repairer("node-a");

  private IndexRepairer repairer(String node) {
    return new IndexRepairer(
        core.changeLog,
        lease,
        core.store,
        core.index,
        core.clock,
        LAG,
        Duration.ofSeconds(1),
        WRITE_DEADLINE,
        node,
        core.pipeline.backlog());
  }

  @AfterEach
  void close() {
    repairer.close();
  }

  private StoredEntity post(String body) {
    return core.entities.create(core.app, DOGS, List.of(json(body)), WriteOptions.DEFAULT).get(0);
  }

  /** Writes while the index is down: Cassandra and the change log have them, the index not. */
  private <T> T whileIndexIsDown(java.util.function.Supplier<T> write) {
    core.index.setAvailable(false);
    try {
      return write.get();
    } finally {
      core.index.setAvailable(true);
    }
  }

  private long checkpoint(StoredEntity entity) {
    int shard =
        MemoryChangeLog.shardOf(
            new Change(entity.uuid(), core.app.id(), "dogs", entity.uuid(), 0, false));
    return core.changeLog.checkpoint(IndexRepairer.CONSUMER, shard).orElse(-1);
  }

  @Test
  void writes_the_index_missed_are_indexed_once_their_bucket_is_older_than_the_lag() {
    StoredEntity rex = whileIndexIsDown(() -> post("{'name': 'rex'}"));
    StoredEntity max = whileIndexIsDown(() -> post("{'name': 'max'}"));

    assertThat(repairer.runOnce()).isZero();
    core.clock.advance(LATER);
    int repaired = repairer.runOnce();

    assertThat(repaired).isEqualTo(2);
    assertThat(core.index.version(rex.uuid())).contains(rex.version());
    assertThat(core.index.version(max.uuid())).contains(max.version());
    assertThat(repairer.repaired()).isEqualTo(2);
    assertThat(repairer.passes()).isEqualTo(2);
    long nextBucket = core.changeLog.bucketOf(core.clock.millis() - LAG.toMillis());
    assertThat(checkpoint(rex)).isEqualTo(nextBucket);
  }

  @Test
  void a_pass_with_nothing_new_to_read_repairs_nothing_and_reads_no_checkpoint() {
    post("{'name': 'rex'}");
    core.clock.advance(LATER);

    assertThat(repairer.runOnce()).isZero(); // indexed on the fast path already
    core.changeLog.setAvailable(false);

    assertThat(repairer.runOnce()).isZero(); // the same safe bucket: nothing is read
    assertThat(repairer.passes()).isEqualTo(1);
  }

  @Test
  void only_the_latest_change_of_an_entity_counts_and_a_deletion_the_index_missed_is_indexed() {
    StoredEntity rex = post("{'name': 'rex'}");
    whileIndexIsDown(
        () ->
            core.entities.update(core.app, DOGS, "rex", json("{'age': 3}"), WriteOptions.DEFAULT));
    StoredEntity deleted =
        whileIndexIsDown(() -> core.entities.delete(core.app, DOGS, "rex", WriteOptions.DEFAULT));
    core.clock.advance(LATER);

    assertThat(repairer.runOnce()).isEqualTo(1);

    assertThat(core.index.holds(rex.uuid())).isFalse();
    assertThat(core.index.version(rex.uuid()).orElseThrow()).isGreaterThan(deleted.version());
  }

  @Test
  void a_deletion_of_an_entity_the_index_never_held_needs_nothing() {
    whileIndexIsDown(
        () -> {
          post("{'name': 'rex'}");
          return core.entities.delete(core.app, DOGS, "rex", WriteOptions.DEFAULT);
        });
    core.clock.advance(LATER);

    assertThat(repairer.runOnce()).isZero();
  }

  @Test
  void a_creation_still_under_way_is_not_decided_and_its_own_index_write_still_applies() {
    core.store.holdWrites(); // the change is logged, the entity row not written yet
    StoredEntity rex = whileIndexIsDown(() -> post("{'name': 'rex'}"));
    core.clock.advance(LATER);

    assertThat(repairer.runOnce()).isZero();
    // No delete at the change's version: the index would keep it and refuse the write's upsert.
    assertThat(core.index.version(rex.uuid())).isEmpty();
    assertThat(checkpoint(rex)).isEqualTo(core.changeLog.bucketOf(MemoryCore.START.toEpochMilli()));

    core.store.releaseWrites();
    IndexResult fastPath =
        core.index.apply(List.of(rex.toIndexUpsert(core.app.id()))).toCompletableFuture().join();
    assertThat(fastPath.complete()).isTrue();
    assertThat(core.index.holds(rex.uuid())).isTrue();
  }

  @Test
  void a_write_under_way_whose_fast_path_fails_is_indexed_by_a_later_pass() {
    StoredEntity rex = post("{'name': 'rex'}");
    core.store.holdWrites();
    StoredEntity updated =
        whileIndexIsDown(
            () ->
                core.entities.update(
                    core.app, DOGS, "rex", json("{'age': 3}"), WriteOptions.DEFAULT));
    core.clock.advance(LATER);

    assertThat(repairer.runOnce()).isZero(); // Cassandra still holds the version before it
    assertThat(core.index.version(rex.uuid())).contains(rex.version());

    core.store.releaseWrites();
    assertThat(repairer.runOnce()).isEqualTo(1);
    assertThat(core.index.version(rex.uuid())).contains(updated.version());
    assertThat(checkpoint(rex))
        .isGreaterThan(core.changeLog.bucketOf(MemoryCore.START.toEpochMilli()));
  }

  @Test
  void a_write_that_never_reaches_cassandra_is_given_up_after_the_write_deadline() {
    core.store.holdWrites(); // and never released: the writer died after its change log entry
    StoredEntity rex = whileIndexIsDown(() -> post("{'name': 'rex'}"));
    long bucket = core.changeLog.bucketOf(MemoryCore.START.toEpochMilli());
    core.clock.advance(LATER);
    repairer.runOnce();
    assertThat(checkpoint(rex)).isEqualTo(bucket);

    core.clock.advance(WRITE_DEADLINE);
    repairer.runOnce();

    assertThat(checkpoint(rex)).isGreaterThan(bucket);
    assertThat(core.index.holds(rex.uuid())).isFalse();
  }

  @Test
  void a_listing_row_lost_with_the_index_write_is_written_again() {
    StoredEntity rex = whileIndexIsDown(() -> post("{'name': 'rex'}"));
    core.store.dropListingRow(core.app.id(), "dogs", rex.uuid());
    core.clock.advance(LATER);

    repairer.runOnce();

    assertThat(core.store.list(core.app.id(), "dogs", Optional.empty(), 10))
        .containsExactly(rex.uuid());
  }

  @Test
  void only_the_holder_of_the_lease_repairs_and_another_node_takes_over_once_it_lapses() {
    StoredEntity rex = whileIndexIsDown(() -> post("{'name': 'rex'}"));
    core.clock.advance(LATER);
    lease.acquire("index-repairer", "node-b", Duration.ofSeconds(15));

    assertThat(repairer.runOnce()).isZero();
    assertThat(core.index.holds(rex.uuid())).isFalse();

    core.clock.advance(Duration.ofSeconds(15)); // node-b died: its lease lapses unrenewed
    assertThat(repairer.runOnce()).isEqualTo(1);
    assertThat(lease.holder("index-repairer")).contains("node-a");
  }

  @Test
  void an_unavailable_index_stops_the_pass_and_the_checkpoints_stay() {
    StoredEntity rex = whileIndexIsDown(() -> post("{'name': 'rex'}"));
    core.clock.advance(LATER);
    core.index.setAvailable(false);

    assertThat(repairer.runOnce()).isZero();
    assertThat(checkpoint(rex)).isEqualTo(-1);

    core.index.setAvailable(true);
    assertThat(repairer.runOnce()).isEqualTo(1);
  }

  @Test
  void an_operation_the_index_rejects_fails_the_pass_and_is_retried_by_the_next() {
    StoredEntity rex = whileIndexIsDown(() -> post("{'name': 'rex'}"));
    core.clock.advance(LATER);
    core.index.reject(List.of(rex.uuid()));

    assertThatThrownBy(repairer::runOnce).isInstanceOf(IllegalStateException.class);
    assertThat(checkpoint(rex)).isEqualTo(-1);

    core.index.reject(List.of());
    assertThat(repairer.runOnce()).isEqualTo(1);
    assertThat(core.index.version(rex.uuid())).contains(rex.version());
  }

  @Test
  void a_change_log_that_cannot_be_read_fails_the_pass() {
    whileIndexIsDown(() -> post("{'name': 'rex'}"));
    core.clock.advance(LATER);
    core.changeLog.setAvailable(false);

    assertThatThrownBy(repairer::runOnce).isInstanceOf(RuntimeException.class);
  }

  @Test
  void a_checkpoint_ahead_of_this_nodes_safe_bucket_is_left_where_it_is() {
    StoredEntity rex = whileIndexIsDown(() -> post("{'name': 'rex'}"));
    Change change = new Change(rex.uuid(), core.app.id(), "dogs", rex.uuid(), 0, false);
    long ahead =
        core.changeLog.bucketOf(core.clock.millis()) + 100; // another node's clock is ahead
    core.changeLog.saveCheckpoint(IndexRepairer.CONSUMER, MemoryChangeLog.shardOf(change), ahead);
    core.clock.advance(LATER);

    assertThat(repairer.runOnce()).isZero();

    assertThat(checkpoint(rex)).isEqualTo(ahead);
    assertThat(core.index.holds(rex.uuid())).isFalse();
  }

  @Test
  void a_closed_repairer_gives_up_its_lease() {
    repairer.runOnce();
    assertThat(lease.holder("index-repairer")).contains("node-a");

    repairer.close();

    assertThat(lease.holder("index-repairer")).isEmpty();
  }
}
