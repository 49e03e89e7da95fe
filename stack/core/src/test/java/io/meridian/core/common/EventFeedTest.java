package io.meridian.core.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class EventFeedTest {

  /** A log whose reads can be made to fail, counting them. */
  static final class Log implements EventLog<String> {
    final List<Published<String>> events = new CopyOnWriteArrayList<>();
    final AtomicBoolean down = new AtomicBoolean();
    final AtomicInteger reads = new AtomicInteger();

    @Override
    public void publish(String event) {
      events.add(new Published<>(UUID.randomUUID(), event));
    }

    @Override
    public List<Published<String>> since(Instant since, Instant now) {
      reads.incrementAndGet();
      if (down.get()) {
        throw new MeridianException(ErrorCode.STORAGE_UNAVAILABLE, "down");
      }
      return new ArrayList<>(events);
    }
  }

  /** The scheduled poller never runs within a test: an hour apart. */
  private static EventFeed<String> feed(Log log, List<String> seen) {
    EventFeed<String> feed =
        new EventFeed<>(
            "test",
            log,
            Clock.systemUTC(),
            Duration.ofHours(1),
            Duration.ofSeconds(10),
            Duration.ofMillis(50));
    feed.subscribe(seen::add);
    return feed;
  }

  @Test
  void a_stale_node_catches_up_on_the_request_thread_instead_of_refusing() throws Exception {
    Log log = new Log();
    List<String> seen = new CopyOnWriteArrayList<>();
    try (EventFeed<String> feed = feed(log, seen)) {
      feed.start();
      log.publish("revoked");
      Thread.sleep(80);
      assertThat(feed.isFresh()).isFalse();

      feed.requireFresh();

      assertThat(feed.isFresh()).isTrue();
      assertThat(seen).containsExactly("revoked");
      assertThat(log.reads).hasValue(2);
    }
  }

  @Test
  void a_node_that_cannot_read_the_log_refuses_with_503() throws Exception {
    Log log = new Log();
    try (EventFeed<String> feed = feed(log, new ArrayList<>())) {
      feed.start();
      log.down.set(true);
      Thread.sleep(80);

      assertThatThrownBy(feed::requireFresh)
          .isInstanceOfSatisfying(
              MeridianException.class,
              e -> assertThat(e.code()).isEqualTo(ErrorCode.STORAGE_UNAVAILABLE));
      log.down.set(false);
      feed.requireFresh();
      assertThat(feed.isFresh()).isTrue();
    }
  }

  @Test
  void a_fresh_node_does_not_read_the_log_per_request() {
    Log log = new Log();
    try (EventFeed<String> feed = feed(log, new ArrayList<>())) {
      feed.start();
      for (int i = 0; i < 100; i++) {
        feed.requireFresh();
      }
      assertThat(log.reads).hasValue(1);
    }
  }
}
