package io.meridian.rest.security;

import static io.meridian.rest.security.Refusals.assertThrottled;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.edge.EdgeServer;
import io.meridian.edge.MqttServer;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.CometaDevice;
import io.meridian.rest.support.Eventually;
import io.meridian.rest.support.ExtraNode;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.LoopbackClient;
import io.meridian.rest.support.MeridianIT;
import io.meridian.rest.support.SocketClient;
import io.meridian.rest.support.TestServers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * One client address, caller or application cannot hold a node's connections: sockets,
 * subscriptions, device attachments and waiting RPCs beyond their bounds are refused (clearly, and
 * counted in {@code meridian.limits.refused}) while another address or caller is still served, and
 * the places come back when the flood's connections end. A node of its own with small bounds, which
 * trusts 127.0.0.1 as a proxy so that sockets can come from several client addresses.
 */
class ConnectionFloodIT extends MeridianIT {
  private static final Duration WAIT = Duration.ofSeconds(10);
  private static ExtraNode node;

  private final List<AutoCloseable> opened = new ArrayList<>();
  private String appToken;

  @BeforeAll
  static void startNode() {
    node =
        ExtraNode.start(
            Map.ofEntries(
                Map.entry("meridian.api.trusted-proxies", "127.0.0.1/32,127.255.0.0/16"),
                Map.entry("meridian.realtime.limits.sockets-per-address", "2"),
                Map.entry("meridian.realtime.limits.sockets-per-identity", "3"),
                Map.entry("meridian.realtime.limits.sockets-per-application", "50"),
                Map.entry("meridian.realtime.limits.subscriptions-per-identity", "3"),
                Map.entry("meridian.edge.limits.attachments-per-address", "2"),
                Map.entry("meridian.edge.limits.rpcs-per-caller", "2"),
                Map.entry("meridian.edge.limits.rpcs-per-application", "10")));
  }

  @AfterAll
  static void stopNode() {
    if (node != null) {
      node.close();
    }
  }

  @BeforeEach
  void tokens() {
    appToken = api.token();
  }

  @AfterEach
  void closeAll() throws Exception {
    for (AutoCloseable closeable : opened) {
      closeable.close();
    }
  }

  private String base() {
    return node.client().base();
  }

  private SocketClient socket(String token, String address) {
    SocketClient socket = SocketClient.openForwarded(base(), org, app, token, address);
    opened.add(socket);
    return socket;
  }

  /** The upgrade as a proxy forwards it for {@code address}, answered as plain HTTP. */
  private Reply upgradeOverHttp(String token, String address) {
    return LoopbackClient.from(node.client(), "127.0.0.1")
        .withHeader("X-Forwarded-For", address)
        .withHeader("Authorization", "Bearer " + token)
        .withHeader("Upgrade", "websocket")
        .withHeader("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==")
        .withHeader("Sec-WebSocket-Version", "13")
        .get("/" + org + "/" + app + "/_realtime");
  }

  /** The node's count of refusals of one kind and scope, as /metrics shows it to the operator. */
  private static long refused(String kind, String scope) {
    Reply scrape = node.client().withToken(TestServers.SCRAPE_TOKEN).get("/metrics");
    assertThat(scrape.status()).isEqualTo(200);
    Pattern line =
        Pattern.compile(
            "^meridian_limits_refused_total\\{kind=\""
                + kind
                + "\",scope=\""
                + scope
                + "\",?} ([0-9.E]+)$",
            Pattern.MULTILINE);
    Matcher found = line.matcher(scrape.body());
    assertThat(found.find()).as("meridian_limits_refused_total of " + kind + "/" + scope).isTrue();
    return (long) Double.parseDouble(found.group(1));
  }

  @Test
  void one_address_beyond_its_sockets_is_refused_429_and_another_address_still_connects() {
    String flooder = "198.18.7.1";
    long before = refused("sockets", "address");
    String ann = userToken("flood-ann");
    socket(ann, flooder);
    SocketClient second = socket(ann, flooder);

    assertThatThrownBy(() -> socket(ann, flooder))
        .isInstanceOfSatisfying(
            SocketClient.Refused.class, e -> assertThat(e.status()).isEqualTo(429));
    Reply refusal = upgradeOverHttp(ann, flooder);
    assertThrottled(refusal);
    assertThat(refusal.json().path("error_description").asText())
        .contains("client address already holds 2 sockets");
    socket(appToken, "198.18.7.2").send("{\"op\":\"ping\",\"id\":\"p\"}");
    assertThat(refused("sockets", "address")).isGreaterThanOrEqualTo(before + 2);

    second.close();
    Eventually.within(WAIT, () -> socket(ann, flooder).send("{\"op\":\"ping\"}"));
  }

  @Test
  void
      one_caller_beyond_its_sockets_is_refused_from_any_address_even_by_auth_and_another_caller_connects() {
    String bob = userToken("flood-bob");
    for (int i = 1; i <= 3; i++) {
      socket(bob, "198.18.8." + i);
    }

    assertThatThrownBy(() -> socket(bob, "198.18.8.4"))
        .isInstanceOfSatisfying(
            SocketClient.Refused.class, e -> assertThat(e.status()).isEqualTo(429));
    SocketClient guest = socket(null, "198.18.8.5");
    guest.sendQuoted("{'op':'auth','id':'a','token':'" + bob + "'}");
    JsonNode refusal = guest.next("error");
    assertThat(refusal.path("error").asText()).isEqualTo("too_many_sockets");
    socket(appToken, "198.18.8.4").send("{\"op\":\"ping\"}");
    assertThat(refused("sockets", "identity")).isGreaterThanOrEqualTo(2);
  }

  @Test
  void one_caller_beyond_its_subscriptions_is_refused_over_the_socket_and_others_still_subscribe() {
    SocketClient first = socket(appToken, "198.18.9.1");
    SocketClient second = socket(appToken, "198.18.9.2");
    subscribe(first, "a", "things");
    subscribe(first, "b", "things");
    subscribe(second, "c", "things");

    second.sendQuoted("{'op':'subscribe','id':'d','collection':'things'}");
    JsonNode refusal = second.next("error");
    assertThat(refusal.path("error").asText()).isEqualTo("too_many_subscriptions");
    assertThat(refusal.path("error_description").asText())
        .contains("caller already holds 3 subscriptions");
    SocketClient admin = socket(organization.adminToken(), "198.18.9.3");
    subscribe(admin, "e", "things");
    assertThat(refused("subscriptions", "identity")).isGreaterThanOrEqualTo(1);

    first.close(); // its two subscriptions end with it
    Eventually.within(
        WAIT,
        () -> {
          second.sendQuoted("{'op':'subscribe','id':'f','collection':'things'}");
          assertThat(
                  second
                      .next(message -> "f".equals(message.path("id").asText()), WAIT)
                      .path("op")
                      .asText())
              .isEqualTo("subscribed");
        });
  }

  private static void subscribe(SocketClient socket, String id, String collection) {
    socket.sendQuoted("{'op':'subscribe','id':'" + id + "','collection':'" + collection + "'}");
    JsonNode answer = socket.next(message -> id.equals(message.path("id").asText()), WAIT);
    assertThat(answer.path("op").asText()).as(answer.toString()).isEqualTo("subscribed");
  }

  @Test
  void one_address_beyond_its_attached_devices_is_refused_over_cometa_and_mqtt() throws Exception {
    int port = node.bean(EdgeServer.class).port();
    CometaDevice first = device("127.0.0.1", port, "flood-1");
    device("127.0.0.1", port, "flood-2");
    assertThat(first.status()).isEqualTo(200);

    CometaDevice third = device("127.0.0.1", port, "flood-3");
    assertThat(third.status()).isEqualTo(429);
    assertThat(third.greeting()).isEqualTo("{\"msg\":\"429 Too Many Requests\"}");
    assertThat(third.closedWithin(WAIT)).isTrue();
    assertThat(mqttConnect("flood-4")).isEqualTo(MqttException.REASON_CODE_BROKER_UNAVAILABLE);
    assertThat(device("127.0.6.6", port, "elsewhere-1").status()).isEqualTo(200);
    assertThat(refused("attached_devices", "address")).isGreaterThanOrEqualTo(2);

    first.close(); // abruptly: no goodbye, the socket just ends
    Eventually.within(
        WAIT, () -> assertThat(device("127.0.0.1", port, "flood-5").status()).isEqualTo(200));
  }

  private CometaDevice device(String source, int port, String id) {
    CometaDevice device =
        CometaDevice.attachFrom(
            source,
            port,
            "/v1/applications/"
                + credentials.clientId()
                + "/devices/"
                + id
                + "?secret="
                + deviceSecret(id),
            "flood");
    opened.add(device);
    return device;
  }

  /** An MQTT 3.1.1 CONNECT from 127.0.0.1; the reason code of its refusal, or 0 if accepted. */
  private int mqttConnect(String device) throws MqttException {
    MqttConnectOptions options = new MqttConnectOptions();
    options.setMqttVersion(MqttConnectOptions.MQTT_VERSION_3_1_1);
    options.setUserName(credentials.clientId());
    options.setPassword(deviceSecret(device).toCharArray());
    MqttClient client =
        new MqttClient(
            "tcp://127.0.0.1:" + node.bean(MqttServer.class).port(),
            device,
            new MemoryPersistence());
    try {
      client.connect(options);
      client.disconnect();
      return 0;
    } catch (MqttException e) {
      return e.getReasonCode();
    } finally {
      client.close();
    }
  }

  @Test
  void a_caller_beyond_its_waiting_rpcs_is_refused_429_and_its_places_return() throws Exception {
    int port = node.bean(EdgeServer.class).port();
    List<CometaDevice> silent =
        List.of(device("127.0.7.1", port, "silent-1"), device("127.0.7.2", port, "silent-2"));
    CometaDevice echo = device("127.0.7.3", port, "echo-1");
    for (CometaDevice attached : List.of(silent.get(0), silent.get(1), echo)) {
      assertThat(attached.status()).as(attached.greeting()).isEqualTo(200);
    }
    echo.serve(request -> "echo:" + request);
    ApiClient caller = node.client().withToken(appToken);
    ExecutorService callers = Executors.newFixedThreadPool(2);
    try {
      List<Future<Reply>> waiting = new ArrayList<>();
      for (String device : List.of("silent-1", "silent-2")) {
        waiting.add(callers.submit(() -> rpc(caller, device, 30_000)));
      }
      // Each waiting RPC holds its place once the node delivered it: the silent devices read
      // both before the third is sent (sent earlier, the third could take the place of the
      // second, which a loaded machine delivers late).
      for (CometaDevice device : silent) {
        assertThat(device.nextRequest(Duration.ofSeconds(40))).contains("read");
      }
      assertThrottled(rpc(caller, "echo-1", 1000));

      Reply admin = rpc(node.client().withToken(organization.adminToken()), "echo-1", 5000);
      assertThat(admin.status()).as(admin.body()).isEqualTo(200);
      assertThat(refused("waiting_rpcs", "identity")).isGreaterThanOrEqualTo(1);

      silent.forEach(CometaDevice::close); // the waiting RPCs end with device_detached
      for (Future<Reply> detached : waiting) {
        assertThat(detached.get(30, TimeUnit.SECONDS).status()).isEqualTo(502);
      }
      Reply again = rpc(caller, "echo-1", 5000);
      assertThat(again.status()).as(again.body()).isEqualTo(200);
    } finally {
      callers.shutdownNow();
    }
  }

  private Reply rpc(ApiClient caller, String device, int timeoutMillis) {
    return caller.send(
        "POST",
        "/" + org + "/" + app + "/devices/" + device + "/send?timeout=" + timeoutMillis,
        "{\"cmd\":\"read\"}",
        "application/json");
  }

  private String userToken(String username) {
    Identities.user(api, org, app, username);
    return Identities.userToken(api, org, app, username);
  }
}
