package io.meridian.core.counter;

import static io.meridian.testing.Bodies.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.entity.StoredEntity;
import io.meridian.core.entity.WriteOptions;
import io.meridian.testing.MemoryCore;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Usergrid's queue read of /events: oldest first, one at a time, after {@code last}. */
class EventQueueTest {
  private final MemoryCore core = new MemoryCore();
  private final EventQueue queue = new EventQueue(core.entities, core.queries);

  private StoredEntity event(String category) {
    core.clock.advance(Duration.ofMillis(3));
    return core.entities
        .create(
            core.app,
            EventService.EVENTS,
            List.of(json("{'category': '" + category + "'}")),
            WriteOptions.DEFAULT)
        .get(0);
  }

  @Test
  void reads_the_oldest_event_first_and_goes_on_after_last() {
    StoredEntity advertising = event("advertising");
    StoredEntity sales = event("sales");
    StoredEntity marketing = event("marketing");

    EventQueue.Read first = queue.read(core.app, Optional.empty(), EventQueue.DEFAULT_LIMIT);
    EventQueue.Read again = queue.read(core.app, Optional.empty(), EventQueue.DEFAULT_LIMIT);
    EventQueue.Read second = queue.read(core.app, first.last(), EventQueue.DEFAULT_LIMIT);
    EventQueue.Read third = queue.read(core.app, second.last(), EventQueue.DEFAULT_LIMIT);

    assertThat(first.events()).extracting(StoredEntity::uuid).containsExactly(advertising.uuid());
    assertThat(first.last()).contains(advertising.uuid());
    assertThat(again.events()).extracting(StoredEntity::uuid).containsExactly(advertising.uuid());
    assertThat(second.events()).extracting(StoredEntity::uuid).containsExactly(sales.uuid());
    assertThat(third.events()).extracting(StoredEntity::uuid).containsExactly(marketing.uuid());
  }

  @Test
  void a_limit_reads_more_and_the_end_keeps_the_position() {
    StoredEntity one = event("a");
    StoredEntity two = event("b");

    EventQueue.Read both = queue.read(core.app, Optional.empty(), 5);
    EventQueue.Read none = queue.read(core.app, both.last(), 5);

    assertThat(both.events())
        .extracting(StoredEntity::uuid)
        .containsExactly(one.uuid(), two.uuid());
    assertThat(none.events()).isEmpty();
    assertThat(none.last()).contains(two.uuid());
  }

  @Test
  void events_of_one_millisecond_are_read_in_uuid_order_without_skipping_any() {
    StoredEntity first = event("a");
    StoredEntity second =
        core.entities
            .create(core.app, EventService.EVENTS, List.of(json("{'n': 1}")), WriteOptions.DEFAULT)
            .get(0);
    List<StoredEntity> sameMillisecond =
        List.of(first, second).stream()
            .sorted((x, y) -> x.uuid().toString().compareTo(y.uuid().toString()))
            .toList();

    EventQueue.Read one = queue.read(core.app, Optional.empty(), 1);
    EventQueue.Read two = queue.read(core.app, one.last(), 1);

    assertThat(List.of(one.events().get(0).uuid(), two.events().get(0).uuid()))
        .containsExactly(sameMillisecond.get(0).uuid(), sameMillisecond.get(1).uuid());
  }
}
