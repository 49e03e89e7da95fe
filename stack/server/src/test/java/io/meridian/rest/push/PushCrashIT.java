package io.meridian.rest.push;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.Json;
import io.meridian.core.push.PushWorker;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.Eventually;
import io.meridian.rest.support.MeridianIT;
import io.meridian.rest.support.PackagedServer;
import io.meridian.rest.support.SharedResources;
import io.meridian.rest.support.TestServers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A node sending a notification is killed with SIGKILL mid-send; another node finishes it. Every
 * device gets the notification, and the only repeats are sends that were in flight when the node
 * died: at most the dead node's {@code concurrency}.
 */
@Order(7) // long: starts early, so that it overlaps the others
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
@ResourceLock(SharedResources.PUSH_QUEUE)
class PushCrashIT extends MeridianIT {
  private static final int DEVICES = 400;
  private static final int CONCURRENCY = 8;
  private static final ApnsFake APNS = PushServersIT.APNS;

  @Autowired private PushWorker worker;

  /** This node's worker stays off until the other node is dead. */
  @DynamicPropertySource
  static void push(DynamicPropertyRegistry registry) {
    Map<String, String> properties = new LinkedHashMap<>(PushServersIT.properties());
    properties.put("meridian.push.enabled", "false");
    properties.forEach((key, value) -> registry.add(key, () -> value));
  }

  @Test
  void a_node_killed_mid_send_is_taken_over_and_every_device_gets_it_once_but_for_those_in_flight()
      throws Exception {
    ObjectNode notifier = Json.object();
    notifier.put("name", "apns").put("provider", "apple").put("topic", ApnsFake.TOPIC);
    notifier.put("keyId", ApnsFake.KEY_ID).put("teamId", ApnsFake.TEAM_ID).put("p8", APNS.p8());
    assertThat(api.post(path("notifiers"), notifier.toString()).status()).isEqualTo(200);
    List<String> tokens = new ArrayList<>();
    for (int batch = 0; batch < DEVICES / 200; batch++) {
      ArrayNode devices = Json.MAPPER.createArrayNode();
      for (int i = 0; i < 200; i++) {
        String token = APNS.register(token());
        tokens.add(token);
        devices.addObject().put("apns.notifier.id", token);
      }
      ApiClient.Reply created = api.post(path("devices"), devices.toString());
      assertThat(created.status()).as(created.body()).isEqualTo(200);
    }
    APNS.delay(15);
    int port = PackagedServer.freePort();
    Process doomed = startNode(port);
    int acceptedAtKill;
    String notification;
    try {
      PackagedServer.awaitReady(new ApiClient("http://127.0.0.1:" + port));
      ApiClient.Reply sent =
          api.post(path("devices/*/notifications"), "{\"payloads\":{\"apns\":\"crash\"}}");
      assertThat(sent.status()).as(sent.body()).isEqualTo(200);
      notification = sent.entity().path("uuid").asText();
      Eventually.within(
          Duration.ofSeconds(60),
          () -> assertThat(accepted(tokens)).isGreaterThanOrEqualTo(DEVICES / 4));
    } finally {
      doomed.destroyForcibly().waitFor(); // SIGKILL: no shutdown hook, leases left to lapse
    }
    acceptedAtKill = accepted(tokens);
    assertThat(acceptedAtKill).as("killed mid-send").isLessThan(DEVICES);
    APNS.delay(0);
    worker.start();
    JsonNode finished =
        Eventually.within(
            Duration.ofSeconds(90),
            () -> {
              JsonNode entity = api.get(path("notifications/" + notification)).entity();
              assertThat(entity.path("state").asText()).isEqualTo("FINISHED");
              return entity;
            });
    assertThat(finished.path("expectedCount").asInt()).isEqualTo(DEVICES);
    assertThat(finished.path("statistics").path("sent").asInt()).isEqualTo(DEVICES);
    assertThat(finished.path("statistics").path("errors").asInt()).isZero();
    for (String token : tokens) {
      assertThat(APNS.accepted(token)).as("deliveries to " + token).isBetween(1, 2);
    }
    int repeats = accepted(tokens) - DEVICES;
    assertThat(repeats).as("sends repeated after the kill").isBetween(0, CONCURRENCY);
    ApiClient.Reply receipts =
        api.get(path("notifications/" + notification + "/receipts?limit=1000"));
    assertThat(receipts.json().path("entities")).hasSize(DEVICES);
    Files.writeString(
        Path.of("target", "crash-it", "push-crash.txt"),
        "accepted at kill: " + acceptedAtKill + ", repeated: " + repeats + "\n");
  }

  private static int accepted(List<String> tokens) {
    return tokens.stream().mapToInt(APNS::accepted).sum();
  }

  private static Process startNode(int port) throws IOException {
    Map<String, String> properties = new LinkedHashMap<>(TestServers.properties());
    properties.putAll(PushServersIT.properties());
    properties.put("meridian.push.lease", "3s");
    properties.put("meridian.push.chunk-size", "50");
    properties.put("meridian.push.concurrency", String.valueOf(CONCURRENCY));
    return PackagedServer.start(port, properties, "push-doomed");
  }

  private static String token() {
    byte[] bytes = new byte[32];
    ThreadLocalRandom.current().nextBytes(bytes);
    return HexFormat.of().formatHex(bytes);
  }
}
