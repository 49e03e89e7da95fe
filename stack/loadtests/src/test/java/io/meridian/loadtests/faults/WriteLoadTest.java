package io.meridian.loadtests.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.loadtests.faults.WriteLoad.Ack;
import io.meridian.loadtests.faults.WriteLoad.Options;
import io.meridian.loadtests.faults.WriteLoad.Result;
import io.meridian.loadtests.load.MeridianClient;
import io.meridian.loadtests.load.MeridianClient.App;
import java.io.IOException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class WriteLoadTest {
  private static final App APP = new App("o", "a", "id", "secret");

  @Test
  void acknowledges_only_a_200_with_the_uuid_and_the_name_sent() throws Exception {
    UUID uuid = UUID.randomUUID();
    JsonNode ok = json("{\"entities\":[{\"uuid\":\"" + uuid + "\",\"name\":\"r1-0-0\"}]}");

    assertThat(WriteLoad.acknowledgedUuid(200, ok, "r1-0-0")).contains(uuid);
    assertThat(WriteLoad.acknowledgedUuid(200, ok, "r1-0-1")).isEmpty();
    assertThat(WriteLoad.acknowledgedUuid(201, ok, "r1-0-0")).isEmpty();
    assertThat(WriteLoad.acknowledgedUuid(200, json("{\"entities\":[]}"), "r1-0-0")).isEmpty();
    assertThat(
            WriteLoad.acknowledgedUuid(
                200, json("{\"entities\":[{\"uuid\":\"nope\",\"name\":\"r1-0-0\"}]}"), "r1-0-0"))
        .isEmpty();
  }

  @Test
  void names_an_answer_that_is_not_an_acknowledgment_by_its_status() {
    assertThat(WriteLoad.outcomeOf(503)).isEqualTo("503");
    assertThat(WriteLoad.outcomeOf(200)).isEqualTo("200 without uuid");
  }

  @Test
  void names_a_failed_connection_by_what_failed() {
    assertThat(NodeHttp.outcomeOf(new HttpTimeoutException("slow"))).isEqualTo("timeout");
    assertThat(NodeHttp.outcomeOf(new HttpConnectTimeoutException("slow"))).isEqualTo("timeout");
    assertThat(NodeHttp.outcomeOf(new ConnectException())).isEqualTo("refused");
    assertThat(NodeHttp.outcomeOf(new IOException("wrapped", new ConnectException())))
        .isEqualTo("refused");
    assertThat(NodeHttp.outcomeOf(new IOException("Connection reset"))).isEqualTo("IO");
  }

  @Test
  void writes_an_entity_findable_by_name_run_and_location() throws Exception {
    JsonNode entity = json(WriteLoad.entity("rabc", "rabc-2-7", 2, 7));

    assertThat(entity.path("name").asText()).isEqualTo("rabc-2-7");
    assertThat(entity.path("runId").asText()).isEqualTo("rabc");
    assertThat(entity.path("writer").asInt()).isEqualTo(2);
    assertThat(entity.path("seq").asLong()).isEqualTo(7);
    assertThat(entity.path("location").path("latitude").asDouble()).isBetween(37.0, 38.0);
    assertThat(entity.path("location").path("longitude").asDouble()).isBetween(-123.0, -122.0);
  }

  @Test
  void run_ids_are_short_letters_and_digits_without_dashes() {
    String runId = WriteLoad.newRunId();

    assertThat(runId).matches("r[0-9a-z]{8}");
    assertThat(WriteLoad.newRunId()).isNotEqualTo(runId);
  }

  @Test
  void counts_every_outcome_and_records_only_acknowledged_writes() throws Exception {
    try (FakeNode node = new FakeNode(3)) {
      WriteLoad load =
          WriteLoad.start(Options.of(List.of(node.url()), APP, "token", "things").withWriters(2));
      assertThat(load.awaitAcknowledged(20, Duration.ofSeconds(10))).isTrue();

      Result result = load.stop();

      assertThat(result.acknowledged()).isGreaterThanOrEqualTo(20);
      assertThat(result.failures()).containsOnlyKeys("503");
      assertThat(result.attempts()).isEqualTo(result.acknowledged() + result.failed());
      assertThat(result.acks())
          .allSatisfy(ack -> assertThat(node.stored).containsEntry(ack.uuid(), ack.name()));
      assertThat(result.acks()).extracting(Ack::name).doesNotHaveDuplicates();
      assertThat(result.acks()).allSatisfy(ack -> assertThat(ack.name()).startsWith(load.runId()));
      assertThat(result.acksByNode()).containsOnlyKeys(node.url());
      assertThat(result.acksPerSecond()).isPositive();
      assertThat(load.stop()).isSameAs(result);
    }
  }

  @Test
  void rotates_over_the_nodes_and_counts_a_dead_one_as_refused() throws Exception {
    URI dead = URI.create("http://127.0.0.1:" + closedPort());
    try (FakeNode live = new FakeNode(Integer.MAX_VALUE)) {
      WriteLoad load =
          WriteLoad.start(Options.of(List.of(live.url(), dead), APP, "token", "things"));
      assertThat(load.awaitAcknowledged(10, Duration.ofSeconds(10))).isTrue();

      Result result = load.stop();

      assertThat(result.acksByNode()).containsOnlyKeys(live.url());
      assertThat(result.failures()).containsOnlyKeys("refused");
      assertThat(result.summary())
          .startsWith(result.runId() + ": " + result.acknowledged() + " acknowledged of ")
          .contains("writes failed: " + result.failed() + " refused");
    }
  }

  @Test
  void refuses_a_node_that_is_not_loopback() {
    assertThatThrownBy(
            () -> Options.of(List.of(URI.create("http://example.com")), APP, "t", "things"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not loopback");
  }

  @Test
  void gives_the_median_and_the_slowest_acknowledgment() {
    List<Ack> acks = new ArrayList<>();
    for (int millis : new int[] {40, 10, 30, 20, 900}) {
      acks.add(
          new Ack(
              UUID.randomUUID(),
              "r1-0-" + millis,
              0,
              millis,
              Instant.EPOCH,
              Duration.ofMillis(millis),
              URI.create("http://127.0.0.1:1")));
    }
    Result result = new Result("r1", "things", acks, Map.of(), 5, Duration.ofSeconds(1));

    assertThat(result.ackLatency(0.5)).isEqualTo(Duration.ofMillis(30));
    assertThat(result.ackLatency(1)).isEqualTo(Duration.ofMillis(900));
    assertThat(result.summary())
        .isEqualTo(
            "r1: 5 acknowledged of 5 attempts in 1.0 s (5.0/s, median 30 ms, max 900 ms),"
                + " writes failed: none");
  }

  @Test
  void a_result_is_immutable_and_orders_failures_by_count() {
    Result result =
        new Result(
            "r1",
            "things",
            List.of(),
            Map.of("503", 1L, "IO", 3L, "timeout", 0L),
            4,
            Duration.ofSeconds(2));

    assertThat(result.failures()).containsExactly(Map.entry("IO", 3L), Map.entry("503", 1L));
    assertThat(result.failed()).isEqualTo(4);
    assertThat(result.acksPerSecond()).isZero();
    assertThatThrownBy(() -> result.failures().put("x", 1L))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  private static int closedPort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  private static JsonNode json(String text) throws IOException {
    return MeridianClient.JSON.readTree(text);
  }
}
