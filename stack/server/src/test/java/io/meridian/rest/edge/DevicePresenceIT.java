package io.meridian.rest.edge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.device.DeviceHub;
import io.meridian.core.device.EdgeNode;
import io.meridian.edge.EdgeServer;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.CometaDevice;
import io.meridian.rest.support.Eventually;
import io.meridian.rest.support.TwoNodeIT;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * An attached device is an entity of the application's {@code devices} collection that shows its
 * presence, queryable as any entity; a device that moves to another node shows the new node, and
 * the old node's late detach does not mark it disconnected.
 */
class DevicePresenceIT extends TwoNodeIT {
  private static final Duration WAIT = Duration.ofSeconds(15);

  @Autowired private EdgeServer edge;
  @Autowired private EdgeNode node;
  @Autowired private DeviceHub hub;
  @Autowired private ApplicationService applications;

  private CometaDevice attach(EdgeServer server, String device, String info) {
    CometaDevice attached =
        CometaDevice.attach(
            server.port(), credentials.clientId(), device, deviceSecret(device), info);
    assertThat(attached.status()).as(attached.greeting()).isEqualTo(200);
    return attached;
  }

  private JsonNode entity(String device) {
    ApiClient.Reply reply = api.get(path("devices") + "/" + device);
    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    return reply.entity();
  }

  private List<String> names(String ql) {
    ApiClient.Reply reply = api.get(path("devices") + "?ql=" + ApiClient.encode(ql));
    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    List<String> names = new ArrayList<>();
    reply.json().path("entities").forEach(entity -> names.add(entity.path("name").asText()));
    return names;
  }

  @Test
  void an_attached_device_is_a_connected_entity_and_is_disconnected_when_it_detaches() {
    long before = System.currentTimeMillis();
    try (CometaDevice device = attach(edge, "meter-7", "linux 5.4 arm")) {
      JsonNode connected =
          Eventually.within(
              WAIT,
              () -> {
                JsonNode entity = entity("meter-7");
                assertThat(entity.path("connected").asBoolean()).as(entity.toString()).isTrue();
                return entity;
              });
      assertThat(connected.path("node").asText()).isEqualTo(node.id());
      assertThat(connected.path("transport").asText()).isEqualTo("http");
      assertThat(connected.path("ip_address").asText()).isEqualTo("127.0.0.1");
      assertThat(connected.path("info").asText()).isEqualTo("linux 5.4 arm");
      assertThat(connected.path("connected_at").asLong()).isBetween(before - 1000, before + 60_000);
      assertThat(connected.path("last_heartbeat").asLong())
          .isGreaterThanOrEqualTo(connected.path("connected_at").asLong());
      Eventually.within(
          WAIT, () -> assertThat(names("select * where connected = true")).contains("meter-7"));
    }

    JsonNode disconnected =
        Eventually.within(
            WAIT,
            () -> {
              JsonNode entity = entity("meter-7");
              assertThat(entity.path("connected").asBoolean(true)).as(entity.toString()).isFalse();
              return entity;
            });
    assertThat(disconnected.path("disconnected_at").asLong())
        .isGreaterThanOrEqualTo(disconnected.path("connected_at").asLong());
    assertThat(disconnected.path("info").asText()).isEqualTo("linux 5.4 arm");
    Eventually.within(
        WAIT,
        () -> {
          assertThat(names("select * where connected = false")).contains("meter-7");
          assertThat(names("select * where connected = true")).doesNotContain("meter-7");
        });
  }

  @Test
  void presence_leaves_the_devices_other_properties_as_they_are() {
    ApiClient.Reply created =
        api.post(path("devices"), "{\"name\":\"phone-3\",\"owner\":\"fred\"}");
    assertThat(created.status()).as(created.body()).isEqualTo(200);

    try (CometaDevice device = attach(edge, "phone-3", "ios")) {
      Eventually.within(
          WAIT, () -> assertThat(entity("phone-3").path("connected").asBoolean()).isTrue());
      JsonNode entity = entity("phone-3");
      assertThat(entity.path("uuid").asText()).isEqualTo(created.entity().path("uuid").asText());
      assertThat(entity.path("owner").asText()).isEqualTo("fred");
    }
  }

  @Test
  void a_device_that_moves_to_another_node_keeps_its_presence_when_the_old_node_detaches_it()
      throws InterruptedException {
    EdgeServer secondEdge = secondNodeBean(EdgeServer.class);
    String secondId = secondNodeBean(EdgeNode.class).id();
    UUID appId = applications.require(org, app).id();
    CometaDevice first = attach(edge, "roamer", "first");
    try {
      Eventually.within(
          WAIT, () -> assertThat(entity("roamer").path("node").asText()).isEqualTo(node.id()));

      try (CometaDevice second = attach(secondEdge, "roamer", "second")) {
        second.serve(request -> "from the second node: " + request);
        Eventually.within(
            WAIT,
            () -> {
              JsonNode entity = entity("roamer");
              assertThat(entity.path("node").asText()).isEqualTo(secondId);
              assertThat(entity.path("info").asText()).isEqualTo("second");
            });

        first.close(); // the old node now detaches its stale attachment
        Eventually.within(WAIT, () -> assertThat(hub.session(appId, "roamer")).isNull());
        Thread.sleep(2_000); // its presence writes, were they wrong, would have landed by now

        JsonNode entity = entity("roamer");
        assertThat(entity.path("connected").asBoolean()).as(entity.toString()).isTrue();
        assertThat(entity.path("node").asText()).isEqualTo(secondId);
        // and the registry still names the second node: an RPC through the first reaches it
        ApiClient.Reply reply = api.post(path("devices") + "/roamer/send", "\"ping\"");
        assertThat(reply.status()).as(reply.body()).isEqualTo(200);
        assertThat(reply.body()).isEqualTo("from the second node: \"ping\"");
      }
    } finally {
      first.close();
    }
  }
}
