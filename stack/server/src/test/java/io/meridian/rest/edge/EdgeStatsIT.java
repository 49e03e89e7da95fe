package io.meridian.rest.edge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.edge.EdgeServer;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.AppAccess;
import io.meridian.rest.support.CometaDevice;
import io.meridian.rest.support.Eventually;
import io.meridian.rest.support.ExtraNode;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.MeridianIT;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * An application's device statistics, counted as devices attach and answer RPCs: summed over nodes
 * at {@code /{org}/{app}/devices/_stats} and Cometa's {@code /application/{app_key}}, and a
 * device's own live numbers on its entity.
 */
class EdgeStatsIT extends MeridianIT {
  private static final Duration WAIT = Duration.ofSeconds(10);

  @Autowired private EdgeServer edge;

  private CometaDevice attach(EdgeServer server, String device) {
    CometaDevice attached =
        CometaDevice.attach(
            server.port(), credentials.clientId(), device, deviceSecret(device), "linux");
    assertThat(attached.status()).as(attached.greeting()).isEqualTo(200);
    return attached;
  }

  private static Reply send(ApiClient client, String path, String body) {
    return client.send("POST", path, body, "text/plain");
  }

  private JsonNode stats(ApiClient client) {
    Reply stats = client.get(path("devices/_stats"));
    assertThat(stats.status()).as(stats.body()).isEqualTo(200);
    return stats.json().path("data");
  }

  @Test
  void counts_devices_messages_bytes_and_the_latency_of_answered_rpcs() {
    try (CometaDevice device = attach(edge, "meter-1").serve(request -> "ok:" + request)) {
      for (int i = 0; i < 3; i++) {
        Reply reply = send(api, path("devices/meter-1/send"), "ping" + i);
        assertThat(reply.status()).as(reply.body()).isEqualTo(200);
        assertThat(reply.body()).isEqualTo("ok:ping" + i);
      }
      device.event("temp=21");
      device.heartbeat();

      JsonNode stats =
          Eventually.within(
              WAIT,
              () -> {
                JsonNode data = stats(api);
                assertThat(data.path("messages").asLong()).isEqualTo(4); // three RPCs, one event
                assertThat(data.path("bytes_up").asLong())
                    .isEqualTo("linux".length() + 3 * "ok:ping0".length() + "temp=21".length() + 1);
                return data;
              });
      assertThat(stats.path("num_devices").asLong()).isEqualTo(1);
      assertThat(stats.path("websockets").asLong()).isZero();
      assertThat(stats.path("errors").asLong()).isZero();
      assertThat(stats.path("bytes_down").asLong()).isEqualTo(3 * "ping0".length());
      JsonNode latency = stats.path("latency");
      assertThat(latency.path("count").asLong()).isEqualTo(3);
      assertThat(latency.path("max").asDouble()).isPositive();
      assertThat(latency.path("min").asDouble())
          .isLessThanOrEqualTo(latency.path("mean").asDouble());
      assertThat(latency.path("mean").asDouble())
          .isLessThanOrEqualTo(latency.path("max").asDouble());
      assertThat(latency.path("std_deviation").asDouble()).isNotNegative();
    }
    Eventually.within(WAIT, () -> assertThat(stats(api).path("num_devices").asLong()).isZero());
    assertThat(stats(api).path("messages").asLong()).isEqualTo(4);
  }

  @Test
  void a_timeout_and_a_reply_that_answers_nothing_are_errors() throws Exception {
    try (CometaDevice device = attach(edge, "slow-1")) {
      CompletableFuture<Reply> rpc =
          CompletableFuture.supplyAsync(
              () -> send(api, path("devices/slow-1/send") + "?timeout=300", "late"));
      assertThat(device.nextRequest(WAIT)).isEqualTo("late");
      Reply timedOut = rpc.get(WAIT.toSeconds(), TimeUnit.SECONDS);
      assertThat(timedOut.status()).as(timedOut.body()).isEqualTo(504);
      device.reply("too late");

      JsonNode stats =
          Eventually.within(
              WAIT,
              () -> {
                JsonNode data = stats(api);
                assertThat(data.path("errors").asLong()).isEqualTo(2);
                return data;
              });
      assertThat(stats.path("messages").asLong()).isEqualTo(1);
      assertThat(stats.path("bytes_down").asLong()).isEqualTo("late".length());
      assertThat(stats.path("bytes_up").asLong()).isEqualTo("linux".length() + "too late".length());
      assertThat(stats.path("latency").path("count").asLong()).isZero();
    }
  }

  @Test
  void a_device_attached_by_websocket_counts_as_one() throws Exception {
    WebSocket socket =
        HttpClient.newHttpClient()
            .newWebSocketBuilder()
            .header("X-Device-Secret", deviceSecret("ws-1"))
            .buildAsync(
                URI.create(
                    "ws://127.0.0.1:"
                        + edge.port()
                        + "/v1/applications/"
                        + credentials.clientId()
                        + "/devices/ws-1/websocket"),
                new WebSocket.Listener() {})
            .get(10, TimeUnit.SECONDS);
    try {
      Eventually.within(
          WAIT,
          () -> {
            JsonNode data = stats(api);
            assertThat(data.path("websockets").asLong()).isEqualTo(1);
            assertThat(data.path("num_devices").asLong()).isEqualTo(1);
          });
    } finally {
      socket.abort();
    }
    Eventually.within(WAIT, () -> assertThat(stats(api).path("websockets").asLong()).isZero());
  }

  @Test
  void a_devices_entity_shows_its_live_traffic_while_it_is_attached_here() {
    String uuid = entity("meter-2");
    entity("idle-2");
    long before = System.currentTimeMillis();
    try (CometaDevice device = attach(edge, "meter-2").serve(request -> "pong")) {
      assertThat(send(api, path("devices/meter-2/send"), "ping").body()).isEqualTo("pong");

      for (String id : new String[] {"meter-2", uuid}) {
        Reply read = api.get(path("devices/" + id));
        assertThat(read.status()).as(read.body()).isEqualTo(200);
        JsonNode entity = read.entity();
        assertThat(entity.path("net").path("sent").path("bytes").asLong()).isEqualTo(4);
        assertThat(entity.path("net").path("sent").path("messages").asLong()).isEqualTo(1);
        // The attach's info and the reply.
        assertThat(entity.path("net").path("received").path("bytes").asLong()).isEqualTo(9);
        assertThat(entity.path("net").path("received").path("messages").asLong()).isEqualTo(2);
        assertThat(entity.path("latency").path("count").asLong()).isEqualTo(1);
        assertThat(entity.path("latency").path("mean").asDouble()).isPositive();
        assertThat(entity.path("connected_at").asLong())
            .isBetween(before - 1000, System.currentTimeMillis());
      }
      Reply idle = api.get(path("devices/idle-2"));
      assertThat(idle.status()).isEqualTo(200);
      assertThat(idle.entity().has("net")).isFalse();
      assertThat(idle.entity().has("latency")).isFalse();
    }
    Eventually.within(
        WAIT, () -> assertThat(api.get(path("devices/meter-2")).entity().has("net")).isFalse());
  }

  /** The device's entity (presence may have made it already), and its uuid. */
  private String entity(String name) {
    Reply found = api.get(path("devices/" + name));
    if (found.status() == 200) {
      return found.entity().path("uuid").asText();
    }
    Reply created = api.post(path("devices"), "{\"name\":\"" + name + "\"}");
    assertThat(created.status()).as(created.body()).isEqualTo(200);
    return created.entity().path("uuid").asText();
  }

  @Test
  void cometas_route_answers_in_cometas_shape_with_the_client_secret_only() {
    try (CometaDevice device = attach(edge, "meter-3").serve(request -> "ok")) {
      assertThat(send(api, path("devices/meter-3/send"), "x").status()).isEqualTo(200);
      String route = "/application/" + credentials.clientId();

      Reply cometa =
          Eventually.within(
              WAIT,
              () -> {
                Reply reply =
                    api.anonymous()
                        .get(route, "Authorization", "OAuth " + credentials.clientSecret());
                assertThat(reply.status()).as(reply.body()).isEqualTo(200);
                assertThat(reply.json().path("stats").path("messages").asText()).isEqualTo("1");
                return reply;
              });
      JsonNode body = cometa.json();
      assertThat(body.path("app_id").asText()).isEqualTo(credentials.clientId());
      assertThat(body.path("app_name").asText()).isEqualTo(app);
      JsonNode stats = body.path("stats");
      for (Iterator<Map.Entry<String, JsonNode>> it = stats.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> field = it.next();
        assertThat(field.getValue().isTextual()).as(field.getKey()).isTrue();
      }
      assertThat(stats.path("num_devices").asText()).isEqualTo("1");
      assertThat(stats.path("errors").asText()).isEqualTo("0");
      assertThat(stats.path("bytes_up").asText()).isEqualTo("7"); // "linux" and "ok"
      assertThat(stats.path("bytes_down").asText()).isEqualTo("1");
      assertThat(stats.path("latency").asText()).matches("\\d+");
      assertThat(stats.path("latency_min").asText()).matches("\\d+");
      assertThat(stats.path("latency_max").asText()).matches("\\d+");
      assertThat(stats.path("std_deviation").asText()).matches("\\d+\\.\\d{3}");
      assertThat(stats.path("websockets").asText()).isEqualTo("0");

      Identities.Credentials other =
          Identities.application(api.anonymous(), organization, "elsewhere");
      String[][] refused = {
        {route},
        {route, "Authorization", "OAuth wrong"},
        {route, "Authorization", "Bearer " + api.token()},
        {
          "/application/" + other.clientId(), "Authorization", "OAuth " + credentials.clientSecret()
        },
        {"/application/nope", "Authorization", "OAuth " + credentials.clientSecret()}
      };
      for (String[] request : refused) {
        String[] headers = java.util.Arrays.copyOfRange(request, 1, request.length);
        Reply reply =
            headers.length == 0
                ? api.anonymous().get(request[0])
                : api.anonymous().get(request[0], headers);
        assertThat(reply.status()).as(String.join(" ", request)).isEqualTo(401);
        assertThat(reply.error()).isEqualTo("unauthorized");
        assertThat(reply.body()).doesNotContain("num_devices");
      }
    }
  }

  @Test
  void the_statistics_need_read_permission_on_devices() {
    AppAccess access = new AppAccess(api, org, app);
    access.user("watcher");
    access.restrictDefaultRole("get:/users/${user}");
    ApiClient watcher = access.signIn("watcher");
    AppAccess.awaitStatus(403, () -> watcher.get(path("devices/_stats")));

    Reply guest = api.anonymous().get(path("devices/_stats"));
    assertThat(guest.status()).as(guest.body()).isEqualTo(401);
    assertThat(guest.body()).doesNotContain("num_devices");

    Identities.Credentials elsewhere =
        Identities.application(api.anonymous(), organization, "elsewhere");
    ApiClient other =
        api.withToken(Identities.clientToken(api.anonymous(), org, "elsewhere", elsewhere));
    Reply foreign = other.get(path("devices/_stats"));
    assertThat(foreign.status()).as(foreign.body()).isIn(401, 403);
    assertThat(foreign.body()).doesNotContain("num_devices");

    access.grant("users/watcher", "get:/devices/*");
    Reply granted = AppAccess.awaitStatus(200, () -> watcher.get(path("devices/_stats")));
    assertThat(granted.json().path("data").has("num_devices")).isTrue();
  }

  @Test
  void bad_requests_for_the_statistics_get_usergrid_errors() {
    Reply missing =
        api.withToken(organization.adminToken()).get("/" + org + "/nosuchapp/devices/_stats");
    Reply posted = send(api, path("devices/_stats"), "{}");
    Reply matrix = api.get(path("devices/_stats;ql=select"));

    assertThat(missing.status()).as(missing.body()).isEqualTo(404);
    assertThat(posted.status()).as(posted.body()).isEqualTo(405);
    assertThat(matrix.status()).as(matrix.body()).isEqualTo(400);
    for (Reply reply : new Reply[] {missing, posted, matrix}) {
      assertThat(reply.error()).isNotBlank();
      assertThat(reply.json().path("error_description").asText()).isNotBlank();
      assertThat(reply.body()).doesNotContain("Exception").doesNotContain("io.meridian");
    }
  }

  @Test
  void a_second_nodes_devices_and_counts_are_summed_and_its_counts_outlive_it() {
    try (ExtraNode node = ExtraNode.start(Map.of("meridian.edge.stats-interval", "200ms"))) {
      ApiClient second = node.client().withToken(api.token());
      try (CometaDevice here = attach(edge, "here-1").serve(request -> "here");
          CometaDevice there =
              attach(node.bean(EdgeServer.class), "there-1").serve(request -> "there")) {
        assertThat(send(api, path("devices/here-1/send"), "a").body()).isEqualTo("here");
        assertThat(send(second, path("devices/there-1/send"), "b").body()).isEqualTo("there");
        assertThat(send(second, path("devices/there-1/send"), "c").body()).isEqualTo("there");

        for (ApiClient client : new ApiClient[] {api, second}) {
          Eventually.within(
              WAIT,
              () -> {
                JsonNode data = stats(client);
                assertThat(data.path("num_devices").asLong()).isEqualTo(2);
                assertThat(data.path("messages").asLong()).isEqualTo(3);
                assertThat(data.path("bytes_down").asLong()).isEqualTo(3);
                assertThat(data.path("latency").path("count").asLong()).isEqualTo(3);
              });
        }
      }
    }
    Eventually.within(
        Duration.ofSeconds(15),
        () -> {
          JsonNode data = stats(api);
          assertThat(data.path("num_devices").asLong()).isZero();
          assertThat(data.path("messages").asLong()).isEqualTo(3);
        });
  }
}
