package io.meridian.rest.edge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.device.EdgeNode;
import io.meridian.edge.EdgeServer;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.CometaDevice;
import io.meridian.rest.support.Eventually;
import io.meridian.rest.support.ExtraNode;
import io.meridian.rest.support.MeridianIT;
import io.meridian.rest.support.PackagedServer;
import io.meridian.rest.support.TestServers;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * The kill test: node B, a packaged server in a JVM of its own, holds devices and is killed
 * with SIGKILL while RPCs for them are in flight through node A. The RPCs fail with a clear error
 * well within their timeout, none hangs; the devices' entities are marked disconnected within 1.5
 * times the heartbeat; the devices attach again to A and answer RPCs.
 */
@Order(6) // long: starts early, so that it overlaps the others
class DeviceCrashIT extends MeridianIT {
  private static final Duration HEARTBEAT = Duration.ofSeconds(4);
  private static final int DEVICES = 4;
  private static final Duration RPC_TIMEOUT = Duration.ofSeconds(10);
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  /** Settings of both nodes: a short heartbeat, and nodes declared dead soon. */
  private static Map<String, String> edge() {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("meridian.edge.heartbeat", HEARTBEAT.toSeconds() + "s");
    settings.put("meridian.edge.node-beat", "500ms");
    settings.put("meridian.edge.node-timeout", "2500ms");
    return settings;
  }

  private CompletableFuture<HttpResponse<String>> rpc(ApiClient node, String device, String body) {
    return HTTP.sendAsync(
        HttpRequest.newBuilder(
                URI.create(
                    node.base()
                        + path("devices")
                        + "/"
                        + device
                        + "/send?timeout="
                        + RPC_TIMEOUT.toMillis()))
            .header("Authorization", "Bearer " + api.token())
            .timeout(Duration.ofSeconds(60))
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private JsonNode entity(String device) {
    ApiClient.Reply reply = api.get(path("devices") + "/" + device);
    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    return reply.entity();
  }

  @Test
  void rpcs_in_flight_to_a_killed_node_fail_fast_and_its_devices_come_back_through_another()
      throws Exception {
    int portB = PackagedServer.freePort();
    int edgePortB = PackagedServer.freePort();
    Map<String, String> settingsB = new LinkedHashMap<>(TestServers.properties());
    settingsB.putAll(edge());
    settingsB.put("meridian.edge.port", String.valueOf(edgePortB));
    Process nodeB = PackagedServer.start(portB, settingsB, "device-crash-b");
    List<CometaDevice> devices = new ArrayList<>();
    try {
      ApiClient clientB = new ApiClient("http://127.0.0.1:" + portB);
      PackagedServer.awaitReady(
          clientB); // before node A starts: a loaded machine starts one at a time
      try (ExtraNode nodeA = ExtraNode.start(edge())) {
        ApiClient clientA = nodeA.client();

        CountDownLatch received = new CountDownLatch(DEVICES);
        for (int i = 0; i < DEVICES; i++) {
          String id = "crash-" + i;
          CometaDevice device =
              CometaDevice.attach(edgePortB, credentials.clientId(), id, deviceSecret(id), "b");
          assertThat(device.status()).as(device.greeting()).isEqualTo(200);
          devices.add(device);
          device.serve(
              request -> {
                if (request.equals("never")) {
                  received.countDown();
                  sleep(Duration.ofMinutes(1)); // never answers: its node dies first
                }
                return "b:" + request;
              });
        }
        Heartbeats heartbeats = new Heartbeats(devices);
        heartbeats.start();
        for (int i = 0; i < DEVICES; i++) {
          String id = "crash-" + i;
          Eventually.within(
              Duration.ofSeconds(20),
              () -> {
                HttpResponse<String> reply = rpc(clientA, id, "warm").join();
                assertThat(reply.statusCode()).as(reply.body()).isEqualTo(200);
                assertThat(reply.body()).isEqualTo("b:warm");
              });
        }

        List<CompletableFuture<HttpResponse<String>>> inFlight = new ArrayList<>();
        for (int i = 0; i < DEVICES; i++) {
          inFlight.add(rpc(clientA, "crash-" + i, "never"));
        }
        assertThat(received.await(20, TimeUnit.SECONDS))
            .as("requests reached the devices")
            .isTrue();

        long killed = System.nanoTime();
        nodeB.destroyForcibly().waitFor(); // SIGKILL
        heartbeats.interrupt();

        for (CompletableFuture<HttpResponse<String>> rpc : inFlight) {
          HttpResponse<String> failed =
              rpc.get(RPC_TIMEOUT.plusSeconds(5).toMillis(), TimeUnit.MILLISECONDS);
          assertThat(failed.statusCode()).as(failed.body()).isEqualTo(502);
          assertThat(failed.body()).contains("\"error\":\"device_detached\"");
        }
        long failedAfter = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killed);

        for (int i = 0; i < DEVICES; i++) {
          String id = "crash-" + i;
          Eventually.within(
              HEARTBEAT.multipliedBy(3),
              () -> {
                JsonNode entity = entity(id);
                assertThat(entity.path("connected").asBoolean(true))
                    .as(entity.toString())
                    .isFalse();
              });
        }
        long disconnectedAfter = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killed);
        System.out.printf(
            "Device crash: in-flight RPCs failed %d ms and presence corrected %d ms after the kill%n",
            failedAfter, disconnectedAfter);
        assertThat(disconnectedAfter)
            .as("presence corrected within 1.5 x heartbeat")
            .isLessThanOrEqualTo(HEARTBEAT.toMillis() * 3 / 2);

        devices.forEach(CometaDevice::close);
        devices.clear();
        int edgePortA = nodeA.bean(EdgeServer.class).port();
        String nodeIdA = nodeA.bean(EdgeNode.class).id();
        for (int i = 0; i < DEVICES; i++) {
          String id = "crash-" + i;
          CometaDevice device =
              CometaDevice.attach(edgePortA, credentials.clientId(), id, deviceSecret(id), "a");
          assertThat(device.status()).as(device.greeting()).isEqualTo(200);
          devices.add(device.serve(request -> "a:" + request));
        }
        Heartbeats again = new Heartbeats(devices);
        again.start();
        for (int i = 0; i < DEVICES; i++) {
          String id = "crash-" + i;
          HttpResponse<String> reply = rpc(clientA, id, "again").join();
          assertThat(reply.statusCode()).as(reply.body()).isEqualTo(200);
          assertThat(reply.body()).isEqualTo("a:again");
          Eventually.within(
              Duration.ofSeconds(10),
              () -> {
                JsonNode entity = entity(id);
                assertThat(entity.path("connected").asBoolean()).as(entity.toString()).isTrue();
                assertThat(entity.path("node").asText()).isEqualTo(nodeIdA);
              });
        }
        again.interrupt();
      }
    } finally {
      devices.forEach(CometaDevice::close);
      nodeB.destroyForcibly().waitFor();
    }
  }

  private static void sleep(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Beats for every device, as their SDKs do, until interrupted. */
  private static final class Heartbeats extends Thread {
    private final List<CometaDevice> devices;

    Heartbeats(List<CometaDevice> devices) {
      super("device-heartbeats");
      setDaemon(true);
      this.devices = List.copyOf(devices);
    }

    @Override
    public void run() {
      while (!isInterrupted()) {
        try {
          devices.forEach(CometaDevice::heartbeat);
          Thread.sleep(HEARTBEAT.toMillis() / 3);
        } catch (InterruptedException | RuntimeException e) {
          return;
        }
      }
    }
  }
}
