package io.meridian.core.identity.token;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.CassandraIT;
import io.meridian.core.common.TimeUuidGenerator;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
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
