package io.meridian.core.realtime;

import static io.meridian.testing.Bodies.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.WriteOptions;
import io.meridian.testing.MemoryCore;
import io.meridian.testing.realtime.MemoryFeedStore;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The hub's registrations over the feed on its in-memory store, through the public API. The hub
 * polls on a thread of its own at a fixed delay and has no step to drive a poll, so live delivery
 * is left to {@code RealtimeHubTest} (core) and the ITs; these tests give it a poll interval of a
 * day, so that no poll runs, and check what a watch decides at once (its starting sequence, a
 * reset) and a resume's catch-up, which the hub runs on its catch-up thread as soon as the watch
 * starts.
 */
class RealtimeHubResumeTest {
  private static final Duration RETENTION = Duration.ofMinutes(15);
  private static final Duration SETTLE = Duration.ofSeconds(1);
  private static final CollectionName DOGS = CollectionName.of("dogs");

  private final MemoryCore core = new MemoryCore();
  private final RealtimeFeed feed =
      new RealtimeFeed(new MemoryFeedStore(core.clock, RETENTION), core.clock, RETENTION);
  private final RealtimeHub hub =
      new RealtimeHub(feed, Duration.ofDays(1), SETTLE, Duration.ofDays(1), Duration.ofSeconds(5));
  private final UUID app = core.app.id();

  {
    core.observers.add(feed);
  }

  @AfterEach
  void close() {
    hub.close();
  }

  /** Completes with the first entries delivered; a reset fails it. */
  private static final class FirstDelivery implements RealtimeHub.Listener {
    final CompletableFuture<List<RealtimeHub.Entry>> entries = new CompletableFuture<>();

    @Override
    public void deliver(List<RealtimeHub.Entry> delivered) {
      entries.complete(delivered);
    }

    @Override
    public void reset(long seq) {
      entries.completeExceptionally(new AssertionError("reset to " + seq));
    }
  }

  private void post(String body) {
    core.entities.create(core.app, DOGS, List.of(json(body)), WriteOptions.DEFAULT);
  }

  @Test
  void a_new_watch_starts_after_the_horizon_and_the_last_one_closed_stops_following() {
    FirstDelivery listener = new FirstDelivery();

    RealtimeHub.Watch first = hub.watch(app, listener, null);
    core.clock.advance(Duration.ofSeconds(3));
    RealtimeHub.Watch second = hub.watch(app, listener, null);

    long horizon = MemoryCore.START.toEpochMilli() * 1000 - SETTLE.toNanos() / 1000;
    assertThat(first.seq()).isEqualTo(horizon);
    assertThat(second.seq()).isEqualTo(horizon); // no poll moved the application's horizon
    assertThat(first.wasReset()).isFalse();
    assertThat(hub.applications()).isEqualTo(1);
    first.close();
    assertThat(hub.applications()).isEqualTo(1);
    second.close();
    assertThat(hub.applications()).isZero();
    assertThat(listener.entries).isNotDone();
    assertThat(List.of(hub.entries(), hub.lateEntries(), hub.failedPolls()))
        .as("no poll ran")
        .containsOnly(0L);
  }

  @Test
  void a_resume_older_than_the_retention_starts_at_the_horizon_and_is_told_to_reset() {
    long old = feed.now();
    core.clock.advance(RETENTION.plusSeconds(1));

    try (RealtimeHub.Watch watch = hub.watch(app, new FirstDelivery(), old)) {
      assertThat(watch.wasReset()).isTrue();
      assertThat(watch.seq()).isEqualTo(feed.now() - SETTLE.toNanos() / 1000);
    }
  }

  @Test
  void a_resume_ahead_of_any_sequence_handed_out_starts_at_the_horizon_and_is_told_to_reset() {
    long settle = SETTLE.toNanos() / 1000;
    for (long ahead : List.of(feed.now() + settle + 1, Long.MAX_VALUE)) {
      try (RealtimeHub.Watch watch = hub.watch(app, new FirstDelivery(), ahead)) {
        assertThat(watch.wasReset()).as("resume %d", ahead).isTrue();
        assertThat(watch.seq()).isEqualTo(feed.now() - settle);
      }
    }
    // Another node's clock ahead of this one by less than the settle window is no reason to reset.
    try (RealtimeHub.Watch watch = hub.watch(app, new FirstDelivery(), feed.now() + settle)) {
      assertThat(watch.wasReset()).isFalse();
      assertThat(watch.seq()).isEqualTo(feed.now() + settle);
    }
  }

  @Test
  void a_resume_is_handed_every_entry_after_its_sequence_up_to_the_horizon_in_feed_order()
      throws Exception {
    post("{'name': 'seen'}");
    long resume = feed.read(app, 0, feed.now() + 1_000, 10).get(0).seq();
    post("{'name': 'rex'}");
    core.entities.update(core.app, DOGS, "rex", json("{'age': 4}"), WriteOptions.DEFAULT);
    core.clock.advance(Duration.ofSeconds(10));
    FirstDelivery listener = new FirstDelivery();

    try (RealtimeHub.Watch watch = hub.watch(app, listener, resume)) {
      List<RealtimeHub.Entry> entries = listener.entries.get(10, TimeUnit.SECONDS);

      assertThat(watch.seq()).isEqualTo(resume);
      assertThat(watch.wasReset()).isFalse();
      assertThat(entries).extracting(entry -> entry.feed().name()).containsExactly("rex", "rex");
      assertThat(entries.get(0).before()).isNull();
      assertThat(entries.get(0).after().path("name").asText()).isEqualTo("rex");
      assertThat(entries.get(1).before().has("age")).isFalse();
      assertThat(entries.get(1).after().path("age").asInt()).isEqualTo(4);
      assertThat(entries.get(0).feed().seq()).isGreaterThan(resume);
    }
  }
}
