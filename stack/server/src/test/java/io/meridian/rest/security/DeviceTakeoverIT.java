package io.meridian.rest.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.edge.EdgeServer;
import io.meridian.edge.MqttServer;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.CometaDevice;
import io.meridian.rest.support.Eventually;
import io.meridian.rest.support.MeridianIT;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.net.http.WebSocketHandshakeException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The takeover of issue 32: a second connection that knows only the application's public key
 * attaches under an attached device's id and answers its RPCs. By default a device proves who it is
 * with its own secret, so the attempt is refused over Cometa, Cometa's WebSocket form and MQTT;
 * where an administrator allows open attachment, a device attached with its secret is still never
 * displaced by the key alone, and its owner sees the attempt. Only the device's own secret (a
 * reconnect) displaces it, and the owner sees that too.
 */
class DeviceTakeoverIT extends MeridianIT {
  private static final Duration WAIT = Duration.ofSeconds(10);
  private static final String METER = "meter-0042";

  @Autowired private EdgeServer edge;
  @Autowired private MqttServer mqtt;

  /** The real device, attached with its own secret. */
  private CometaDevice attachMeter() {
    CometaDevice meter =
        CometaDevice.attach(
            edge.port(), credentials.clientId(), METER, deviceSecret(METER), "meter");
    assertThat(meter.status()).as(meter.greeting()).isEqualTo(200);
    return meter;
  }

  /** The real device answering every RPC as itself. */
  private CometaDevice realMeter() {
    return attachMeter().serve(request -> "meter:" + request);
  }

  /** The application's RPC; the answer says who answered it. */
  private String openValve() {
    Reply reply =
        api.send(
            "POST",
            path("devices") + "/" + METER + "/send",
            "{\"cmd\":\"open-valve\"}",
            "application/json");
    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    return reply.body();
  }

  private void allowOpenAttachment() {
    Reply reply = api.put(path("devices/_settings"), "{\"device_secret_required\":false}");
    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
  }

  /** Cometa's attach with the public key alone: refused with Cometa's 403, connection closed. */
  private void cometaIntruderIsRefused() {
    try (CometaDevice intruder =
        CometaDevice.attach(edge.port(), credentials.clientId(), METER, "intruder")) {
      assertThat(intruder.status()).isEqualTo(403);
      assertThat(intruder.greeting()).isEqualTo("{\"msg\":\"403 Forbidden\"}");
      assertThat(intruder.closedWithin(WAIT)).isTrue();
    }
  }

  /** Cometa's WebSocket form with the public key alone: the upgrade is refused. */
  private void websocketIntruderIsRefused() {
    URI uri =
        URI.create(
            "ws://127.0.0.1:"
                + edge.port()
                + "/v1/applications/"
                + credentials.clientId()
                + "/devices/"
                + METER
                + "/websocket");
    assertThatThrownBy(
            () ->
                HttpClient.newHttpClient()
                    .newWebSocketBuilder()
                    .buildAsync(uri, new WebSocket.Listener() {})
                    .get(10, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class)
        .cause()
        .isInstanceOfSatisfying(
            WebSocketHandshakeException.class,
            e -> assertThat(e.getResponse().statusCode()).isEqualTo(403));
  }

  /** MQTT with the key as user name and no password, then a made-up one: bad credentials. */
  private void mqttIntruderIsRefused() throws MqttException {
    for (String password : new String[] {null, "guessed"}) {
      MqttConnectOptions options = new MqttConnectOptions();
      options.setMqttVersion(MqttConnectOptions.MQTT_VERSION_3_1_1);
      options.setUserName(credentials.clientId());
      if (password != null) {
        options.setPassword(password.toCharArray());
      }
      MqttClient intruder =
          new MqttClient("tcp://127.0.0.1:" + mqtt.port(), METER, new MemoryPersistence());
      try {
        assertThatThrownBy(() -> intruder.connect(options))
            .isInstanceOfSatisfying(
                MqttException.class,
                e ->
                    assertThat(e.getReasonCode())
                        .isIn(
                            (int) MqttException.REASON_CODE_FAILED_AUTHENTICATION,
                            (int) MqttException.REASON_CODE_NOT_AUTHORIZED));
      } finally {
        intruder.close();
      }
    }
  }

  private long counter(String name) {
    Reply reply = api.get(path("counters") + "?counter=" + name);
    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    long total = 0;
    for (JsonNode value : reply.json().path("counters").path(0).path("values")) {
      total += value.path("value").asLong();
    }
    return total;
  }

  private JsonNode meterEntity() {
    Reply reply = api.get(path("devices") + "/" + METER);
    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    return reply.json().path("entities").path(0);
  }

  @Test
  void by_default_the_public_key_alone_attaches_over_no_transport_and_the_meter_keeps_answering()
      throws Exception {
    try (CometaDevice meter = realMeter()) {
      assertThat(openValve()).isEqualTo("meter:{\"cmd\":\"open-valve\"}");

      cometaIntruderIsRefused();
      websocketIntruderIsRefused();
      mqttIntruderIsRefused();
      try (CometaDevice wrongSecret =
          CometaDevice.attach(
              edge.port(), credentials.clientId(), METER, deviceSecret("meter-0043"), "x")) {
        assertThat(wrongSecret.status()).isEqualTo(403);
      }

      assertThat(openValve()).isEqualTo("meter:{\"cmd\":\"open-valve\"}");
    }
    assertThat(counter("devices.displaced")).isZero();
  }

  @Test
  void with_open_attachment_the_key_alone_never_displaces_a_meter_that_proved_itself()
      throws Exception {
    allowOpenAttachment();
    try (CometaDevice meter = realMeter()) {
      cometaIntruderIsRefused();
      websocketIntruderIsRefused();
      mqttIntruderIsRefused();

      assertThat(openValve()).isEqualTo("meter:{\"cmd\":\"open-valve\"}");
      // The owner sees the attempts: a counter, and the latest on the device's entity.
      Eventually.within(
          WAIT, () -> assertThat(counter("devices.refused_attach")).isGreaterThanOrEqualTo(3));
      Eventually.within(
          WAIT,
          () ->
              assertThat(meterEntity().path("last_refused_attach").path("ip_address").asText())
                  .isNotEmpty());
    }
    // A device that never proved itself may be replaced by another that did not either.
    try (CometaDevice open =
            CometaDevice.attach(edge.port(), credentials.clientId(), "valve-7", "open");
        CometaDevice again =
            CometaDevice.attach(edge.port(), credentials.clientId(), "valve-7", "open")) {
      assertThat(open.status()).isEqualTo(200);
      assertThat(again.status()).isEqualTo(200);
      assertThat(open.closedWithin(WAIT)).isTrue();
    }
  }

  @Test
  void the_meter_reconnecting_with_its_secret_displaces_its_old_connection_and_the_owner_sees_it()
      throws Exception {
    try (CometaDevice stale = attachMeter();
        CometaDevice reconnected = realMeter()) {
      assertThat(stale.closedWithin(WAIT)).isTrue();
      assertThat(openValve()).isEqualTo("meter:{\"cmd\":\"open-valve\"}");
      Eventually.within(WAIT, () -> assertThat(counter("devices.displaced")).isEqualTo(1));
      Eventually.within(
          WAIT,
          () ->
              assertThat(meterEntity().path("last_displaced").path("transport").asText())
                  .isEqualTo("http"));
    }
  }

  @Test
  void an_mqtt_device_attaches_with_its_secret_as_password() throws Exception {
    MqttConnectOptions options = new MqttConnectOptions();
    options.setMqttVersion(MqttConnectOptions.MQTT_VERSION_3_1_1);
    options.setUserName(credentials.clientId());
    options.setPassword(deviceSecret(METER).toCharArray());
    MqttClient meter =
        new MqttClient("tcp://127.0.0.1:" + mqtt.port(), METER, new MemoryPersistence());
    meter.connect(options);
    ExecutorService replies = Executors.newSingleThreadExecutor();
    try {
      meter.subscribe(
          "devices/" + METER + "/rpc",
          (topic, message) -> {
            byte[] reply =
                ("mqtt:" + new String(message.getPayload(), StandardCharsets.UTF_8))
                    .getBytes(StandardCharsets.UTF_8);
            // never publish from Paho's callback thread: it would wait on itself
            replies.execute(
                () -> {
                  try {
                    meter.publish("devices/" + METER + "/rpc/reply", reply, 0, false);
                  } catch (MqttException e) {
                    throw new IllegalStateException(e);
                  }
                });
          });
      Eventually.within(
          WAIT, () -> assertThat(openValve()).isEqualTo("mqtt:{\"cmd\":\"open-valve\"}"));
      cometaIntruderIsRefused();
      assertThat(meter.isConnected()).isTrue();
    } finally {
      replies.shutdownNow();
      meter.disconnectForcibly(1000);
      meter.close();
    }
  }

  @Test
  void a_rotated_secret_detaches_the_meter_at_once_and_only_the_new_secret_attaches() {
    String device = "meter-rotated";
    String old = deviceSecret(device);
    String fresh;
    try (CometaDevice meter =
        CometaDevice.attach(edge.port(), credentials.clientId(), device, old, "meter")) {
      assertThat(meter.status()).as(meter.greeting()).isEqualTo(200);

      Reply rotated = api.post(path("devices") + "/" + device + "/secret", "");

      assertThat(rotated.status()).as(rotated.body()).isEqualTo(200);
      fresh = rotated.json().path("data").path("secret").asText();
      assertThat(fresh).hasSize(43).isNotEqualTo(old);
      assertThat(rotated.json().path("data").path("generation").asLong()).isEqualTo(1);
      assertThat(meter.closedWithin(Duration.ofSeconds(1))).isTrue();
    }
    assertThat(deviceSecret(device)).isEqualTo(fresh);
    try (CometaDevice stale =
        CometaDevice.attach(edge.port(), credentials.clientId(), device, old, "meter")) {
      assertThat(stale.status()).isEqualTo(403);
    }
    try (CometaDevice renewed =
        CometaDevice.attach(edge.port(), credentials.clientId(), device, fresh, "meter")) {
      assertThat(renewed.status()).as(renewed.greeting()).isEqualTo(200);
    }
  }

  @Test
  void a_revoked_mqtt_device_is_detached_at_once_and_attaches_with_nothing_until_rotated()
      throws Exception {
    String device = "meter-revoked";
    String secret = deviceSecret(device);
    MqttClient meter = mqttDevice(device);
    meter.connect(mqttOptions(secret));
    try {
      Reply revoked = api.delete(path("devices") + "/" + device + "/secret");

      assertThat(revoked.status()).as(revoked.body()).isEqualTo(200);
      assertThat(revoked.json().path("data").path("revoked").asBoolean()).isTrue();
      assertThat(revoked.body()).doesNotContain("\"secret\"");
      Eventually.within(Duration.ofSeconds(1), () -> assertThat(meter.isConnected()).isFalse());
    } finally {
      meter.close();
    }
    allowOpenAttachment(); // not even the key alone attaches a revoked device
    for (String presented : new String[] {secret, null}) {
      MqttClient again = mqttDevice(device);
      try {
        assertThatThrownBy(() -> again.connect(mqttOptions(presented)))
            .isInstanceOf(MqttException.class);
      } finally {
        again.close();
      }
    }
    try (CometaDevice keyAlone =
        CometaDevice.attach(edge.port(), credentials.clientId(), device, "key alone")) {
      assertThat(keyAlone.status()).isEqualTo(403);
    }

    Reply restored = api.post(path("devices") + "/" + device + "/secret", "");
    assertThat(restored.status()).as(restored.body()).isEqualTo(200);
    MqttClient renewed = mqttDevice(device);
    try {
      renewed.connect(mqttOptions(restored.json().path("data").path("secret").asText()));
      assertThat(renewed.isConnected()).isTrue();
      renewed.disconnect();
    } finally {
      renewed.close();
    }
  }

  private MqttClient mqttDevice(String device) throws MqttException {
    return new MqttClient("tcp://127.0.0.1:" + mqtt.port(), device, new MemoryPersistence());
  }

  private MqttConnectOptions mqttOptions(String secret) {
    MqttConnectOptions options = new MqttConnectOptions();
    options.setMqttVersion(MqttConnectOptions.MQTT_VERSION_3_1_1);
    options.setAutomaticReconnect(false);
    options.setUserName(credentials.clientId());
    if (secret != null) {
      options.setPassword(secret.toCharArray());
    }
    return options;
  }
}
