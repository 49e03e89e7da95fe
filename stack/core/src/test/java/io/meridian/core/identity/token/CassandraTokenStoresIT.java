package io.meridian.core.identity.token;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import io.meridian.core.CassandraIT;
import io.meridian.core.common.TimeUuidGenerator;
import io.meridian.core.identity.PrincipalKind;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** The token subjects and the access feed on real Cassandra. */
class CassandraTokenStoresIT extends CassandraIT {

  @Test
  void a_subject_without_revocations_is_fresh() {
    assertThat(new CassandraTokenSubjectStore(session).load(UUID.randomUUID()))
        .isEqualTo(TokenSubjectStore.SubjectState.FRESH);
  }

  @Test
  void generations_rise_and_single_revocations_are_listed_until_they_expire() throws Exception {
    CassandraTokenSubjectStore store = new CassandraTokenSubjectStore(session);
    UUID subject = UUID.randomUUID();
    UUID shortLived = UUID.randomUUID();
    UUID longLived = UUID.randomUUID();

    assertThat(store.raiseGeneration(subject)).isEqualTo(1);
    assertThat(store.raiseGeneration(subject)).isEqualTo(2);
    store.revokeToken(subject, shortLived, Duration.ofMillis(500));
    store.revokeToken(subject, longLived, Duration.ofHours(1));

    assertThat(store.load(subject).generation()).isEqualTo(2);
    assertThat(store.load(subject).revoked()).containsExactlyInAnyOrder(shortLived, longLived);
    Thread.sleep(2_500); // a TTL of 0.5 s is rounded up to whole seconds, and expires to the second
    assertThat(store.load(subject).revoked()).containsExactly(longLived);
    assertThat(store.load(subject).generation()).isEqualTo(2);
  }

  @Test
  void every_revoked_token_is_read_however_many_a_subject_has() {
    UUID subject = UUID.randomUUID();
    Set<UUID> revoked = revokeDirectly(subject, 10_050);

    TokenSubjectStore.SubjectState state =
        new CassandraTokenSubjectStore(session, 1_000).load(subject);

    assertThat(state.revoked()).hasSize(10_050).isEqualTo(revoked);
    assertThat(new CassandraTokenSubjectStore(session).load(subject).revoked()).hasSize(10_050);
  }

  @Test
  void a_revocation_on_the_last_page_still_refuses_its_token() {
    CassandraTokenSubjectStore store = new CassandraTokenSubjectStore(session, 3);
    UUID subject = UUID.randomUUID();
    List<UUID> ids = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      UUID id = UUID.randomUUID();
      ids.add(id);
      store.revokeToken(subject, id, Duration.ofHours(1));
    }

    TokenSubjectStore.SubjectState state = store.load(subject);

    assertThat(state.revoked()).containsExactlyInAnyOrderElementsOf(ids);
    for (UUID id : ids) {
      assertThat(state.accepts(new AccessToken(PrincipalKind.APP_USER, subject, null, 0, 0, 1, id)))
          .isFalse();
    }
  }

  /** Writes revocations as {@code revokeToken} does, in single-partition batches for speed. */
  private static Set<UUID> revokeDirectly(UUID subject, int count) {
    PreparedStatement insert =
        session.prepare(
            "INSERT INTO token_subjects (subject, token_id) VALUES (?, ?) USING TTL 3600");
    Set<UUID> ids = new HashSet<>();
    List<CompletableFuture<?>> writes = new ArrayList<>();
    BatchStatementBuilder batch = BatchStatement.builder(DefaultBatchType.UNLOGGED);
    for (int i = 0; i < count; i++) {
      UUID id = UUID.randomUUID();
      ids.add(id);
      batch.addStatement(insert.bind(subject, id));
      if (batch.getStatementsCount() == 100 || i == count - 1) {
        writes.add(session.executeAsync(batch.build()).toCompletableFuture());
        batch = BatchStatement.builder(DefaultBatchType.UNLOGGED);
      }
    }
    CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new)).join();
    return ids;
  }

  @Test
  void published_events_are_read_back_by_time_window() {
    CassandraAccessEventStore store =
        new CassandraAccessEventStore(session, new TimeUuidGenerator(Clock.systemUTC()));
    Instant before = Instant.now().minusSeconds(1);
    UUID target = UUID.randomUUID();

    store.publish(new AccessEvent(AccessEvent.Kind.SUBJECT, target));
    store.publish(new AccessEvent(AccessEvent.Kind.APPLICATION, target));

    var events = store.since(before, Instant.now());
    assertThat(events)
        .filteredOn(published -> published.event().target().equals(target))
        .extracting(published -> published.event().kind())
        .containsExactly(AccessEvent.Kind.SUBJECT, AccessEvent.Kind.APPLICATION);
    assertThat(store.since(Instant.now().plusSeconds(5), Instant.now().plusSeconds(5)))
        .noneMatch(published -> published.event().target().equals(target));
  }
}
