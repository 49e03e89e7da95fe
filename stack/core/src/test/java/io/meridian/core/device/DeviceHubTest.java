package io.meridian.core.device;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class DeviceHubTest {
  private static final UUID APP = UUID.randomUUID();
  private static final Duration LONG = Duration.ofSeconds(30);

  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
  private final List<String> told = Collections.synchronizedList(new ArrayList<>());
  private final DeviceHub hub =
      new DeviceHub(
          List.of(
              new EdgeObserver() {
                @Override
                public void rpc(DeviceSession session, Rpc rpc) {
                  told.add("rpc " + (rpc.error() == null ? "ok" : rpc.error().code()));
                }

                @Override
                public void unsolicited(DeviceSession session, int bytes) {
                  told.add("unsolicited " + bytes);
                }

                @Override
                public void detached(DeviceSession session, String reason) {
                  told.add("detached " + reason);
                }

                @Override
                public void displaced(DeviceSession displaced, DeviceSession by) {
                  told.add("displaced " + displaced.credential() + " by " + by.credential());
                }

                @Override
                public void refused(DeviceSession refused, DeviceSession attached) {
                  told.add("refused " + refused.credential() + " for " + attached.credential());
                }
              }),
          timer,
          1,
          2);

  @AfterEach
  void stop() {
    timer.shutdownNow();
  }

  private static TestDeviceSession device(String device) {
    return new TestDeviceSession(APP, device);
  }

  private static List<String> delivered(TestDeviceSession session) {
    return session.delivered.stream()
        .map(bytes -> new String(bytes, StandardCharsets.UTF_8))
        .toList();
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static String text(CompletableFuture<byte[]> reply) throws Exception {
    return new String(reply.get(5, TimeUnit.SECONDS), StandardCharsets.UTF_8);
  }

  private static ErrorCode failure(CompletableFuture<byte[]> reply) throws Exception {
    try {
      reply.get(5, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      return ((MeridianException) e.getCause()).code();
    }
    throw new AssertionError("the RPC succeeded");
  }

  @Test
  void a_plain_rpc_waits_for_the_one_before_it_and_a_reply_answers_the_oldest() throws Exception {
    TestDeviceSession device = device("d");
    hub.attach(device, "info");
    CompletableFuture<byte[]> first = hub.send(APP, "d", bytes("1"), false, LONG);
    CompletableFuture<byte[]> second = hub.send(APP, "d", bytes("2"), false, LONG);
    assertThat(delivered(device)).containsExactly("1");

    hub.reply(device, bytes("one"));
    assertThat(text(first)).isEqualTo("one");
    assertThat(delivered(device)).containsExactly("1", "2");
    hub.reply(device, bytes("two"));
    assertThat(text(second)).isEqualTo("two");
    assertThat(hub.counters(APP, "d").rpcs()).isEqualTo(2);
  }

  @Test
  void a_full_queue_refuses_with_device_busy() throws Exception {
    TestDeviceSession device = device("d");
    hub.attach(device, null);
    hub.send(APP, "d", bytes("outstanding"), false, LONG);
    hub.send(APP, "d", bytes("waiting"), false, LONG);

    assertThat(failure(hub.send(APP, "d", bytes("one too many"), false, LONG)))
        .isEqualTo(ErrorCode.DEVICE_BUSY);
  }

  @Test
  void correlated_rpcs_are_answered_by_id_in_any_order() throws Exception {
    TestDeviceSession device = device("d");
    hub.attach(device, null);
    CompletableFuture<byte[]> a = hub.send(APP, "d", bytes("{\"id\":\"a\"}"), true, LONG);
    CompletableFuture<byte[]> b = hub.send(APP, "d", bytes("{\"id\":2}"), true, LONG);
    assertThat(delivered(device)).hasSize(2);

    hub.reply(device, bytes("{\"id\":2,\"result\":\"B\"}"));
    hub.reply(device, bytes("{\"id\":\"a\",\"result\":\"A\"}"));
    assertThat(text(a)).contains("\"A\"");
    assertThat(text(b)).contains("\"B\"");
  }

  @Test
  void a_duplicate_correlation_id_in_flight_is_refused() throws Exception {
    TestDeviceSession device = device("d");
    hub.attach(device, null);
    hub.send(APP, "d", bytes("{\"id\":1}"), true, LONG);

    assertThat(failure(hub.send(APP, "d", bytes("{\"id\":1}"), true, LONG)))
        .isEqualTo(ErrorCode.DEVICE_BUSY);
  }

  /** Device "d", attached, whose plain RPC "1" timed out after it was sent. */
  private TestDeviceSession withATimedOutRpc() throws Exception {
    TestDeviceSession device = device("d");
    hub.attach(device, null);
    CompletableFuture<byte[]> lost = hub.send(APP, "d", bytes("1"), false, Duration.ofMillis(50));
    assertThat(failure(lost)).isEqualTo(ErrorCode.DEVICE_TIMEOUT);
    // The timeout fails the call, then tells the observers, on the timer's one thread: once a
    // task queued after it has run, they have been told.
    timer.submit(() -> {}).get();
    return device;
  }

  @Test
  void an_unanswered_rpc_times_out_and_the_next_one_goes_when_its_late_reply_does_not_come()
      throws Exception {
    TestDeviceSession device = withATimedOutRpc();
    CompletableFuture<byte[]> next = hub.send(APP, "d", bytes("2"), false, LONG);

    assertThat(delivered(device)).as("waits for 1's late reply").containsExactly("1");
    Thread.sleep(DeviceAttachment.lateReplyWait(Duration.ofMillis(50)).toMillis() + 100);
    assertThat(delivered(device)).containsExactly("1", "2");
    hub.reply(device, bytes("answer"));
    assertThat(text(next)).isEqualTo("answer");
    assertThat(told).contains("rpc device_timeout", "rpc ok");
  }

  @Test
  void the_late_reply_of_a_timed_out_rpc_answers_nothing_and_lets_the_next_one_go()
      throws Exception {
    TestDeviceSession device = withATimedOutRpc();
    CompletableFuture<byte[]> next = hub.send(APP, "d", bytes("2"), false, LONG);
    assertThat(delivered(device)).containsExactly("1");

    hub.reply(device, bytes("too late"));
    assertThat(delivered(device)).containsExactly("1", "2");
    assertThat(next).isNotDone();
    hub.reply(device, bytes("in time"));
    assertThat(text(next)).isEqualTo("in time");
  }

  @Test
  void a_late_reply_is_awaited_as_long_as_its_rpc_was_within_one_and_ten_seconds() {
    assertThat(DeviceAttachment.lateReplyWait(Duration.ofMillis(300))).hasSeconds(1);
    assertThat(DeviceAttachment.lateReplyWait(Duration.ofSeconds(4))).hasSeconds(4);
    assertThat(DeviceAttachment.lateReplyWait(Duration.ofMinutes(2))).hasSeconds(10);
  }

  @Test
  void a_detached_devices_waiting_rpcs_fail_at_once() throws Exception {
    TestDeviceSession device = device("d");
    hub.attach(device, null);
    CompletableFuture<byte[]> outstanding = hub.send(APP, "d", bytes("1"), false, LONG);
    CompletableFuture<byte[]> waiting = hub.send(APP, "d", bytes("2"), false, LONG);

    hub.detach(device, "connection closed");
    assertThat(failure(outstanding)).isEqualTo(ErrorCode.DEVICE_DETACHED);
    assertThat(failure(waiting)).isEqualTo(ErrorCode.DEVICE_DETACHED);
    assertThat(failure(hub.send(APP, "d", bytes("3"), false, LONG)))
        .isEqualTo(ErrorCode.DEVICE_NOT_CONNECTED);
  }

  @Test
  void a_new_attachment_replaces_the_old_and_the_old_ones_late_detach_changes_nothing()
      throws Exception {
    TestDeviceSession old = device("d");
    TestDeviceSession fresh = device("d");
    hub.attach(old, null);
    CompletableFuture<byte[]> pending = hub.send(APP, "d", bytes("1"), false, LONG);
    hub.attach(fresh, null);
    assertThat(old.closed).isTrue();
    assertThat(failure(pending)).isEqualTo(ErrorCode.DEVICE_DETACHED);

    hub.detach(old, "connection closed");
    assertThat(hub.session(APP, "d")).isSameAs(fresh);
    assertThat(told).containsOnlyOnce("detached replaced");
  }

  @Test
  void a_weaker_attachment_never_displaces_a_device_that_proved_who_it_is() throws Exception {
    TestDeviceSession device = device("d");
    TestDeviceSession intruder = new TestDeviceSession(APP, "d", "http", DeviceCredential.APP_KEY);
    hub.attach(device, null);

    assertThat(hub.admits(intruder)).isFalse();
    assertThat(hub.attach(intruder, null)).isFalse();

    assertThat(device.closed).isFalse();
    assertThat(hub.session(APP, "d")).isSameAs(device);
    CompletableFuture<byte[]> reply = hub.send(APP, "d", bytes("open-valve"), false, LONG);
    assertThat(delivered(device)).containsExactly("open-valve");
    assertThat(intruder.delivered).isEmpty();
    hub.reply(device, bytes("done"));
    assertThat(text(reply)).isEqualTo("done");
    assertThat(told)
        .containsExactly(
            "refused APP_KEY for DEVICE_SECRET", "refused APP_KEY for DEVICE_SECRET", "rpc ok");
  }

  @Test
  void the_same_or_a_stronger_credential_displaces_and_the_displacement_is_told() {
    TestDeviceSession open = new TestDeviceSession(APP, "d", "mqtt", DeviceCredential.APP_KEY);
    TestDeviceSession proven = device("d");
    TestDeviceSession reconnected = device("d");

    assertThat(hub.attach(open, null)).isTrue();
    assertThat(hub.admits(proven)).isTrue();
    assertThat(hub.attach(proven, null)).isTrue();
    assertThat(hub.attach(reconnected, null)).isTrue();

    assertThat(open.closed).isTrue();
    assertThat(proven.closed).isTrue();
    assertThat(hub.session(APP, "d")).isSameAs(reconnected);
    assertThat(told)
        .containsExactly(
            "detached replaced",
            "displaced APP_KEY by DEVICE_SECRET",
            "detached replaced",
            "displaced DEVICE_SECRET by DEVICE_SECRET");
  }

  @Test
  void a_reply_without_a_request_is_counted_and_dropped() {
    TestDeviceSession device = device("d");
    hub.attach(device, null);
    hub.reply(device, bytes("stray"));

    assertThat(told).containsExactly("unsolicited 5");
    assertThat(hub.counters(APP, "d").errors()).isEqualTo(1);
  }

  @Test
  void a_correlated_rpc_that_is_not_json_rpc_is_refused() {
    hub.attach(device("d"), null);
    try {
      hub.send(APP, "d", bytes("plain"), true, LONG);
    } catch (MeridianException e) {
      assertThat(e.code()).isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
      return;
    }
    throw new AssertionError("a plain body was correlated");
  }

  @Test
  void a_device_whose_attachment_no_longer_holds_is_detached_and_its_waiting_rpcs_fail()
      throws Exception {
    TestDeviceSession stale = device("meter-1");
    TestDeviceSession kept = device("meter-2");
    TestDeviceSession elsewhere = new TestDeviceSession(UUID.randomUUID(), "meter-1");
    hub.attach(stale, null);
    hub.attach(kept, null);
    hub.attach(elsewhere, null);
    CompletableFuture<byte[]> waiting = hub.send(APP, "meter-1", bytes("{}"), false, LONG);

    hub.detachWhere(APP, session -> !session.device().equals("meter-1"), "secret revoked");

    assertThat(stale.closed).isTrue();
    assertThat(kept.closed).isFalse();
    assertThat(elsewhere.closed).isFalse();
    assertThat(hub.session(APP, "meter-1")).isNull();
    assertThat(hub.session(APP, "meter-2")).isSameAs(kept);
    assertThat(told).contains("detached secret revoked");
    assertThat(waiting)
        .failsWithin(Duration.ofSeconds(5))
        .withThrowableOfType(ExecutionException.class)
        .withCauseInstanceOf(MeridianException.class);
  }
}
