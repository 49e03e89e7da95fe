package io.meridian.rest.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.edge.EdgeServer;
import io.meridian.edge.MqttServer;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.CometaDevice;
import io.meridian.rest.support.MeridianIT;
import io.meridian.rest.support.SocketClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.eclipse.paho.mqttv5.client.IMqttToken;
import org.eclipse.paho.mqttv5.client.MqttAsyncClient;
import org.eclipse.paho.mqttv5.client.MqttConnectionOptions;
import org.eclipse.paho.mqttv5.client.persist.MemoryPersistence;
import org.eclipse.paho.mqttv5.common.MqttException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Event forgery: an event shown to the application's subscribers as another device's. A device
 * names no device in what it sends (Cometa binds its events to the id it attached as, MQTT accepts
 * a publish only on the device's own topic), and a real-time client has no message that publishes
 * an event at all. The subscriber here reads every device, so whatever got through would show.
 */
class EventForgeryIT extends MeridianIT {
  private static final Duration WAIT = Duration.ofSeconds(10);
  private static final String SENDER = "meter-a";
  private static final String VICTIM = "meter-b";

  @Autowired private EdgeServer edge;
  @Autowired private MqttServer mqtt;

  @BeforeEach
  void devices() {
    for (String device : List.of(SENDER, VICTIM)) {
      Reply created = api.post(path("devices"), "{\"name\":\"" + device + "\"}");
      assertThat(created.status()).as(created.body()).isEqualTo(200);
    }
  }

  private SocketClient subscriber() {
    SocketClient socket = SocketClient.open(api.base(), org, app, api.token());
    socket.send("{\"op\":\"subscribe\",\"collection\":\"devices\",\"events\":[\"device_event\"]}");
    socket.next("subscribed");
    return socket;
  }

  private static JsonNode nextDeviceEvent(SocketClient socket) {
    return socket.next(message -> message.path("event").asText().equals("device_event"), WAIT);
  }

  private static List<JsonNode> deviceEvents(List<JsonNode> messages) {
    return messages.stream()
        .filter(message -> message.path("event").asText().equals("device_event"))
        .toList();
  }

  @Test
  void a_cometa_device_naming_another_device_in_its_event_is_still_itself() {
    try (SocketClient subscriber = subscriber();
        CometaDevice sender =
            CometaDevice.attach(
                edge.port(), credentials.clientId(), SENDER, deviceSecret(SENDER), "meter")) {
      assertThat(sender.status()).as(sender.greeting()).isEqualTo(200);
      sender.event("{\"device\":\"" + VICTIM + "\",\"device_id\":\"" + VICTIM + "\",\"t\":1}");

      JsonNode event = nextDeviceEvent(subscriber);

      assertThat(event.path("device").asText()).isEqualTo(SENDER);
      assertThat(event.path("entity").path("name").asText()).isEqualTo(SENDER);
      assertThat(deviceEvents(subscriber.drain(Duration.ofMillis(500)))).isEmpty();
    }
  }

  @Test
  void an_mqtt_device_publishing_on_another_devices_topic_is_refused_and_nothing_reaches_anyone()
      throws MqttException {
    MqttAsyncClient sender =
        new MqttAsyncClient("tcp://127.0.0.1:" + mqtt.port(), SENDER, new MemoryPersistence());
    MqttConnectionOptions options = new MqttConnectionOptions();
    options.setUserName(credentials.clientId());
    options.setPassword(deviceSecret(SENDER).getBytes(StandardCharsets.UTF_8));
    options.setAutomaticReconnect(false);
    try (SocketClient subscriber = subscriber()) {
      sender.connect(options).waitForCompletion(5_000);
      IMqttToken forged =
          sender.publish(
              "devices/" + VICTIM + "/events",
              "{\"forged\":true}".getBytes(StandardCharsets.UTF_8),
              1,
              false);
      try {
        forged.waitForCompletion(5_000);
        assertThat(forged.getReasonCodes()).containsExactly(0x87);
      } catch (MqttException e) {
        assertThat(e.getReasonCode()).isEqualTo(0x87);
      }
      sender
          .publish(
              "devices/" + SENDER + "/events",
              "{\"own\":true}".getBytes(StandardCharsets.UTF_8),
              1,
              false)
          .waitForCompletion(5_000);

      // MQTT keeps a device's order: a forged event accepted would have come first.
      JsonNode event = nextDeviceEvent(subscriber);
      assertThat(event.path("device").asText()).isEqualTo(SENDER);
      assertThat(event.path("payload").path("own").asBoolean()).isTrue();
      assertThat(deviceEvents(subscriber.drain(Duration.ofMillis(500)))).isEmpty();
    } finally {
      sender.disconnectForcibly(1_000);
      sender.close();
    }
  }

  @Test
  void a_realtime_client_cannot_publish_a_device_or_entity_event_to_other_subscribers() {
    List<String> forgeries =
        List.of(
            "{\"op\":\"event\",\"id\":\"f1\",\"event\":\"device_event\",\"device\":\""
                + VICTIM
                + "\",\"payload\":{\"forged\":true}}",
            "{\"op\":\"device_event\",\"id\":\"f2\",\"device\":\""
                + VICTIM
                + "\",\"payload\":{\"forged\":true}}",
            "{\"op\":\"publish\",\"id\":\"f3\",\"collection\":\"devices\",\"event\":\"update\","
                + "\"entity\":{\"name\":\""
                + VICTIM
                + "\",\"forged\":true}}");
    try (SocketClient subscriber = subscriber();
        SocketClient forger = SocketClient.open(api.base(), org, app, api.token())) {
      for (String forgery : forgeries) {
        forger.send(forgery);
        JsonNode answer = forger.next(message -> message.has("id"), WAIT);
        assertThat(answer.path("op").asText()).as(forgery).isEqualTo("error");
        assertThat(answer.path("error").asText()).isEqualTo("bad_request");
      }
      List<JsonNode> seen = subscriber.drain(Duration.ofMillis(800));
      assertThat(seen.toString()).doesNotContain("forged");
      assertThat(deviceEvents(seen)).isEmpty();
    }
  }
}
