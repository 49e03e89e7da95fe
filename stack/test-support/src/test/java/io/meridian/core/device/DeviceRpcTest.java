package io.meridian.core.device;

import static io.meridian.testing.Refusals.codeOf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.meridian.core.common.ConnectionQuota;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.common.RetryLaterException;
import io.meridian.testing.MutableClock;
import io.meridian.testing.device.MemoryDeviceEntities;
import io.meridian.testing.device.MemoryDeviceRegistry;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Where a device RPC is served: a real DeviceHub with test sessions that answer as the device
 * would, the in-memory registry of the edge's nodes, and a relay that records what it forwards.
 */
class DeviceRpcTest {
  private static final UUID APP = UUID.fromString("00000000-0000-1000-8000-00000000a001");
  private static final UUID CALLER = UUID.fromString("00000000-0000-1000-8000-00000000c001");
  private static final UUID OTHER_CALLER = UUID.fromString("00000000-0000-1000-8000-00000000c002");
  private static final Duration TIMEOUT = Duration.ofSeconds(30);
  private static final Duration NODE_TIMEOUT = Duration.ofSeconds(5);
  private static final int MAX_BYTES = 16;

  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-28T12:00:00Z"));
  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
  private final DeviceHub hub = new DeviceHub(List.of(), timer, 1, 2);
  private final MemoryDeviceRegistry registry = new MemoryDeviceRegistry();
  private final EdgeNode node = new EdgeNode("http://here:8080");
  private final EdgeNodes nodes =
      new EdgeNodes(
          registry,
          new MemoryDeviceEntities(),
          node.id(),
          node::address,
          clock,
          Duration.ofSeconds(1),
          NODE_TIMEOUT);
  private final RecordingRelay relay = new RecordingRelay();
  private final DeviceRpc rpc =
      new DeviceRpc(
          hub,
          registry,
          nodes,
          node,
          relay,
          Duration.ofSeconds(5),
          TIMEOUT,
          MAX_BYTES,
          ConnectionQuota.unbounded("rpcs"));
  private final DeviceRpc.Origin origin =
      new DeviceRpc.Origin("/acme/shop/devices/meter1/send", null, "Bearer t", "text/plain", false);
  private final DeviceRpc.Origin relayed =
      new DeviceRpc.Origin("/acme/shop/devices/meter1/send", null, "Bearer t", "text/plain", true);

  /** Two RPCs per caller, three per application, waiting at once. */
  private final ConnectionQuota waiting = new ConnectionQuota("waiting_rpcs", 0, 2, 3);

  private final DeviceRpc bounded =
      new DeviceRpc(
          hub, registry, nodes, node, relay, Duration.ofSeconds(5), TIMEOUT, MAX_BYTES, waiting);

  private final ExecutorService callers = Executors.newCachedThreadPool();

  @AfterEach
  void stop() {
    timer.shutdownNow();
    callers.shutdownNow();
  }

  /** What the relay was asked to forward. */
  record Forward(
      String address, DeviceRpc.Origin origin, String body, Duration timeout, String device) {}

  /** A relay answering 200 for the node that holds the device, recording every forward. */
  static final class RecordingRelay implements RpcRelay {
    final List<Forward> forwards = new ArrayList<>();

    @Override
    public DeviceRpc.Answer forward(
        String address, DeviceRpc.Origin origin, byte[] body, Duration timeout, String device) {
      forwards.add(
          new Forward(address, origin, new String(body, StandardCharsets.UTF_8), timeout, device));
      return new DeviceRpc.Answer(200, "text/plain", bytes("from " + address));
    }
  }

  /** A device attached here that does what {@code onDelivery} says with each request. */
  final class Device implements DeviceSession {
    final String device;
    final List<String> delivered = new ArrayList<>();
    final BiConsumer<Device, byte[]> onDelivery;

    Device(String device, BiConsumer<Device, byte[]> onDelivery) {
      this.device = device;
      this.onDelivery = onDelivery;
      hub.attach(this, null);
    }

    @Override
    public UUID app() {
      return APP;
    }

    @Override
    public String device() {
      return device;
    }

    @Override
    public DeviceCredential credential() {
      return DeviceCredential.DEVICE_SECRET;
    }

    @Override
    public long secretGeneration() {

      return 0;
    }

    @Override
    public String transport() {
      return "websocket";
    }

    @Override
    public String remoteAddress() {
      return "10.0.0.7:50000";
    }

    @Override
    public Instant attachedAt() {
      return clock.instant();
    }

    @Override
    public Duration heartbeat() {
      return Duration.ofSeconds(60);
    }

    @Override
    public void deliver(byte[] message) {
      delivered.add(new String(message, StandardCharsets.UTF_8));
      onDelivery.accept(this, message);
    }

    @Override
    public void close() {}
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private void replying(String device, String reply) {
    new Device(device, (session, message) -> hub.reply(session, bytes(reply)));
  }

  /** The registry places the device on {@code holder}, a node that beat {@code ago}. */
  private void heldBy(String device, String holder, Duration ago) {
    Instant seen = clock.instant().minus(ago);
    registry.beat(holder, "http://" + holder + ":8080", seen);
    registry.attached(
        APP, device, holder, "http://" + holder + ":8080", seen, DeviceCredential.DEVICE_SECRET, 1);
  }

  @Test
  void a_device_attached_here_is_sent_the_request_and_its_reply_answers_the_caller() {
    Device meter =
        new Device("meter1", (session, message) -> hub.reply(session, bytes("{\"kwh\":7}")));

    DeviceRpc.Answer answer =
        rpc.send(CALLER, APP, "meter1", bytes("read"), false, TIMEOUT, origin);

    assertThat(meter.delivered).containsExactly("read");
    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.type()).isEqualTo(DeviceReplies.JSON);
    assertThat(new String(answer.body(), StandardCharsets.UTF_8)).isEqualTo("{\"kwh\":7}");
    assertThat(relay.forwards).isEmpty();
  }

  @Test
  void a_device_attached_here_is_served_here_whatever_the_registry_says() {
    replying("meter1", "here");
    heldBy("meter1", "other", Duration.ZERO);

    DeviceRpc.Answer answer =
        rpc.send(CALLER, APP, "meter1", bytes("read"), false, TIMEOUT, origin);

    assertThat(new String(answer.body(), StandardCharsets.UTF_8)).isEqualTo("here");
    assertThat(relay.forwards).isEmpty();
  }

  @Test
  void a_correlated_request_is_answered_by_the_reply_carrying_its_id() {
    new Device(
        "meter1", (session, message) -> hub.reply(session, bytes("{\"id\":7,\"result\":\"ok\"}")));

    DeviceRpc.Answer answer =
        rpc.send(
            CALLER, APP, "meter1", bytes("{\"id\":7,\"method\":\"read\"}"), true, TIMEOUT, origin);

    assertThat(new String(answer.body(), StandardCharsets.UTF_8)).contains("\"result\":\"ok\"");
    assertThat(codeOf(() -> rpc.send(CALLER, APP, "meter1", bytes("read"), true, TIMEOUT, origin)))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
  }

  @Test
  void a_device_on_another_live_node_is_reached_through_the_relay() {
    heldBy("meter1", "other", NODE_TIMEOUT);

    DeviceRpc.Answer answer =
        rpc.send(CALLER, APP, "meter1", bytes("read"), false, Duration.ofSeconds(2), origin);

    assertThat(relay.forwards)
        .containsExactly(
            new Forward("http://other:8080", origin, "read", Duration.ofSeconds(2), "meter1"));
    assertThat(new String(answer.body(), StandardCharsets.UTF_8))
        .isEqualTo("from http://other:8080");
  }

  @Test
  void a_request_already_relayed_is_never_relayed_again() {
    heldBy("meter1", "other", Duration.ZERO);

    assertThat(
            codeOf(() -> rpc.send(CALLER, APP, "meter1", bytes("read"), false, TIMEOUT, relayed)))
        .isEqualTo(ErrorCode.DEVICE_NOT_CONNECTED);
    assertThat(relay.forwards).isEmpty();
  }

  @Test
  void a_device_nowhere_on_a_dead_node_or_placed_here_but_gone_is_not_connected() {
    heldBy("meter2", "dead", NODE_TIMEOUT.plusMillis(1));
    registry.attached(
        APP,
        "meter3",
        node.id(),
        node.address(),
        clock.instant(),
        DeviceCredential.DEVICE_SECRET,
        1);

    for (String device : List.of("meter1", "meter2", "meter3")) {
      assertThat(codeOf(() -> rpc.send(CALLER, APP, device, bytes("read"), false, TIMEOUT, origin)))
          .as(device)
          .isEqualTo(ErrorCode.DEVICE_NOT_CONNECTED);
    }
    assertThat(ErrorCode.DEVICE_NOT_CONNECTED.status()).isEqualTo(404);
    assertThat(relay.forwards).isEmpty();
  }

  @Test
  void a_device_that_detaches_before_replying_answers_device_detached() {
    new Device("meter1", (session, message) -> hub.detach(session, "connection lost"));

    assertThat(codeOf(() -> rpc.send(CALLER, APP, "meter1", bytes("read"), false, TIMEOUT, origin)))
        .isEqualTo(ErrorCode.DEVICE_DETACHED);
  }

  @Test
  void an_interrupted_wait_answers_device_timeout_and_keeps_the_interrupt() {
    new Device("meter1", (session, message) -> {});

    Thread.currentThread().interrupt();
    ErrorCode code =
        codeOf(() -> rpc.send(CALLER, APP, "meter1", bytes("read"), false, TIMEOUT, origin));

    assertThat(Thread.interrupted()).isTrue();
    assertThat(code).isEqualTo(ErrorCode.DEVICE_TIMEOUT);
  }

  @Test
  void a_timeout_is_the_default_or_milliseconds_from_one_to_the_maximum() {
    assertThat(rpc.timeout(null)).isEqualTo(Duration.ofSeconds(5));
    assertThat(rpc.timeout("")).isEqualTo(Duration.ofSeconds(5));
    assertThat(rpc.timeout("1")).isEqualTo(Duration.ofMillis(1));
    assertThat(rpc.timeout("30000")).isEqualTo(TIMEOUT);
    for (String refused : List.of("0", "-5", "30001", "1.5", "soon", "99999999999999999999")) {
      assertThat(codeOf(() -> rpc.timeout(refused)))
          .as(refused)
          .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    }
  }

  @Test
  void correlation_is_jsonrpc_or_none() {
    assertThat(DeviceRpc.correlate(null)).isFalse();
    assertThat(DeviceRpc.correlate("")).isFalse();
    assertThat(DeviceRpc.correlate("none")).isFalse();
    assertThat(DeviceRpc.correlate("jsonrpc")).isTrue();
    for (String refused : List.of("JSONRPC", "yes", "true")) {
      assertThat(codeOf(() -> DeviceRpc.correlate(refused)))
          .as(refused)
          .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    }
  }

  @Test
  void a_body_is_read_up_to_the_largest_message_and_refused_beyond() {
    byte[] largest = new byte[MAX_BYTES];
    InputStream failing =
        new InputStream() {
          @Override
          public int read() throws IOException {
            throw new IOException("connection reset");
          }
        };

    assertThat(rpc.body(new ByteArrayInputStream(largest))).hasSize(MAX_BYTES);
    assertThat(rpc.body(new ByteArrayInputStream(new byte[0]))).isEmpty();
    assertThat(codeOf(() -> rpc.body(new ByteArrayInputStream(new byte[MAX_BYTES + 1]))))
        .isEqualTo(ErrorCode.REQUEST_ENTITY_TOO_LARGE);
    assertThat(codeOf(() -> rpc.body(failing))).isEqualTo(ErrorCode.BAD_REQUEST);
  }

  /**
   * A caller's RPC to a device that never replies, waiting on another thread until it times out.
   */
  private CompletableFuture<Void> waitingRpc(UUID caller, String device, Duration timeout) {
    return CompletableFuture.runAsync(
        () -> {
          try {
            bounded.send(caller, APP, device, bytes("read"), false, timeout, origin);
          } catch (MeridianException e) {
            // the timeout that ends it
          }
        },
        callers);
  }

  private void awaitHeld(ConnectionQuota.Scope scope, Object key, int count) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (waiting.held(scope, key) != count) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError(scope + " " + key + " holds " + waiting.held(scope, key));
      }
      Thread.sleep(5);
    }
  }

  @Test
  void a_caller_beyond_its_waiting_rpcs_is_refused_429_while_another_caller_is_served()
      throws Exception {
    new Device("silent1", (session, message) -> {});
    new Device("silent2", (session, message) -> {});
    replying("meter1", "ok");
    waitingRpc(CALLER, "silent1", TIMEOUT);
    waitingRpc(CALLER, "silent2", TIMEOUT);
    awaitHeld(ConnectionQuota.Scope.IDENTITY, CALLER, 2);

    assertThatThrownBy(
            () -> bounded.send(CALLER, APP, "meter1", bytes("read"), false, TIMEOUT, origin))
        .isInstanceOfSatisfying(
            RetryLaterException.class,
            e -> {
              assertThat(e.code()).isEqualTo(ErrorCode.TOO_MANY_REQUESTS);
              assertThat(e.retryAfterSeconds()).isEqualTo(1);
            });
    DeviceRpc.Answer other =
        bounded.send(OTHER_CALLER, APP, "meter1", bytes("read"), false, TIMEOUT, origin);
    assertThat(other.status()).isEqualTo(200);
    assertThat(waiting.refused(ConnectionQuota.Scope.IDENTITY)).isEqualTo(1);
  }

  @Test
  void the_application_bound_spans_its_callers_and_guests() throws Exception {
    for (int i = 1; i <= 4; i++) {
      new Device("silent" + i, (session, message) -> {});
    }
    waitingRpc(CALLER, "silent1", TIMEOUT);
    waitingRpc(OTHER_CALLER, "silent2", TIMEOUT);
    waitingRpc(null, "silent3", TIMEOUT);
    awaitHeld(ConnectionQuota.Scope.APPLICATION, APP, 3);

    assertThat(
            codeOf(() -> bounded.send(null, APP, "silent4", bytes("read"), false, TIMEOUT, origin)))
        .isEqualTo(ErrorCode.TOO_MANY_REQUESTS);
    assertThat(waiting.refused(ConnectionQuota.Scope.APPLICATION)).isEqualTo(1);
  }

  @Test
  void every_end_of_a_waiting_rpc_gives_its_place_back() throws Exception {
    new Device("silent", (session, message) -> {});
    replying("meter1", "ok");
    heldBy("elsewhere", "other", Duration.ZERO);

    bounded.send(CALLER, APP, "meter1", bytes("read"), false, TIMEOUT, origin);
    bounded.send(CALLER, APP, "elsewhere", bytes("read"), false, TIMEOUT, origin);
    codeOf(() -> bounded.send(CALLER, APP, "absent", bytes("read"), false, TIMEOUT, origin));
    waitingRpc(CALLER, "silent", Duration.ofMillis(50)).get(5, TimeUnit.SECONDS);
    CompletableFuture<Void> detached = waitingRpc(CALLER, "silent", TIMEOUT);
    awaitHeld(ConnectionQuota.Scope.IDENTITY, CALLER, 1);
    hub.detach(hub.session(APP, "silent"), "connection closed");
    detached.get(5, TimeUnit.SECONDS);

    assertThat(waiting.held(ConnectionQuota.Scope.IDENTITY, CALLER)).isZero();
    assertThat(waiting.held(ConnectionQuota.Scope.APPLICATION, APP)).isZero();
  }
}
