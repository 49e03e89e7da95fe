package io.meridian.rest.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.realtime.RealtimeService;
import io.meridian.rest.support.Eventually;
import io.meridian.rest.support.MeridianIT;
import io.meridian.rest.support.SharedResources;
import io.meridian.rest.support.SocketClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Fan-out amplification: one connection subscribes {@code select *} to a collection as many times
 * as it may, then stops reading while the collection takes a burst of writes, so that every write
 * becomes a hundred messages for it. Its own queue fills and it is closed (4008); a subscriber next
 * to it on the same node still receives every event, in order.
 */
@ResourceLock(SharedResources.SLOW_CLIENTS)
class FanOutIT extends MeridianIT {
  private static final int SUBSCRIPTIONS = 100; // meridian.realtime.max-subscriptions
  private static final int BATCH = 50;

  @Autowired private RealtimeService service;

  @Test
  void a_subscriber_that_does_not_read_every_write_is_closed_and_its_neighbour_gets_every_event() {
    long dropped = service.droppedSlow();
    List<Integer> written = new ArrayList<>();
    try (SocketClient neighbour = SocketClient.open(api.base(), org, app, api.token());
        SocketClient amplifier = SocketClient.openNotReading(api.base(), org, app, api.token())) {
      neighbour.send("{\"op\":\"subscribe\",\"collection\":\"readings\",\"ql\":\"select *\"}");
      neighbour.next("subscribed");
      for (int i = 0; i < SUBSCRIPTIONS; i++) {
        amplifier.send("{\"op\":\"subscribe\",\"collection\":\"readings\",\"ql\":\"select *\"}");
      }
      String pad = "p".repeat(1_000);
      Eventually.within(
          Duration.ofSeconds(60),
          () -> {
            StringJoiner batch = new StringJoiner(",", "[", "]");
            for (int i = 0; i < BATCH; i++) {
              int n = written.size() + i;
              batch.add("{\"n\":" + n + ",\"pad\":\"" + pad + "\"}");
            }
            assertThat(api.post(path("readings"), batch.toString()).status()).isEqualTo(200);
            for (int i = 0; i < BATCH; i++) {
              written.add(written.size());
            }
            assertThat(service.droppedSlow()).isGreaterThan(dropped);
          });

      List<JsonNode> events = new ArrayList<>();
      for (int i = 0; i < written.size(); i++) {
        events.add(
            neighbour.next(
                message -> message.path("op").asText().equals("event"), Duration.ofSeconds(10)));
      }
      assertThat(events.stream().map(event -> event.path("entity").path("n").asInt()))
          .containsExactlyInAnyOrderElementsOf(written);
      List<Long> seqs = events.stream().map(event -> event.path("seq").asLong()).toList();
      assertThat(seqs).isSorted().doesNotHaveDuplicates();
      assertThat(neighbour.isClosed()).isFalse();
    }
    assertThat(service.droppedSlow() - dropped).isEqualTo(1);
  }
}
