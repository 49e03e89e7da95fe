package io.meridian.core.device;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.benmanes.caffeine.cache.Ticker;
import com.sun.net.httpserver.HttpServer;
import io.meridian.core.common.Json;
import io.meridian.testing.MutableClock;
import io.meridian.testing.device.MemoryEdgeSettingsStore;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Webhooks posting to a real HTTP server of the JDK on the loopback address. */
class WebhooksTest {
  private static final UUID APP = UUID.randomUUID();

  /** What the server received: the body and the two headers of each request. */
  private record Received(byte[] body, String signature, String timestamp) {}

  private final List<Received> received = new CopyOnWriteArrayList<>();
  private final AtomicInteger failuresLeft = new AtomicInteger();
  private volatile int failureStatus = 500;
  private volatile CountDownLatch hold = new CountDownLatch(0);
  private final HttpServer server;
  private final MemoryEdgeSettingsStore store = new MemoryEdgeSettingsStore();
  private final EdgeSettingsService settings =
      new EdgeSettingsService(store, new byte[32], Duration.ZERO, Ticker.systemTicker());
  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-26T12:00:00Z"));
  private Webhooks webhooks;

  WebhooksTest() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
    server.createContext(
        "/hook",
        exchange -> {
          try {
            hold.await(10, TimeUnit.SECONDS);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          byte[] body = exchange.getRequestBody().readAllBytes();
          received.add(
              new Received(
                  body,
                  exchange.getRequestHeaders().getFirst("X-Meridian-Signature"),
                  exchange.getRequestHeaders().getFirst("X-Meridian-Timestamp")));
          int status = failuresLeft.getAndDecrement() > 0 ? failureStatus : 204;
          exchange.sendResponseHeaders(status, -1);
          exchange.close();
        });
    server.setExecutor(java.util.concurrent.Executors.newFixedThreadPool(4));
    server.start();
  }

  @AfterEach
  void stop() {
    hold.countDown();
    if (webhooks != null) {
      webhooks.close();
    }
    server.stop(0);
  }

  private Webhooks webhooks(int capacity, int workers, boolean allowPrivate) {
    return webhooks(
        capacity, workers, allowPrivate, InetAddress::getAllByName, Duration.ofSeconds(5));
  }

  private Webhooks webhooks(
      int capacity,
      int workers,
      boolean allowPrivate,
      WebhookAddresses.Lookup lookup,
      Duration timeout) {
    webhooks =
        new Webhooks(
            settings,
            lookup,
            clock,
            new Webhooks.Options(
                capacity,
                workers,
                4,
                Duration.ofMillis(20),
                Duration.ofMillis(100),
                Duration.ofMillis(500),
                timeout,
                allowPrivate));
    return webhooks;
  }

  private byte[] hookedKey() throws IOException {
    return hookedKey("127.0.0.1");
  }

  private byte[] hookedKey(String host) throws IOException {
    String url = "http://" + host + ":" + server.getAddress().getPort() + "/hook";
    return settings
        .update(APP, Json.MAPPER.readTree("{\"webhook_url\":\"" + url + "\"}"))
        .newWebhookKey();
  }

  private static void awaitUntil(BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("condition not met within 10 s");
      }
      Thread.sleep(5);
    }
  }

  private static String hmac(byte[] key, byte[] body) throws Exception {
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(key, "HmacSHA256"));
    return "sha256=" + HexFormat.of().formatHex(mac.doFinal(body));
  }

  @Test
  void posts_the_event_signed_with_the_applications_key() throws Exception {
    byte[] key = hookedKey();
    Webhooks hooks = webhooks(10, 2, true);

    assertThat(hooks.submit(APP, "sensor-1", "{\"t\":21.5}".getBytes(StandardCharsets.UTF_8)))
        .isTrue();
    assertThat(
            hooks.submit(
                APP, "sensor-2 \"quoted\"", "door opened".getBytes(StandardCharsets.UTF_8)))
        .isTrue();
    awaitUntil(() -> hooks.counters(APP).delivered() == 2);

    assertThat(received).hasSize(2);
    for (Received request : received) {
      assertThat(request.signature()).isEqualTo(hmac(key, request.body()));
      assertThat(request.timestamp()).isEqualTo(Long.toString(clock.millis()));
    }
    List<JsonNode> bodies =
        received.stream()
            .map(request -> parse(request.body()))
            .sorted((a, b) -> a.path("device").asText().compareTo(b.path("device").asText()))
            .toList();
    assertThat(bodies.get(0).path("app").asText()).isEqualTo(APP.toString());
    assertThat(bodies.get(0).path("device").asText()).isEqualTo("sensor-1");
    assertThat(bodies.get(0).path("timestamp").asLong()).isEqualTo(clock.millis());
    assertThat(bodies.get(0).path("event").path("t").asDouble()).isEqualTo(21.5);
    assertThat(bodies.get(1).path("device").asText()).isEqualTo("sensor-2 \"quoted\"");
    assertThat(bodies.get(1).path("event").asText()).isEqualTo("door opened");
    assertThat(hooks.counters(APP)).isEqualTo(new Webhooks.Counters(2, 0, 0, 0));
    assertThat(hooks.pending()).isZero();
  }

  @Test
  void a_signature_under_another_key_does_not_verify() throws Exception {
    hookedKey();
    Webhooks hooks = webhooks(10, 1, true);
    hooks.submit(APP, "sensor-1", "1".getBytes(StandardCharsets.UTF_8));
    awaitUntil(() -> hooks.counters(APP).delivered() == 1);

    assertThat(received.get(0).signature())
        .isNotEqualTo(hmac(new byte[32], received.get(0).body()));
  }

  @Test
  void retries_a_500_with_backoff_and_then_delivers() throws Exception {
    byte[] key = hookedKey();
    failuresLeft.set(2);
    Webhooks hooks = webhooks(10, 1, true);

    hooks.submit(APP, "sensor-1", "{\"n\":1}".getBytes(StandardCharsets.UTF_8));
    awaitUntil(() -> hooks.counters(APP).delivered() == 1);

    assertThat(received).hasSize(3);
    assertThat(received)
        .allSatisfy(request -> assertThat(request.body()).isEqualTo(received.get(0).body()));
    assertThat(received.get(2).signature()).isEqualTo(hmac(key, received.get(2).body()));
    assertThat(hooks.counters(APP)).isEqualTo(new Webhooks.Counters(1, 0, 0, 2));
  }

  @Test
  void gives_up_after_the_last_attempt_and_at_once_on_a_400() throws Exception {
    hookedKey();
    failuresLeft.set(100);
    Webhooks hooks = webhooks(10, 1, true);

    hooks.submit(APP, "sensor-1", "1".getBytes(StandardCharsets.UTF_8));
    awaitUntil(() -> hooks.counters(APP).failed() == 1);
    int attempts = received.size();
    failureStatus = 400;
    hooks.submit(APP, "sensor-1", "2".getBytes(StandardCharsets.UTF_8));
    awaitUntil(() -> hooks.counters(APP).failed() == 2);

    assertThat(attempts).isEqualTo(4);
    assertThat(received).hasSize(5);
    assertThat(hooks.counters(APP)).isEqualTo(new Webhooks.Counters(0, 2, 0, 3));
  }

  @Test
  void drops_and_counts_events_beyond_the_capacity() throws Exception {
    hookedKey();
    hold = new CountDownLatch(1);
    Webhooks hooks = webhooks(2, 1, true);

    boolean first = hooks.submit(APP, "sensor-1", "1".getBytes(StandardCharsets.UTF_8));
    boolean second = hooks.submit(APP, "sensor-1", "2".getBytes(StandardCharsets.UTF_8));
    boolean third = hooks.submit(APP, "sensor-1", "3".getBytes(StandardCharsets.UTF_8));
    hold.countDown();
    awaitUntil(() -> hooks.counters(APP).delivered() == 2);

    assertThat(first).isTrue();
    assertThat(second).isTrue();
    assertThat(third).isFalse();
    assertThat(hooks.counters(APP)).isEqualTo(new Webhooks.Counters(2, 0, 1, 0));
    assertThat(received)
        .extracting(request -> parse(request.body()).path("event").asInt())
        .containsExactlyInAnyOrder(1, 2);
  }

  @Test
  void refuses_a_webhook_on_a_local_address_unless_allowed() throws Exception {
    hookedKey();
    Webhooks hooks = webhooks(10, 1, false);

    hooks.submit(APP, "sensor-1", "1".getBytes(StandardCharsets.UTF_8));
    awaitUntil(() -> hooks.counters(APP).failed() == 1);

    assertThat(received).isEmpty();
    for (String local :
        List.of("127.0.0.1", "10.1.2.3", "169.254.169.254", "::1", "fd00::1", "100.64.0.1")) {
      assertThat(WebhookAddresses.isLocal(InetAddress.getByName(local))).as(local).isTrue();
    }
    assertThat(WebhookAddresses.isLocal(InetAddress.getByName("93.184.216.34"))).isFalse();
  }

  @Test
  void a_name_that_answers_public_to_the_check_and_local_to_the_connection_never_reaches_it()
      throws Exception {
    // DNS rebinding: the first answer is public, every later one the loopback server's.
    AtomicInteger lookups = new AtomicInteger();
    WebhookAddresses.Lookup rebinding =
        host -> {
          if (!host.equals("rebinding.example")) {
            return InetAddress.getAllByName(host);
          }
          return lookups.getAndIncrement() == 0
              ? new InetAddress[] {InetAddress.getByName("192.0.2.10")}
              : new InetAddress[] {InetAddress.getLoopbackAddress()};
        };
    hookedKey("rebinding.example");
    Webhooks hooks = webhooks(10, 1, false, rebinding, Duration.ofMillis(500));

    hooks.submit(APP, "sensor-1", "1".getBytes(StandardCharsets.UTF_8));
    awaitUntil(() -> hooks.counters(APP).failed() == 1);

    assertThat(lookups.get()).isGreaterThanOrEqualTo(2); // the rebound answer was asked for
    assertThat(received).isEmpty(); // and never connected to
  }

  @Test
  void an_answer_that_never_comes_is_cut_off_at_the_timeout_and_retried() throws Exception {
    hookedKey();
    hold = new CountDownLatch(1); // the server holds every request until the test ends
    Webhooks hooks = webhooks(10, 1, true, InetAddress::getAllByName, Duration.ofMillis(300));
    long started = System.nanoTime();

    hooks.submit(APP, "sensor-1", "1".getBytes(StandardCharsets.UTF_8));
    awaitUntil(() -> hooks.counters(APP).retried() >= 1);

    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(3));
    assertThat(hooks.counters(APP).delivered()).isZero();
  }

  @Test
  void an_application_without_a_webhook_queues_nothing() {
    Webhooks hooks = webhooks(10, 1, true);

    assertThat(hooks.submit(APP, "sensor-1", "1".getBytes(StandardCharsets.UTF_8))).isTrue();

    assertThat(hooks.pending()).isZero();
    assertThat(hooks.counters(APP)).isEqualTo(Webhooks.Counters.NONE);
  }

  @Test
  void backoff_doubles_up_to_its_maximum() {
    Webhooks hooks = webhooks(10, 1, true);

    assertThat(hooks.backoff(1)).isEqualTo(20);
    assertThat(hooks.backoff(2)).isEqualTo(40);
    assertThat(hooks.backoff(3)).isEqualTo(80);
    assertThat(hooks.backoff(4)).isEqualTo(100);
    assertThat(hooks.backoff(60)).isEqualTo(100);
  }

  private static JsonNode parse(byte[] body) {
    try {
      return Json.MAPPER.readTree(body);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }
}
