package io.meridian.core.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

class RealtimeHubTest {
  private static final UUID APP = UUID.randomUUID();
  private static final long START = 1_764_147_600_000_000L;
  private static final Duration SETTLE = Duration.ofMillis(150);

  /**
   * A feed in memory with a clock the test moves, whose catch-up reads wait until the sweep has run
   * twice: entries that became readable after the polls passed them (late) are found by the sweep
   * while a resume's catch-up has not read them yet.
   */
  private static final class SlowCatchUpFeed implements FeedSource {
    final List<FeedEntry> entries = new CopyOnWriteArrayList<>();
    final AtomicLong clock = new AtomicLong(START);
    final AtomicInteger sweeps = new AtomicInteger();
    final CountDownLatch swept = new CountDownLatch(2);

    @Override
    public Duration retention() {
      return Duration.ofMinutes(15);
    }

    @Override
    public long now() {
      return clock.get();
    }

    @Override
    public List<FeedEntry> read(UUID app, long from, long until, int limit) {
      if (Thread.currentThread().getName().equals("meridian-realtime-resume")) {
        try {
          assertThat(swept.await(10, TimeUnit.SECONDS)).isTrue();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      return entries.stream()
          .filter(entry -> entry.seq() >= from && entry.seq() <= until)
          .sorted(Comparator.comparing(FeedEntry::position))
          .limit(limit)
          .toList();
    }

    @Override
    public List<FeedEntry.Position> positions(UUID app, long from, long until) {
      List<FeedEntry.Position> positions =
          read(app, from, until, Integer.MAX_VALUE).stream().map(FeedEntry::position).toList();
      sweeps.incrementAndGet();
      swept.countDown();
      return positions;
    }

    @Override
    public FeedEntry get(UUID app, FeedEntry.Position position) {
      return entries.stream()
          .filter(entry -> entry.position().equals(position))
          .findFirst()
          .orElse(null);
    }
  }

  private static FeedEntry entry(long seq, String name) {
    return new FeedEntry(
        seq, UUID.randomUUID(), "trucks", name, 1, "{\"name\":\"" + name + "\"}", null);
  }

  @Test
  void a_resume_catching_up_while_the_sweep_runs_gets_each_entry_once() throws Exception {
    SlowCatchUpFeed feed = new SlowCatchUpFeed();
    RealtimeHub.Listener quiet =
        new RealtimeHub.Listener() {
          @Override
          public void deliver(List<RealtimeHub.Entry> entries) {}

          @Override
          public void reset(long seq) {}
        };
    List<String> delivered = new CopyOnWriteArrayList<>();
    RealtimeHub.Listener listener =
        new RealtimeHub.Listener() {
          @Override
          public void deliver(List<RealtimeHub.Entry> entries) {
            entries.forEach(entry -> delivered.add(entry.feed().name()));
          }

          @Override
          public void reset(long seq) {
            delivered.add("reset");
          }
        };
    try (RealtimeHub hub =
            new RealtimeHub(
                feed, Duration.ofMillis(2), SETTLE, Duration.ofMillis(5), Duration.ofSeconds(5));
        RealtimeHub.Watch first = hub.watch(APP, quiet, null)) {
      long started = first.seq();
      feed.clock.addAndGet(2_000_000);
      awaitUntil(() -> feed.sweeps.get() > 0); // the polls have passed the next two seconds
      long resume = started + 100_000;
      feed.entries.add(entry(resume, "already received"));
      feed.entries.add(entry(resume + 400_000, "first")); // late: readable after the polls
      feed.entries.add(entry(resume + 500_000, "second"));
      try (RealtimeHub.Watch watch = hub.watch(APP, listener, resume)) {
        assertThat(watch.seq()).isEqualTo(resume);
        awaitUntil(() -> delivered.size() >= 2);
        int sweeps = feed.sweeps.get();
        awaitUntil(() -> feed.sweeps.get() >= sweeps + 3); // anything repeated is delivered by now
      }
    }
    assertThat(new ArrayList<>(delivered)).containsExactly("first", "second");
  }

  private static void awaitUntil(BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!condition.getAsBoolean()) {
      assertThat(System.nanoTime()).as("waited 10 s").isLessThan(deadline);
      Thread.sleep(2);
    }
  }

  @Test
  void a_device_event_is_parsed_once_with_its_payload_as_json_only_when_it_is_json() {
    UUID device = UUID.randomUUID();
    String body = "{\"name\":\"sensor-1\",\"connected\":true}";

    RealtimeHub.Entry json =
        RealtimeHub.parse(
            new FeedEntry(1, device, "devices", "sensor-1", 2, body, body, " {\"t\": 21.5} "));
    RealtimeHub.Entry text =
        RealtimeHub.parse(
            new FeedEntry(2, device, "devices", "sensor-1", 2, body, body, "door opened"));
    RealtimeHub.Entry trailing =
        RealtimeHub.parse(new FeedEntry(3, device, "devices", "sensor-1", 2, body, body, "{} x"));
    RealtimeHub.Entry write = RealtimeHub.parse(entry(4, "truck"));

    assertThat(json.feed().isEvent()).isTrue();
    assertThat(json.payload()).isEqualTo("{\"t\":21.5}");
    assertThat(json.after().path("connected").asBoolean()).isTrue();
    assertThat(json.before()).isSameAs(json.after());
    assertThat(text.payload()).isNull();
    assertThat(text.feed().event()).isEqualTo("door opened");
    assertThat(trailing.payload()).isNull();
    assertThat(write.feed().isEvent()).isFalse();
    assertThat(write.payload()).isNull();
  }
}
