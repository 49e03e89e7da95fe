package io.meridian.core.change;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import io.meridian.core.CassandraTestSession;
import io.meridian.core.common.TimeUuidGenerator;
import io.meridian.core.common.TimeUuids;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class CassandraChangeLogIT {
  private static CqlSession session;
  private static CassandraChangeLog log;
  private final TimeUuidGenerator ids = new TimeUuidGenerator(Clock.systemUTC());

  @BeforeAll
  static void connect() {
    session = CassandraTestSession.open();
    log =
        new CassandraChangeLog(
            session, Clock.systemUTC(), Duration.ofSeconds(10), Duration.ofDays(1));
  }

  @AfterAll
  static void disconnect() {
    session.close();
  }

  private static int shardOf(UUID entity) {
    return TimeUuids.shardOf(entity, log.shards());
  }

  @Test
  void appended_changes_are_read_back_from_their_shard_and_bucket() {
    UUID app = ids.newTimeUuid();
    UUID entity = ids.newTimeUuid();
    Change created = new Change(ids.newTimeUuid(), app, "dogs", entity, 10L, false);
    Change deleted = new Change(ids.newTimeUuid(), app, "dogs", entity, 20L, true);
    // Appended a minute after the changes took their ids (an array writes its last entities late):
    // they go into the bucket of the minute, which a reader has not passed yet.
    Instant appendedAt = Instant.ofEpochMilli(TimeUuids.millis(created.id())).plusSeconds(60);
    ChangeLog late =
        new CassandraChangeLog(
            session,
            Clock.fixed(appendedAt, ZoneOffset.UTC),
            Duration.ofSeconds(10),
            Duration.ofDays(1));
    late.appendAll(List.of(created, deleted));
    long bucket = log.bucketOf(appendedAt.toEpochMilli());

    assertThat(log.read(shardOf(entity), bucket)).containsSubsequence(created, deleted);
    assertThat(log.read(shardOf(entity), log.bucketOf(TimeUuids.millis(created.id()))))
        .doesNotContain(created, deleted);
    assertThat(log.bucketsWithEntries(shardOf(entity), bucket, bucket)).containsExactly(bucket);
  }

  @Test
  void buckets_without_entries_are_not_listed() {
    List<Long> buckets = new ArrayList<>();
    UUID entity = ids.newTimeUuid();
    log.append(new Change(ids.newTimeUuid(), ids.newTimeUuid(), "cats", entity, 1L, false));
    long now = log.bucketOf(System.currentTimeMillis());

    buckets.addAll(log.bucketsWithEntries(shardOf(entity), now - 100_000, now + 1));

    assertThat(buckets).isNotEmpty().allSatisfy(b -> assertThat(b).isLessThanOrEqualTo(now));
    assertThat(log.read(shardOf(entity), now - 90_000)).isEmpty();
  }

  @Test
  void checkpoints_are_per_consumer_and_shard() {
    String consumer = "test-" + UUID.randomUUID();

    assertThat(log.checkpoint(consumer, 3)).isEmpty();
    log.saveCheckpoint(consumer, 3, 42L);

    assertThat(log.checkpoint(consumer, 3)).hasValue(42L);
    assertThat(log.checkpoint(consumer, 4)).isEmpty();
  }
}
