package io.meridian.rest.edge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import io.meridian.core.common.Json;
import io.meridian.core.device.DeviceCredential;
import io.meridian.core.device.DeviceEvents;
import io.meridian.core.device.DeviceSession;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.AppAccess;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.MeridianIT;
import io.meridian.rest.support.SocketClient;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Devices' upstream events through the edge's observer, as a transport hands them over, to
 * real-time subscribers (authorised, filtered by their query, resumable) and to the application's
 * webhook (signed).
 */
class DeviceEventsIT extends MeridianIT {
  @Autowired private DeviceEvents events;

  private UUID application;

  @BeforeEach
  void devices() {
    device("{\"name\":\"sensor-1\",\"building\":\"A\"}");
    device("{\"name\":\"sensor-2\",\"building\":\"B\"}");
    application = UUID.fromString(api.get(path("devices")).json().path("application").asText());
  }

  private void device(String json) {
    Reply created = api.post(path("devices"), json);
    assertThat(created.status()).as(created.body()).isEqualTo(200);
  }

  private void send(String device, String payload) {
    events.event(new Session(application, device), payload.getBytes(StandardCharsets.UTF_8));
  }

  /** The next device event; entity events of the devices' creation may come first. */
  private static JsonNode nextDeviceEvent(SocketClient socket) {
    return socket.next(
        message -> message.path("event").asText().equals("device_event"), Duration.ofSeconds(10));
  }

  private static List<JsonNode> deviceEvents(List<JsonNode> messages) {
    return messages.stream()
        .filter(message -> message.path("event").asText().equals("device_event"))
        .toList();
  }

  private SocketClient subscribe(String token, String subscription) {
    SocketClient socket = SocketClient.open(api.base(), org, app, token);
    socket.send(subscription);
    socket.next("subscribed");
    return socket;
  }

  @Test
  void a_devices_events_reach_the_subscribers_whose_query_selects_it() {
    try (SocketClient building =
            subscribe(
                api.token(),
                "{\"op\":\"subscribe\",\"collection\":\"devices\","
                    + "\"ql\":\"select * where building = 'A'\"}");
        SocketClient creations =
            subscribe(
                api.token(),
                "{\"op\":\"subscribe\",\"collection\":\"devices\",\"events\":[\"create\"]}")) {
      send("sensor-2", "{\"t\":1}");
      send("sensor-1", "{\"t\": 21.5}");
      send("sensor-1", "door opened");

      JsonNode json = nextDeviceEvent(building);
      JsonNode text = nextDeviceEvent(building);

      assertThat(json.path("event").asText()).isEqualTo("device_event");
      assertThat(json.path("device").asText()).isEqualTo("sensor-1");
      assertThat(json.path("entity").path("building").asText()).isEqualTo("A");
      assertThat(json.path("payload").path("t").asDouble()).isEqualTo(21.5);
      assertThat(json.has("text")).isFalse();
      assertThat(text.path("text").asText()).isEqualTo("door opened");
      assertThat(text.has("payload")).isFalse();
      assertThat(text.path("seq").asLong()).isGreaterThan(json.path("seq").asLong());
      assertThat(deviceEvents(building.drain(Duration.ofMillis(500)))).isEmpty();
      assertThat(deviceEvents(creations.drain(Duration.ZERO))).isEmpty();
    }
  }

  @Test
  void a_subscriber_is_told_only_of_the_events_of_devices_it_may_read() {
    AppAccess access = new AppAccess(api, org, app);
    access.user("fred");
    access.restrictDefaultRole("get:/devices", "get:/devices/sensor-2");
    String fred = Identities.userToken(api, org, app, "fred");
    try (SocketClient socket =
        subscribe(fred, "{\"op\":\"subscribe\",\"collection\":\"devices\"}")) {
      send("sensor-1", "{\"secret\":true}");
      send("sensor-2", "{\"visible\":true}");

      JsonNode event = nextDeviceEvent(socket);

      assertThat(event.path("device").asText()).isEqualTo("sensor-2");
      assertThat(deviceEvents(socket.drain(Duration.ofMillis(600)))).isEmpty();
    }
  }

  @Test
  void a_subscriber_resuming_after_a_reconnect_gets_the_events_it_missed() {
    long seq;
    try (SocketClient first =
        subscribe(api.token(), "{\"op\":\"subscribe\",\"collection\":\"devices\"}")) {
      send("sensor-1", "{\"n\":1}");
      seq = nextDeviceEvent(first).path("seq").asLong();
    }
    send("sensor-1", "{\"n\":2}");
    send("sensor-1", "{\"n\":3}");

    try (SocketClient resumed =
        subscribe(
            api.token(),
            "{\"op\":\"subscribe\",\"collection\":\"devices\",\"resume\":" + seq + "}")) {
      JsonNode second = nextDeviceEvent(resumed);
      JsonNode third = nextDeviceEvent(resumed);

      assertThat(second.path("payload").path("n").asInt()).isEqualTo(2);
      assertThat(third.path("payload").path("n").asInt()).isEqualTo(3);
      assertThat(second.path("seq").asLong()).isGreaterThan(seq);
    }
  }

  @Test
  void the_webhook_receives_each_event_signed_with_the_key_shown_once() throws Exception {
    LinkedBlockingQueue<Posted> posts = new LinkedBlockingQueue<>();
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 8);
    server.createContext(
        "/hook",
        exchange -> {
          posts.add(
              new Posted(
                  exchange.getRequestBody().readAllBytes(),
                  exchange.getRequestHeaders().getFirst("X-Meridian-Signature")));
          exchange.sendResponseHeaders(204, -1);
          exchange.close();
        });
    server.start();
    try {
      Reply hooked =
          api.put(
              path("devices/_settings"),
              "{\"webhook_url\":\"http://127.0.0.1:" + server.getAddress().getPort() + "/hook\"}");
      assertThat(hooked.status()).as(hooked.body()).isEqualTo(200);
      byte[] key =
          Base64.getDecoder().decode(hooked.json().path("data").path("webhook_key").asText());

      send("sensor-1", "{\"t\":21.5}");
      Posted post = posts.poll(10, TimeUnit.SECONDS);

      assertThat(post).isNotNull();
      byte[] body = post.body();
      assertThat(post.signature()).isEqualTo(signature(key, body));
      JsonNode posted = Json.MAPPER.readTree(body);
      assertThat(posted.path("app").asText()).isEqualTo(application.toString());
      assertThat(posted.path("device").asText()).isEqualTo("sensor-1");
      assertThat(posted.path("event").path("t").asDouble()).isEqualTo(21.5);
      assertThat(posted.path("timestamp").asLong()).isPositive();
    } finally {
      server.stop(0);
    }
  }

  private record Posted(byte[] body, String signature) {}

  private static String signature(byte[] key, byte[] body) throws Exception {
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(key, "HmacSHA256"));
    return "sha256=" + HexFormat.of().formatHex(mac.doFinal(body));
  }

  /** A device as a transport holds it; these tests only send its events. */
  private record Session(UUID app, String device) implements DeviceSession {
    @Override
    public DeviceCredential credential() {
      return DeviceCredential.DEVICE_SECRET;
    }

    @Override
    public long secretGeneration() {
      return 0;
    }

    @Override
    public String transport() {
      return "http";
    }

    @Override
    public String remoteAddress() {
      return "127.0.0.1";
    }

    @Override
    public Instant attachedAt() {
      return Instant.EPOCH;
    }

    @Override
    public Duration heartbeat() {
      return Duration.ofSeconds(60);
    }

    @Override
    public void deliver(byte[] message) {}

    @Override
    public void close() {}
  }
}
