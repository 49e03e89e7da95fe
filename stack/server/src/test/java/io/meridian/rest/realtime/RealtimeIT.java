package io.meridian.rest.realtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.MeridianIT;
import io.meridian.rest.support.SocketClient;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The real-time API on one node: subscriptions with queries (geo included) and their five events,
 * the ways to authenticate, errors that leave the connection open, and resume.
 */
class RealtimeIT extends MeridianIT {

  private SocketClient open() {
    return SocketClient.open(api.base(), org, app, api.token());
  }

  private String subscribe(SocketClient socket, String body) {
    socket.send(body.replace('\'', '"').replace('`', '\''));
    JsonNode subscribed = socket.next("subscribed");
    assertThat(subscribed.path("seq").asLong()).isPositive();
    return subscribed.path("subscription").asText();
  }

  @Test
  void aQueryTellsCreateUpdateEnterLeaveAndDelete() {
    try (SocketClient socket = open()) {
      String sid =
          subscribe(
              socket,
              "{'op':'subscribe','id':'c1','collection':'trucks',"
                  + "'ql':'select * where status = `active`'}");
      String uuid =
          api.post(path("trucks"), "{\"name\":\"t1\",\"status\":\"active\"}").uuids().get(0);
      JsonNode created = socket.next("event");
      assertThat(created.path("subscription").asText()).isEqualTo(sid);
      assertThat(created.path("event").asText()).isEqualTo("create");
      assertThat(created.path("entity").path("uuid").asText()).isEqualTo(uuid);
      assertThat(created.has("previous")).isFalse();

      api.put(path("trucks/" + uuid), "{\"speed\":10}");
      JsonNode updated = socket.next("event");
      assertThat(updated.path("event").asText()).isEqualTo("update");
      assertThat(updated.path("entity").path("speed").asInt()).isEqualTo(10);
      assertThat(updated.path("previous").has("speed")).isFalse();
      assertThat(updated.path("seq").asLong()).isGreaterThan(created.path("seq").asLong());

      api.put(path("trucks/" + uuid), "{\"status\":\"idle\"}");
      JsonNode left = socket.next("event");
      assertThat(left.path("event").asText()).isEqualTo("leave");
      assertThat(left.path("entity").path("status").asText()).isEqualTo("idle");

      api.put(path("trucks/" + uuid), "{\"speed\":20}"); // matches neither before nor after
      api.put(path("trucks/" + uuid), "{\"status\":\"active\"}");
      JsonNode entered = socket.next("event");
      assertThat(entered.path("event").asText()).isEqualTo("enter");
      assertThat(entered.path("entity").path("speed").asInt()).isEqualTo(20);

      api.delete(path("trucks/" + uuid));
      JsonNode deleted = socket.next("event");
      assertThat(deleted.path("event").asText()).isEqualTo("delete");
      assertThat(deleted.has("entity")).isFalse();
      assertThat(deleted.path("previous").path("uuid").asText()).isEqualTo(uuid);
      assertThat(socket.drain(Duration.ofMillis(500))).isEmpty();
    }
  }

  @Test
  void aGeoQueryTellsEntitiesMovingInAndOut() {
    try (SocketClient socket = open()) {
      subscribe(
          socket,
          "{'op':'subscribe','collection':'vans','ql':'select * where location within 1000 of"
              + " 40.0, -100.0','events':['enter','leave','create']}");
      String uuid =
          api.post(
                  path("vans"),
                  "{\"name\":\"v1\",\"location\":{\"latitude\":41.0,\"longitude\":-100.0}}")
              .uuids()
              .get(0);
      api.put(path("vans/" + uuid), "{\"location\":{\"latitude\":40.001,\"longitude\":-100.0}}");
      assertThat(socket.next("event").path("event").asText()).isEqualTo("enter");
      api.put(path("vans/" + uuid), "{\"location\":{\"latitude\":40.002,\"longitude\":-100.0}}");
      api.put(path("vans/" + uuid), "{\"location\":{\"latitude\":42.0,\"longitude\":-100.0}}");
      JsonNode left = socket.next("event");
      assertThat(left.path("event").asText()).isEqualTo("leave"); // the update was not asked for
      assertThat(left.path("previous").path("location").path("latitude").asDouble())
          .isEqualTo(40.002);
    }
  }

  @Test
  void everyWayToAuthenticateWorksAndBadTokensAreRefused() {
    try (SocketClient socket = SocketClient.openWithQueryToken(api.base(), org, app, api.token())) {
      subscribe(socket, "{'op':'subscribe','collection':'cars'}");
    }
    try (SocketClient socket = SocketClient.open(api.base(), org, app, null)) {
      socket.send("{\"op\":\"auth\",\"id\":\"a1\",\"token\":\"" + api.token() + "\"}");
      assertThat(socket.next("authenticated").path("id").asText()).isEqualTo("a1");
      socket.send("{\"op\":\"auth\",\"id\":\"a2\",\"token\":\"" + api.token() + "\"}");
      assertThat(socket.next("error").path("id").asText()).isEqualTo("a2");
      subscribe(socket, "{'op':'subscribe','collection':'cars'}");
    }
    assertThatThrownBy(() -> SocketClient.open(api.base(), org, app, "not-a-token"))
        .isInstanceOfSatisfying(
            SocketClient.Refused.class, refused -> assertThat(refused.status()).isEqualTo(401));
    int overHttp = api.get("/" + org + "/no-such-app/_realtime").status();
    assertThat(overHttp).isIn(401, 404);
    assertThatThrownBy(() -> SocketClient.open(api.base(), org, "no-such-app", api.token()))
        .isInstanceOfSatisfying(
            SocketClient.Refused.class,
            refused -> assertThat(refused.status()).isEqualTo(overHttp));
  }

  @Test
  void badMessagesAreAnsweredWithErrorsAndTheConnectionStaysOpen() {
    try (SocketClient socket = open()) {
      for (String bad :
          List.of(
              "not json",
              "[1,2]",
              "{\"id\":\"x1\"}",
              "{\"op\":\"launch\",\"id\":\"x2\"}",
              "{\"op\":\"subscribe\",\"id\":\"x3\"}",
              "{\"op\":\"subscribe\",\"id\":\"x4\",\"collection\":\"a\",\"ql\":\"select * where (\"}",
              "{\"op\":\"subscribe\",\"id\":\"x5\",\"collection\":\"a\",\"events\":[\"explode\"]}",
              "{\"op\":\"subscribe\",\"id\":\"x6\",\"collection\":\"a\",\"resume\":\"soon\"}",
              "{\"op\":\"subscribe\",\"id\":\"x7\",\"collection\":\"a\",\"detect\":[\"enter\"]}",
              "{\"op\":\"unsubscribe\",\"id\":\"x8\",\"subscription\":\"s-none\"}",
              "{\"op\":\"ping\",\"id\":{\"nested\":true}}",
              "{\"op\":\"subscribe\",\"id\":\"x9\",\"collection\":\"../users\"}")) {
        socket.send(bad);
        JsonNode error = socket.next("error");
        assertThat(error.path("error").asText()).isNotEmpty();
        assertThat(error.path("error_description").asText())
            .doesNotContain("Exception")
            .doesNotContain("io.meridian")
            .doesNotContain("com.fasterxml");
      }
      socket.send("{\"op\":\"ping\",\"id\":\"p1\"}");
      assertThat(socket.next("pong").path("id").asText()).isEqualTo("p1");
      api.post(path("a"), "{\"name\":\"quiet\"}");
      assertThat(socket.drain(Duration.ofMillis(600))).isEmpty(); // no subscription was made
    }
  }

  @Test
  void unsubscribeStopsEvents() {
    try (SocketClient socket = open()) {
      String sid = subscribe(socket, "{'op':'subscribe','collection':'bikes'}");
      socket.send("{\"op\":\"unsubscribe\",\"id\":\"u1\",\"subscription\":\"" + sid + "\"}");
      assertThat(socket.next("unsubscribed").path("subscription").asText()).isEqualTo(sid);
      api.post(path("bikes"), "{\"name\":\"b1\"}");
      assertThat(socket.drain(Duration.ofMillis(600))).isEmpty();
    }
  }

  @Test
  void aResumedSubscriptionGetsWhatItMissedInOrderOnce() {
    long last;
    try (SocketClient socket = open()) {
      subscribe(socket, "{'op':'subscribe','collection':'boats'}");
      api.post(path("boats"), "{\"name\":\"first\"}");
      last = socket.next("event").path("seq").asLong();
    }
    ApiClient writer = api;
    for (int i = 0; i < 5; i++) {
      writer.post(path("boats"), "{\"name\":\"missed" + i + "\"}");
    }
    try (SocketClient socket = open()) {
      subscribe(socket, "{'op':'subscribe','collection':'boats','resume':" + last + "}");
      long previous = last;
      for (int i = 0; i < 5; i++) {
        JsonNode event = socket.next("event");
        assertThat(event.path("entity").path("name").asText()).isEqualTo("missed" + i);
        assertThat(event.path("seq").asLong()).isGreaterThan(previous);
        previous = event.path("seq").asLong();
      }
      writer.post(path("boats"), "{\"name\":\"live\"}");
      assertThat(socket.next("event").path("entity").path("name").asText()).isEqualTo("live");
      assertThat(socket.drain(Duration.ofMillis(600))).isEmpty();
    }
  }

  @Test
  void aResumeBeyondTheRetentionIsAResetAndASnapshot() {
    api.post(path("ships"), "{\"name\":\"s1\"}");
    try (SocketClient socket = open()) {
      String sid = subscribe(socket, "{'op':'subscribe','collection':'ships','resume':1}");
      JsonNode reset = socket.next("reset");
      assertThat(reset.path("subscription").asText()).isEqualTo(sid);
      JsonNode snapshot = socket.next("snapshot");
      assertThat(snapshot.path("entities")).hasSize(1);
      assertThat(snapshot.path("entities").get(0).path("name").asText()).isEqualTo("s1");
    }
  }
}
