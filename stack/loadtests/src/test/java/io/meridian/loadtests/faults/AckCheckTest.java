package io.meridian.loadtests.faults;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.loadtests.faults.WriteLoad.Ack;
import io.meridian.loadtests.faults.WriteLoad.Options;
import io.meridian.loadtests.faults.WriteLoad.Result;
import io.meridian.loadtests.load.MeridianClient.App;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class AckCheckTest {
  private static final App APP = new App("o", "a", "id", "secret");

  @Test
  void finds_every_acknowledged_write_by_uuid_and_by_query() throws Exception {
    try (FakeNode node = new FakeNode(4)) {
      Result load = load(node);
      AckCheck check = new AckCheck(node.url(), APP, "token");

      Report byUuid = check.byUuid(load);
      Report byQuery = check.byQuery(load, Duration.ofSeconds(5));

      assertThat(byUuid.found()).isEqualTo(load.acknowledged());
      assertThat(byUuid.lost()).isZero();
      assertThat(byUuid.errors()).isEmpty();
      assertThat(byUuid.writeFailures()).isEqualTo(load.failures());
      assertThat(byQuery.found()).isEqualTo(load.acknowledged());
      assertThat(byQuery.lost()).isZero();
    }
  }

  @Test
  void lists_a_write_that_is_gone_as_lost_with_its_uuid() throws Exception {
    try (FakeNode node = new FakeNode(Integer.MAX_VALUE)) {
      Result load = load(node);
      Ack gone = load.acks().get(3);
      node.stored.remove(gone.uuid());
      AckCheck check = new AckCheck(node.url(), APP, "token");

      Report byUuid = check.byUuid(load);
      Report byQuery = check.byQuery(load, Duration.ofMillis(300));

      assertThat(byUuid.lost()).isEqualTo(1);
      assertThat(byUuid.found()).isEqualTo(load.acknowledged() - 1);
      assertThat(byUuid.lostWrites())
          .containsExactly(gone.uuid() + " " + gone.name() + ": 404 entity_not_found");
      assertThat(byQuery.lost()).isEqualTo(1);
      assertThat(byQuery.lostWrites().get(0)).startsWith(gone.uuid() + " " + gone.name() + ":");
      assertThat(byQuery.took()).isGreaterThanOrEqualTo(Duration.ofMillis(300));
    }
  }

  @Test
  void asks_for_the_missing_names_a_group_at_a_time() throws Exception {
    try (FakeNode node = new FakeNode(Integer.MAX_VALUE)) {
      Result load = load(node, 2 * AckCheck.NAMES_PER_QUERY + 1);
      Ack gone = load.acks().get(load.acks().size() - 1);
      node.stored.remove(gone.uuid());
      node.stored.put(UUID.randomUUID(), "not-written-by-the-load");

      Report byQuery = new AckCheck(node.url(), APP, "token").byQuery(load, Duration.ofMillis(300));

      assertThat(byQuery.found()).isEqualTo(load.acknowledged() - 1);
      assertThat(byQuery.lostWrites()).hasSize(1);
      assertThat(byQuery.lostWrites().get(0)).startsWith(gone.uuid() + " " + gone.name() + ":");
    }
  }

  private static Result load(FakeNode node) throws InterruptedException {
    return load(node, 11);
  }

  private static Result load(FakeNode node, int acks) throws InterruptedException {
    WriteLoad load = WriteLoad.start(Options.of(List.of(node.url()), APP, "token", "things"));
    assertThat(load.awaitAcknowledged(acks, Duration.ofSeconds(10))).isTrue();
    return load.stop();
  }
}
