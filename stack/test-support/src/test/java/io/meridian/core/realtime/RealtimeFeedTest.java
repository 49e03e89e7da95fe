package io.meridian.core.realtime;

import static io.meridian.testing.Bodies.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.EntityWriteObserver.EntityWrite;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.entity.WriteOptions;
import io.meridian.testing.MemoryCore;
import io.meridian.testing.realtime.MemoryFeedStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The real-time feed over its in-memory store, fed by the entity writes of a MemoryCore. */
class RealtimeFeedTest {
  private static final Duration RETENTION = Duration.ofMinutes(15);
  private static final CollectionName DOGS = CollectionName.of("dogs");
  private static final long START_MICROS = MemoryCore.START.toEpochMilli() * 1000;

  private final MemoryCore core = new MemoryCore();
  private final MemoryFeedStore store = new MemoryFeedStore(core.clock, RETENTION);
  private final RealtimeFeed feed = new RealtimeFeed(store, core.clock, RETENTION);
  private final UUID app = core.app.id();

  {
    core.observers.add(feed);
  }

  private StoredEntity post(String body) {
    return core.entities.create(core.app, DOGS, List.of(json(body)), WriteOptions.DEFAULT).get(0);
  }

  /** An entry written by the test at a seq it chooses. */
  private FeedEntry append(long seq, UUID entity, String name) {
    FeedEntry entry =
        new FeedEntry(seq, entity, "dogs", name, 1, "{\"name\":\"" + name + "\"}", null);
    store.append(app, entry);
    return entry;
  }

  private static UUID uuid(int n) {
    return new UUID(0x1000L, n);
  }

  private static List<Long> seqs(List<FeedEntry> entries) {
    return entries.stream().map(FeedEntry::seq).toList();
  }

  @Test
  void every_write_appends_one_entry_with_the_entity_before_and_after_it() {
    StoredEntity rex = post("{'name': 'rex', 'age': 3}");
    StoredEntity older =
        core.entities.update(core.app, DOGS, "rex", json("{'age': 4}"), WriteOptions.DEFAULT);
    core.entities.delete(core.app, DOGS, "rex", WriteOptions.DEFAULT);

    List<FeedEntry> entries = store.entries(app);

    assertThat(entries).hasSize(3);
    assertThat(entries).extracting(FeedEntry::entity).containsOnly(rex.uuid());
    assertThat(entries).extracting(FeedEntry::collection).containsOnly("dogs");
    assertThat(entries).extracting(FeedEntry::name).containsOnly("rex");
    assertThat(entries).noneMatch(FeedEntry::isEvent);
    assertThat(entries.get(0).previous()).isNull();
    assertThat(entries.get(0).body()).isEqualTo(rex.json());
    assertThat(entries.get(0).version()).isEqualTo(rex.version());
    assertThat(entries.get(1).previous()).isEqualTo(rex.json());
    assertThat(entries.get(1).body()).isEqualTo(older.json());
    assertThat(entries.get(1).version()).isEqualTo(older.version());
    assertThat(entries.get(2).previous()).isEqualTo(older.json());
    assertThat(entries.get(2).body()).isNull();
  }

  @Test
  void a_batch_of_writes_appends_one_entry_each() {
    List<StoredEntity> dogs =
        core.entities.create(
            core.app,
            DOGS,
            List.of(json("{'name': 'a'}"), json("{'name': 'b'}"), json("{'name': 'c'}")),
            WriteOptions.DEFAULT);

    assertThat(store.entries(app))
        .extracting(FeedEntry::entity)
        .containsExactlyInAnyOrderElementsOf(dogs.stream().map(StoredEntity::uuid).toList());
  }

  @Test
  void seqs_strictly_increase_on_one_node_while_the_clock_stands_still() {
    for (int i = 0; i < 50; i++) {
      post("{'name': 'dog" + i + "'}");
    }
    List<Long> seqs = seqs(store.entries(app));
    core.clock.advance(Duration.ofSeconds(1));
    post("{'name': 'later'}");
    List<FeedEntry> all = store.entries(app);

    assertThat(seqs).hasSize(50).isSorted().doesNotHaveDuplicates();
    assertThat(seqs.get(0)).isBetween(START_MICROS, START_MICROS + 999);
    assertThat(all.get(all.size() - 1).seq()).isGreaterThanOrEqualTo(START_MICROS + 1_000_000);
    assertThat(feed.now()).isEqualTo(START_MICROS + 1_000_000);
    assertThat(feed.retention()).isEqualTo(RETENTION);
  }

  @Test
  void a_device_event_is_an_entry_of_the_device_unchanged_carrying_the_event() {
    StoredEntity meter =
        core.entities
            .create(
                core.app,
                CollectionName.of("devices"),
                List.of(json("{'name': 'meter1'}")),
                WriteOptions.DEFAULT)
            .get(0);
    long created = store.entries(app).get(0).seq();

    feed.appendEvent(app, meter, "{\"kwh\":7}");

    FeedEntry event = store.entries(app).get(1);
    assertThat(event.isEvent()).isTrue();
    assertThat(event.event()).isEqualTo("{\"kwh\":7}");
    assertThat(event.body()).isEqualTo(meter.json()).isEqualTo(event.previous());
    assertThat(event.entity()).isEqualTo(meter.uuid());
    assertThat(event.collection()).isEqualTo("devices");
    assertThat(event.name()).isEqualTo("meter1");
    assertThat(event.version()).isEqualTo(meter.version());
    assertThat(event.seq()).isGreaterThan(created);
  }

  @Test
  void a_read_is_in_feed_order_within_its_bounds_and_of_its_application() {
    append(9, uuid(1), "nine");
    append(3, uuid(2), "three-b");
    append(5, uuid(1), "five");
    append(3, uuid(1), "three-a");
    append(2, uuid(1), "two");
    store.append(UUID.randomUUID(), new FeedEntry(4, uuid(1), "dogs", "elsewhere", 1, "{}", null));

    assertThat(feed.read(app, 3, 5, 10))
        .extracting(FeedEntry::name)
        .containsExactly("three-a", "three-b", "five");
    assertThat(feed.read(app, 0, 100, 10))
        .extracting(FeedEntry::name)
        .containsExactly("two", "three-a", "three-b", "five", "nine");
    assertThat(feed.read(app, 6, 8, 10)).isEmpty();
  }

  @Test
  void a_page_holds_at_most_the_limit_and_never_splits_a_seq() {
    append(1, uuid(1), "a");
    append(2, uuid(1), "b");
    append(2, uuid(2), "c");
    append(2, uuid(3), "d");
    append(3, uuid(1), "e");

    assertThat(feed.read(app, 0, 10, 1)).extracting(FeedEntry::name).containsExactly("a");
    assertThat(feed.read(app, 0, 10, 2))
        .extracting(FeedEntry::name)
        .containsExactly("a", "b", "c", "d");
    assertThat(feed.read(app, 0, 10, 4))
        .extracting(FeedEntry::name)
        .containsExactly("a", "b", "c", "d");
    assertThat(feed.read(app, 0, 10, 5)).hasSize(5);
    assertThat(feed.read(app, 2, 10, 1)).extracting(FeedEntry::name).containsExactly("b", "c", "d");
  }

  @Test
  void a_page_continues_across_the_stores_buckets_in_order() {
    long bucket = MemoryFeedStore.BUCKET_MICROS;
    append(bucket + 1, uuid(1), "second");
    append(bucket - 1, uuid(1), "first");
    append(2 * bucket, uuid(1), "third");

    assertThat(feed.read(app, 0, 3 * bucket, 3))
        .extracting(FeedEntry::name)
        .containsExactly("first", "second", "third");
    assertThat(feed.read(app, 0, 3 * bucket, 2))
        .extracting(FeedEntry::name)
        .containsExactly("first", "second");
  }

  @Test
  void positions_name_the_entries_of_a_range_and_get_reads_one_back() {
    FeedEntry first = append(7, uuid(1), "first");
    FeedEntry second = append(7, uuid(2), "second");
    append(8, uuid(1), "later");

    List<FeedEntry.Position> positions = new ArrayList<>(feed.positions(app, 6, 7));

    assertThat(positions).containsExactlyInAnyOrder(first.position(), second.position());
    assertThat(feed.get(app, second.position())).isEqualTo(second);
    assertThat(feed.get(app, new FeedEntry.Position(7, uuid(3)))).isNull();
    assertThat(feed.get(UUID.randomUUID(), first.position())).isNull();
  }

  @Test
  void entries_are_kept_for_the_retention_and_then_forgotten() {
    StoredEntity rex = post("{'name': 'rex'}");
    FeedEntry.Position position = store.entries(app).get(0).position();

    core.clock.advance(RETENTION.minusMillis(1));
    assertThat(feed.read(app, 0, feed.now(), 10)).hasSize(1);
    assertThat(feed.get(app, position).entity()).isEqualTo(rex.uuid());

    core.clock.advance(Duration.ofMillis(1));
    assertThat(feed.read(app, 0, feed.now(), 10)).isEmpty();
    assertThat(feed.positions(app, 0, feed.now())).isEmpty();
    assertThat(feed.get(app, position)).isNull();
  }

  @Test
  void a_write_the_feed_could_not_append_is_not_acknowledged() {
    StoredEntity rex = post("{'name': 'rex'}");
    store.unavailable(true);

    assertThatThrownBy(
            () -> feed.afterWrites(core.app, "dogs", List.of(new EntityWrite(rex, null, 2))))
        .isInstanceOf(IllegalStateException.class);
    assertThat(store.entries(app)).hasSize(1);
  }
}
