package io.meridian.rest.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.rest.support.MeridianIT;
import io.meridian.rest.support.SocketClient;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The real-time API's limits at their defaults (docs/realtime.md): each refused with its error and
 * nothing changed, and a message over the size limit closes the connection with 1009.
 */
class RealtimeLimitsIT extends MeridianIT {

  private SocketClient open() {
    return SocketClient.open(api.base(), org, app, api.token());
  }

  @Test
  void aConnectionHoldsAtMostAHundredSubscriptions() {
    try (SocketClient socket = open()) {
      for (int i = 0; i < 100; i++) {
        socket.send("{\"op\":\"subscribe\",\"id\":\"s" + i + "\",\"collection\":\"things\"}");
        socket.next("subscribed");
      }
      socket.send("{\"op\":\"subscribe\",\"id\":\"over\",\"collection\":\"things\"}");
      JsonNode error = socket.next("error");
      assertThat(error.path("id").asText()).isEqualTo("over");
      assertThat(error.path("error").asText()).isEqualTo("too_many_subscriptions");
      api.post(path("things"), "{\"name\":\"one\"}");
      List<JsonNode> events = socket.drain(Duration.ofSeconds(1));
      assertThat(events).hasSize(100); // the refused one added nothing
    }
  }

  @Test
  void aQueryLongerThanTheLimitIsRefused() {
    try (SocketClient socket = open()) {
      String ql = "select * where name = '" + "x".repeat(4_100) + "'";
      socket.send(
          "{\"op\":\"subscribe\",\"id\":\"long\",\"collection\":\"things\",\"ql\":\""
              + ql.replace("'", "\\u0027")
              + "\"}");
      JsonNode error = socket.next("error");
      assertThat(error.path("error").asText()).isEqualTo("bad_request");
      assertThat(error.path("error_description").asText()).contains("4096");
    }
  }

  @Test
  void aMessageOverTheSizeLimitClosesTheConnectionWith1009() {
    try (SocketClient socket = open()) {
      socket.send("{\"op\":\"ping\",\"pad\":\"" + "x".repeat(70_000) + "\"}");
      assertThat(socket.closeCode(Duration.ofSeconds(5))).isEqualTo(1009);
    }
  }

  @Test
  void aClientSendingFasterThanTheRateIsToldToSlowDown() {
    try (SocketClient socket = open()) {
      for (int i = 0; i < 3_000; i++) {
        socket.send("{\"op\":\"ping\"}");
      }
      List<JsonNode> answers = socket.drain(Duration.ofSeconds(2));
      long limited =
          answers.stream().filter(m -> m.path("error").asText().equals("rate_limited")).count();
      long pongs = answers.stream().filter(m -> m.path("op").asText().equals("pong")).count();
      assertThat(limited).isPositive();
      assertThat(pongs).isGreaterThanOrEqualTo(2_000); // the burst
      assertThat(socket.isClosed()).isFalse();
    }
  }
}
