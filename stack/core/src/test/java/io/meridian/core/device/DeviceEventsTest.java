package io.meridian.core.device;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.entity.StoredEntity;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Device events driven as a transport drives them: through the hub, from a device's session. */
class DeviceEventsTest {
  private static final UUID APP = UUID.randomUUID();

  private record Appended(UUID app, StoredEntity device, String payload) {}

  private record Submitted(UUID app, String device, String payload) {}

  private final Map<String, StoredEntity> entities = new ConcurrentHashMap<>();
  private final AtomicInteger lookups = new AtomicInteger();
  private final List<Appended> feed = new CopyOnWriteArrayList<>();
  private final List<Submitted> webhook = new CopyOnWriteArrayList<>();
  private final AtomicLong nanos = new AtomicLong();
  private volatile CountDownLatch hold = new CountDownLatch(0);
  private DeviceEvents events;

  @AfterEach
  void close() {
    hold.countDown();
    events.close();
  }

  private DeviceEvents events(int lanes, int capacity) {
    events =
        new DeviceEvents(
            (app, device) -> {
              lookups.incrementAndGet();
              return app.equals(APP) ? entities.get(device) : null;
            },
            (app, device, payload) -> {
              try {
                hold.await(10, TimeUnit.SECONDS);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              feed.add(new Appended(app, device, payload));
            },
            (app, device, payload) ->
                webhook.add(
                    new Submitted(app, device, new String(payload, StandardCharsets.UTF_8))),
            lanes,
            capacity,
            Duration.ofSeconds(5),
            nanos::get);
    return events;
  }

  private StoredEntity device(String name) {
    StoredEntity entity =
        new StoredEntity(
            UUID.randomUUID(),
            "devices",
            name,
            3,
            1,
            "{\"name\":\"" + name + "\",\"connected\":true}");
    entities.put(name, entity);
    return entity;
  }

  private static DeviceHub hub(DeviceEvents events) {
    return new DeviceHub(
        List.of(events),
        java.util.concurrent.Executors.newSingleThreadScheduledExecutor(
            runnable -> {
              Thread thread = new Thread(runnable, "test-rpc-timer");
              thread.setDaemon(true);
              return thread;
            }),
        4,
        4);
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static void awaitUntil(BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("condition not met within 10 s");
      }
      Thread.sleep(2);
    }
  }

  @Test
  void an_event_goes_to_the_feed_as_the_devices_entity_and_to_the_webhook() throws Exception {
    StoredEntity sensor = device("sensor-1");
    DeviceHub hub = hub(events(2, 100));
    TestDeviceSession session = new TestDeviceSession(APP, "sensor-1");
    hub.attach(session, "info");

    hub.event(session, bytes("{\"t\":21.5}"));
    awaitUntil(() -> webhook.size() == 1);

    assertThat(feed).containsExactly(new Appended(APP, sensor, "{\"t\":21.5}"));
    assertThat(webhook).containsExactly(new Submitted(APP, "sensor-1", "{\"t\":21.5}"));
    assertThat(events.counters()).isEqualTo(new DeviceEvents.Counters(1, 1, 0, 0, 0));
  }

  @Test
  void a_devices_events_keep_their_order_and_its_entity_is_looked_up_once() throws Exception {
    device("sensor-1");
    device("sensor-2");
    DeviceHub hub = hub(events(3, 10_000));
    TestDeviceSession one = new TestDeviceSession(APP, "sensor-1");
    TestDeviceSession two = new TestDeviceSession(APP, "sensor-2");
    hub.attach(one, null);
    hub.attach(two, null);

    for (int i = 0; i < 200; i++) {
      hub.event(one, bytes(Integer.toString(i)));
      hub.event(two, bytes(Integer.toString(i)));
    }
    awaitUntil(() -> webhook.size() == 400);

    for (String name : List.of("sensor-1", "sensor-2")) {
      List<Integer> order =
          feed.stream()
              .filter(entry -> entry.device().name().equals(name))
              .map(entry -> Integer.parseInt(entry.payload()))
              .toList();
      assertThat(order).hasSize(200).isSorted();
    }
    assertThat(lookups.get()).isEqualTo(2);
  }

  @Test
  void events_beyond_the_capacity_are_dropped_and_counted_without_blocking_the_device()
      throws Exception {
    device("sensor-1");
    hold = new CountDownLatch(1);
    DeviceHub hub = hub(events(1, 2));
    TestDeviceSession session = new TestDeviceSession(APP, "sensor-1");
    hub.attach(session, null);

    long started = System.nanoTime();
    for (int i = 0; i < 10; i++) {
      hub.event(session, bytes(Integer.toString(i)));
    }
    long elapsed = System.nanoTime() - started;
    hold.countDown();
    awaitUntil(() -> events.counters().published() + events.counters().dropped() == 10);

    assertThat(elapsed).isLessThan(TimeUnit.SECONDS.toNanos(1));
    // One in the lane's thread, two waiting: seven dropped.
    assertThat(events.counters().published()).isEqualTo(3);
    assertThat(events.counters().dropped()).isEqualTo(7);
    assertThat(feed).extracting(Appended::payload).containsExactly("0", "1", "2");
  }

  @Test
  void an_event_of_a_device_without_an_entity_reaches_only_the_webhook() throws Exception {
    DeviceHub hub = hub(events(1, 10));
    TestDeviceSession session = new TestDeviceSession(APP, "ghost");
    hub.attach(session, null);

    hub.event(session, bytes("boo"));
    awaitUntil(() -> webhook.size() == 1);

    assertThat(feed).isEmpty();
    assertThat(events.counters().unknownDevice()).isEqualTo(1);
  }

  @Test
  void the_entity_is_looked_up_again_after_the_device_detaches_or_the_cache_expires()
      throws Exception {
    device("sensor-1");
    DeviceHub hub = hub(events(1, 10));
    TestDeviceSession session = new TestDeviceSession(APP, "sensor-1");
    hub.attach(session, null);
    hub.event(session, bytes("1"));
    awaitUntil(() -> webhook.size() == 1);

    nanos.addAndGet(Duration.ofSeconds(6).toNanos());
    hub.event(session, bytes("2"));
    awaitUntil(() -> webhook.size() == 2);
    hub.detach(session, "closed");
    TestDeviceSession again = new TestDeviceSession(APP, "sensor-1");
    hub.attach(again, null);
    hub.event(again, bytes("3"));
    awaitUntil(() -> webhook.size() == 3);

    assertThat(lookups.get()).isEqualTo(3);
  }

  @Test
  void a_failing_feed_is_counted_and_the_webhook_still_gets_the_event() throws Exception {
    device("sensor-1");
    events =
        new DeviceEvents(
            (app, device) -> entities.get(device),
            (app, device, payload) -> {
              throw new IllegalStateException("Cassandra is down");
            },
            (app, device, payload) -> webhook.add(new Submitted(app, device, "x")),
            1,
            10,
            Duration.ofSeconds(5),
            nanos::get);
    DeviceHub hub = hub(events);
    TestDeviceSession session = new TestDeviceSession(APP, "sensor-1");
    hub.attach(session, null);

    hub.event(session, bytes("1"));
    awaitUntil(() -> webhook.size() == 1);

    assertThat(events.counters()).isEqualTo(new DeviceEvents.Counters(1, 0, 0, 0, 1));
  }
}
