package io.meridian.rest.push;

import static org.assertj.core.api.Assertions.assertThat;

import com.eatthepath.pushy.apns.ApnsClient;
import com.eatthepath.pushy.apns.ApnsClientBuilder;
import com.eatthepath.pushy.apns.auth.ApnsSigningKey;
import com.eatthepath.pushy.apns.util.SimpleApnsPushNotification;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.Json;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.Eventually;
import io.meridian.rest.support.SharedResources;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The push benchmark, run on demand ({@code -Dmeridian.bench.push=<devices>}): one notification to
 * that many devices through the APNs fake, from POST to FINISHED, beside the anchor measured in the
 * same run — the same number of sends from a bare Pushy client to the same fake, with as many in
 * flight as Meridian's worker allows. The ratio is what the queue (expansion, leases, outcome
 * writes, statistics) costs over the provider alone.
 */
@EnabledIfSystemProperty(named = "meridian.bench.push", matches = "\\d+")
@ResourceLock(SharedResources.PUSH_QUEUE)
class PushBenchmarkIT extends PushServersIT {
  private static final int IN_FLIGHT = 64; // meridian.push.concurrency's default

  @Test
  void notifications_per_second_beside_the_fake_alone() throws Exception {
    int devices = Integer.getInteger("meridian.bench.push");
    ObjectNode notifier = Json.object();
    notifier.put("name", "apns").put("provider", "apple").put("topic", ApnsFake.TOPIC);
    notifier.put("keyId", ApnsFake.KEY_ID).put("teamId", ApnsFake.TEAM_ID).put("p8", APNS.p8());
    assertThat(api.post(path("notifiers"), notifier.toString()).status()).isEqualTo(200);
    List<String> tokens = new ArrayList<>(devices);
    long loadStart = System.nanoTime();
    for (int from = 0; from < devices; from += 500) {
      ArrayNode batch = Json.MAPPER.createArrayNode();
      for (int i = from; i < Math.min(devices, from + 500); i++) {
        String token = APNS.register(token());
        tokens.add(token);
        batch.addObject().put("apns.notifier.id", token);
      }
      ApiClient.Reply created =
          api.post(path("devices") + "?consistency=eventual", batch.toString());
      assertThat(created.status()).as(created.body()).isEqualTo(200);
    }
    double loadSeconds = (System.nanoTime() - loadStart) / 1e9;

    double anchorSeconds = anchor(tokens);

    long start = System.nanoTime();
    ApiClient.Reply sent =
        api.post(path("devices/*/notifications"), "{\"payloads\":{\"apns\":\"bench\"}}");
    assertThat(sent.status()).as(sent.body()).isEqualTo(200);
    String uuid = sent.entity().path("uuid").asText();
    JsonNode finished =
        Eventually.within(
            Duration.ofMinutes(30),
            () -> {
              JsonNode entity = api.get(path("notifications/" + uuid)).entity();
              assertThat(entity.path("state").asText()).isEqualTo("FINISHED");
              return entity;
            });
    double meridianSeconds = (System.nanoTime() - start) / 1e9;
    assertThat(finished.path("statistics").path("sent").asInt()).isEqualTo(devices);

    String report =
        String.format(
            "devices %d%n"
                + "device registration: %.1f s (%.0f devices/s)%n"
                + "anchor, Pushy client -> APNs fake, %d in flight: %.2f s, %.0f sends/s%n"
                + "Meridian POST -> FINISHED: %.2f s, %.0f notifications/s%n"
                + "  of which queued to started: %d ms%n"
                + "ratio Meridian / anchor (throughput): %.2f%n",
            devices,
            loadSeconds,
            devices / loadSeconds,
            IN_FLIGHT,
            anchorSeconds,
            devices / anchorSeconds,
            meridianSeconds,
            devices / meridianSeconds,
            finished.path("started").asLong() - finished.path("created").asLong(),
            anchorSeconds / meridianSeconds);
    System.out.println(report);
    Files.createDirectories(Path.of("target", "benchmarks"));
    Files.writeString(Path.of("target", "benchmarks", "push.txt"), report);
  }

  /** The same sends from a bare Pushy client: what the fake alone allows. */
  private static double anchor(List<String> tokens) throws Exception {
    ApnsClient client =
        new ApnsClientBuilder()
            .setApnsServer("127.0.0.1", APNS.port)
            .setTrustedServerCertificateChain(APNS.certificates.authority)
            .setSigningKey(
                ApnsSigningKey.loadFromInputStream(
                    new ByteArrayInputStream(APNS.p8().getBytes(StandardCharsets.US_ASCII)),
                    ApnsFake.TEAM_ID,
                    ApnsFake.KEY_ID))
            .setConcurrentConnections(2)
            .build();
    try {
      Semaphore window = new Semaphore(IN_FLIGHT);
      long start = System.nanoTime();
      for (String token : tokens) {
        window.acquire();
        client
            .sendNotification(
                new SimpleApnsPushNotification(
                    token, ApnsFake.TOPIC, "{\"aps\":{\"alert\":\"a\"}}"))
            .whenComplete(
                (response, error) -> {
                  window.release();
                  if (error != null || !response.isAccepted()) {
                    throw new IllegalStateException("the anchor's send was refused");
                  }
                });
      }
      window.acquire(IN_FLIGHT);
      return (System.nanoTime() - start) / 1e9;
    } finally {
      client.close().join();
    }
  }

  private static String token() {
    byte[] bytes = new byte[32];
    ThreadLocalRandom.current().nextBytes(bytes);
    return HexFormat.of().formatHex(bytes);
  }
}
