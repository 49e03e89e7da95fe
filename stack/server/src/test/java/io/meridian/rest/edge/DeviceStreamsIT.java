package io.meridian.rest.edge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.edge.EdgeServer;
import io.meridian.rest.support.CometaDevice;
import io.meridian.rest.support.Eventually;
import io.meridian.rest.support.MeridianIT;
import io.meridian.rest.support.SocketClient;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * A device written against Cometa's protocol, end to end: it attaches, its upstream events reach a
 * real-time subscriber, and an application drives it over the same real-time socket (an RPC as a
 * request over the socket), so one socket relays both ways.
 */
class DeviceStreamsIT extends MeridianIT {
  private static final Duration WAIT = Duration.ofSeconds(10);

  @Autowired private EdgeServer edge;

  private CometaDevice attachAndWaitForItsEntity(String device) {
    CometaDevice attached =
        CometaDevice.attach(edge.port(), credentials.clientId(), device, deviceSecret(device), "x");
    assertThat(attached.status()).isEqualTo(200);
    Eventually.within(
        WAIT,
        () ->
            assertThat(
                    api.get(path("devices") + "/" + device).entity().path("connected").asBoolean())
                .isTrue());
    return attached;
  }

  private SocketClient subscribeToDevices() {
    SocketClient socket = SocketClient.open(api.base(), org, app, api.token());
    socket.send("{\"op\":\"subscribe\",\"id\":\"s\",\"collection\":\"devices\"}");
    socket.next("subscribed");
    return socket;
  }

  @Test
  void a_cometa_devices_upstream_messages_reach_a_real_time_subscriber_in_order() {
    try (CometaDevice device = attachAndWaitForItsEntity("meter-1");
        SocketClient socket = subscribeToDevices()) {
      device.event("{\"kwh\":12.5}");
      device.event("door opened");

      JsonNode first = socket.next(m -> "device_event".equals(m.path("event").asText()), WAIT);
      assertThat(first.path("device").asText()).isEqualTo("meter-1");
      assertThat(first.path("payload").path("kwh").asDouble()).isEqualTo(12.5);
      assertThat(first.path("entity").path("name").asText()).isEqualTo("meter-1");
      JsonNode second = socket.next(m -> "device_event".equals(m.path("event").asText()), WAIT);
      assertThat(second.path("text").asText()).isEqualTo("door opened");
      assertThat(second.path("seq").asLong()).isGreaterThan(first.path("seq").asLong());
    }
  }

  @Test
  void an_application_drives_a_device_over_its_real_time_socket() {
    try (CometaDevice device = attachAndWaitForItsEntity("lamp-1");
        SocketClient socket = subscribeToDevices()) {
      device.serve(request -> request.contains("on") ? "{\"state\":\"on\"}" : "{\"state\":\"?\"}");
      socket.send(
          "{\"op\":\"request\",\"id\":\"r1\",\"method\":\"POST\",\"path\":\"/devices/lamp-1/send\","
              + "\"body\":{\"method\":\"turn\",\"params\":[\"on\"]}}");

      JsonNode response = socket.next("response");
      assertThat(response.path("id").asText()).isEqualTo("r1");
      assertThat(response.path("status").asInt()).isEqualTo(200);
      assertThat(response.path("body").path("state").asText()).isEqualTo("on");
    }
  }
}
