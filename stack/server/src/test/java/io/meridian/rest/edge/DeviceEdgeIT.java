package io.meridian.rest.edge;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.edge.EdgeServer;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.CometaDevice;
import io.meridian.rest.support.MeridianIT;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Devices attach with Cometa's protocol (the C SDK's bytes), the application sends them RPCs and
 * gets their replies, and nothing a device sends, however wrong, harms another.
 */
class DeviceEdgeIT extends MeridianIT {
  private static final Duration WAIT = Duration.ofSeconds(10);
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @Autowired private EdgeServer edge;

  private CometaDevice attach(String device) {
    CometaDevice attached =
        CometaDevice.attach(
            edge.port(), credentials.clientId(), device, deviceSecret(device), "linux");
    assertThat(attached.status()).as(attached.greeting()).isEqualTo(200);
    return attached;
  }

  /** An RPC sent in the background: it waits for the device's reply. */
  private CompletableFuture<HttpResponse<String>> rpc(String device, String body, String query) {
    return HTTP.sendAsync(
        HttpRequest.newBuilder(
                URI.create(api.base() + path("devices") + "/" + device + "/send" + query))
            .header("Authorization", "Bearer " + api.token())
            .timeout(Duration.ofSeconds(30))
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static HttpResponse<String> done(CompletableFuture<HttpResponse<String>> rpc)
      throws Exception {
    return rpc.get(WAIT.toSeconds(), TimeUnit.SECONDS);
  }

  @Test
  void a_device_attaches_and_answers_an_rpc_the_application_sends() throws Exception {
    try (CometaDevice device = attach("thermostat-1")) {
      assertThat(device.header("Transfer-Encoding")).isEqualTo("chunked");
      assertThat(device.greeting()).contains("\"msg\":\"200 OK\"").contains("\"heartbeat\":60");

      CompletableFuture<HttpResponse<String>> rpc =
          rpc("thermostat-1", "{\"method\":\"read\"}", "");
      assertThat(device.nextRequest(WAIT)).isEqualTo("{\"method\":\"read\"}");
      device.reply("{\"temperature\":21.5}");

      HttpResponse<String> reply = done(rpc);
      assertThat(reply.statusCode()).isEqualTo(200);
      assertThat(reply.body()).isEqualTo("{\"temperature\":21.5}");
      assertThat(reply.headers().firstValue("Content-Type")).hasValue("application/json");
    }
  }

  @Test
  void the_older_sdks_miscounted_chunks_and_bare_line_feeds_are_understood() throws Exception {
    try (CometaDevice device = attach("old-sdk")) {
      device.oldHeartbeat();
      CompletableFuture<HttpResponse<String>> first = rpc("old-sdk", "ping", "");
      assertThat(device.nextRequest(WAIT)).isEqualTo("ping");
      device.oldReply("pong");
      assertThat(done(first).body()).isEqualTo("pong");

      device.heartbeat();
      CompletableFuture<HttpResponse<String>> second = rpc("old-sdk", "anything", "");
      assertThat(device.nextRequest(WAIT)).isEqualTo("anything");
      device.emptyReply();
      HttpResponse<String> empty = done(second);
      assertThat(empty.statusCode()).isEqualTo(200);
      assertThat(empty.body()).isEmpty();
    }
  }

  @Test
  void an_unknown_application_key_is_refused_with_403_and_the_connection_closed() {
    UUID missing = UUID.randomUUID();
    ByteBuffer bytes = ByteBuffer.allocate(16);
    bytes.putLong(missing.getMostSignificantBits()).putLong(missing.getLeastSignificantBits());
    String wellFormed =
        "YXA6" + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes.array());
    for (String key : new String[] {wellFormed, "not-a-key", organization.name()}) {
      try (CometaDevice device = CometaDevice.attach(edge.port(), key, "intruder", "x")) {
        assertThat(device.status()).isEqualTo(403);
        assertThat(device.greeting()).isEqualTo("{\"msg\":\"403 Forbidden\"}");
        assertThat(device.closedWithin(WAIT)).isTrue();
      }
    }
  }

  @Test
  void a_bad_device_id_or_path_or_method_is_refused_and_closed() {
    try (CometaDevice device =
        CometaDevice.attach(
            edge.port(), "/v1/applications/" + credentials.clientId() + "/devices/a%20b", "x")) {
      assertThat(device.status()).isEqualTo(400);
      assertThat(device.closedWithin(WAIT)).isTrue();
    }
    try (CometaDevice device = CometaDevice.attach(edge.port(), "/v2/elsewhere", "x")) {
      assertThat(device.status()).isEqualTo(404);
      assertThat(device.greeting()).isEqualTo("{\"msg\":\"404 Not Found\"}");
    }
  }

  @Test
  void an_rpc_to_a_device_not_attached_is_404_device_not_connected() {
    ApiClient.Reply reply = api.post(path("devices") + "/nobody-home/send", "{}");

    assertThat(reply.status()).isEqualTo(404);
    assertThat(reply.error()).isEqualTo("device_not_connected");
  }

  @Test
  void an_rpc_the_device_does_not_answer_in_time_is_504_and_the_device_stays_usable()
      throws Exception {
    try (CometaDevice device = attach("sleepy")) {
      HttpResponse<String> timedOut = done(rpc("sleepy", "first", "?timeout=300"));
      assertThat(timedOut.statusCode()).isEqualTo(504);
      assertThat(timedOut.body()).contains("\"error\":\"device_timeout\"");
      assertThat(device.nextRequest(WAIT)).isEqualTo("first");
      device.reply("too late"); // answers nothing: dropped

      CompletableFuture<HttpResponse<String>> next = rpc("sleepy", "second", "");
      assertThat(device.nextRequest(WAIT)).isEqualTo("second");
      device.reply("in time");
      assertThat(done(next).body()).isEqualTo("in time");
    }
  }

  @Test
  void plain_rpcs_wait_their_turn_and_correlated_ones_fly_together() throws Exception {
    try (CometaDevice device = attach("queue")) {
      CompletableFuture<HttpResponse<String>> first = rpc("queue", "one", "");
      assertThat(device.nextRequest(WAIT)).isEqualTo("one");
      CompletableFuture<HttpResponse<String>> second = rpc("queue", "two", "");
      Thread.sleep(200);
      assertThat(second).isNotDone();
      device.reply("1");
      assertThat(device.nextRequest(WAIT)).isEqualTo("two");
      device.reply("2");
      assertThat(done(first).body()).isEqualTo("1");
      assertThat(done(second).body()).isEqualTo("2");

      String a = "{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":\"x\"}";
      String b = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"y\"}";
      CompletableFuture<HttpResponse<String>> ra = rpc("queue", a, "?correlate=jsonrpc");
      CompletableFuture<HttpResponse<String>> rb = rpc("queue", b, "?correlate=jsonrpc");
      assertThat(java.util.Set.of(device.nextRequest(WAIT), device.nextRequest(WAIT)))
          .containsExactlyInAnyOrder(a, b);
      device.reply("{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":\"B\"}");
      device.reply("{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"result\":\"A\"}");
      assertThat(done(ra).body()).contains("\"result\":\"A\"");
      assertThat(done(rb).body()).contains("\"result\":\"B\"");

      HttpResponse<String> notJsonRpc = done(rpc("queue", "plain text", "?correlate=jsonrpc"));
      assertThat(notJsonRpc.statusCode()).isEqualTo(400);
      assertThat(notJsonRpc.body()).contains("\"error\":\"illegal_argument\"");
    }
  }

  @Test
  void a_second_attachment_of_a_device_replaces_the_first() throws Exception {
    try (CometaDevice first = attach("twice");
        CometaDevice second = attach("twice")) {
      assertThat(first.closedWithin(WAIT)).isTrue();
      CompletableFuture<HttpResponse<String>> rpc = rpc("twice", "who", "");
      assertThat(second.nextRequest(WAIT)).isEqualTo("who");
      second.reply("second");
      assertThat(done(rpc).body()).isEqualTo("second");
    }
  }

  @Test
  void the_websocket_form_carries_the_same_messages() throws Exception {
    LinkedBlockingQueue<String> received = new LinkedBlockingQueue<>();
    WebSocket socket =
        HTTP.newWebSocketBuilder()
            .header("X-Device-Secret", deviceSecret("ws-device"))
            .buildAsync(
                URI.create(
                    "ws://127.0.0.1:"
                        + edge.port()
                        + "/v1/applications/"
                        + credentials.clientId()
                        + "/devices/ws-device/websocket"),
                new WebSocket.Listener() {
                  @Override
                  public CompletionStage<?> onText(
                      WebSocket webSocket, CharSequence data, boolean last) {
                    received.add(data.toString());
                    webSocket.request(1);
                    return null;
                  }
                })
            .get(10, TimeUnit.SECONDS);
    try {
      assertThat(received.poll(10, TimeUnit.SECONDS)).contains("\"msg\":\"200 OK\"");
      CompletableFuture<HttpResponse<String>> rpc = rpc("ws-device", "{\"get\":\"state\"}", "");
      assertThat(received.poll(10, TimeUnit.SECONDS)).isEqualTo("{\"get\":\"state\"}");
      socket.sendText("\u0006", true).get(5, TimeUnit.SECONDS); // a heartbeat answers nothing
      socket.sendText("{\"state\":\"on\"}", true).get(5, TimeUnit.SECONDS);
      assertThat(done(rpc).body()).isEqualTo("{\"state\":\"on\"}");
    } finally {
      socket.abort();
    }
  }

  @Test
  void cometas_route_takes_the_client_secret_as_oauth() throws Exception {
    String send = "/v1/applications/" + credentials.clientId() + "/devices/legacy/send";
    try (CometaDevice device = attach("legacy")) {
      device.serve(request -> "echo:" + request);
      HttpResponse<String> reply =
          HTTP.send(
              HttpRequest.newBuilder(URI.create(api.base() + send))
                  .header("Authorization", "OAuth " + credentials.clientSecret())
                  .POST(HttpRequest.BodyPublishers.ofString("hi"))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(reply.statusCode()).isEqualTo(200);
      assertThat(reply.body()).isEqualTo("echo:hi");

      for (String authorization : new String[] {"OAuth wrong", "Bearer " + api.token(), ""}) {
        HttpRequest.Builder request =
            HttpRequest.newBuilder(URI.create(api.base() + send))
                .POST(HttpRequest.BodyPublishers.ofString("hi"));
        if (!authorization.isEmpty()) {
          request.header("Authorization", authorization);
        }
        HttpResponse<String> refused =
            HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(refused.statusCode()).as(authorization).isEqualTo(401);
        assertThat(refused.body()).contains("\"error\":\"unauthorized\"");
      }
    }
  }

  @Test
  void garbage_huge_chunks_stray_replies_and_slow_attaches_harm_no_other_device() throws Exception {
    try (CometaDevice healthy = attach("healthy")) {
      healthy.serve(request -> "ok:" + request);

      try (CometaDevice garbage = attach("garbage")) {
        garbage.writeRaw(new byte[] {0x13, 0x37, 'z', 'z', '\r', '\n', 0, 1, 2});
        assertThat(garbage.closedWithin(WAIT)).isTrue();
      }
      try (CometaDevice huge = attach("huge")) {
        huge.write("7fffffff\r\n");
        assertThat(huge.closedWithin(WAIT)).isTrue();
      }
      try (CometaDevice stray = attach("stray")) {
        stray.reply("nobody asked");
        CompletableFuture<HttpResponse<String>> rpc = rpc("stray", "asked", "");
        assertThat(stray.nextRequest(WAIT)).isEqualTo("asked");
        stray.reply("answer");
        assertThat(done(rpc).body()).isEqualTo("answer");
      }
      try (java.net.Socket slow = new java.net.Socket("127.0.0.1", edge.port())) {
        slow.getOutputStream().write("POST /v1/applications/".getBytes(StandardCharsets.US_ASCII));
        slow.setSoTimeout(8_000);
        long start = System.nanoTime();
        assertThat(slow.getInputStream().read()).isEqualTo(-1);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
      }
      try (java.net.Socket notHttp = new java.net.Socket("127.0.0.1", edge.port())) {
        notHttp.getOutputStream().write(new byte[] {(byte) 0x16, 3, 1, 0, 5, 1, 2, 3, 4, 5, '\n'});
        notHttp.getOutputStream().write("\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        notHttp.setSoTimeout(8_000);
        byte[] answer = notHttp.getInputStream().readAllBytes();
        assertThat(new String(answer, StandardCharsets.US_ASCII)).startsWith("HTTP/1.1 400");
      }

      HttpResponse<String> still = done(rpc("healthy", "still there?", ""));
      assertThat(still.statusCode()).isEqualTo(200);
      assertThat(still.body()).isEqualTo("ok:still there?");
    }
  }
}
