package io.meridian.core.entity;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import io.meridian.core.CassandraTestSession;
import io.meridian.core.common.TimeUuidGenerator;
import io.meridian.core.common.TimeUuids;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Collection listings kept by {@link CassandraEntityStore}: newest first, bucketed by day. */
class CassandraCollectionListingIT {
  private static final Instant TODAY = Instant.now();

  private static CqlSession session;
  private static CassandraEntityStore store;
  private final UUID app = new TimeUuidGenerator(Clock.systemUTC()).newTimeUuid();

  @BeforeAll
  static void connect() {
    session = CassandraTestSession.open();
    store = new CassandraEntityStore(session);
  }

  @AfterAll
  static void disconnect() {
    session.close();
  }

  /** Uuids created {@code daysAgo} days ago, oldest first. */
  private static List<UUID> uuidsDaysAgo(int daysAgo, int count) {
    TimeUuidGenerator ids =
        new TimeUuidGenerator(Clock.fixed(TODAY.minus(Duration.ofDays(daysAgo)), ZoneOffset.UTC));
    List<UUID> uuids = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      uuids.add(ids.newTimeUuid());
    }
    return uuids;
  }

  private static StoredEntity entity(String collection, UUID uuid) {
    return new StoredEntity(
        uuid, collection, null, TimeUuids.micros(uuid), TimeUuids.millis(uuid), "{}");
  }

  private void saveAll(String collection, List<UUID> uuids) {
    store.saveAll(app, uuids.stream().map(uuid -> entity(collection, uuid)).toList());
  }

  private static List<UUID> newestFirst(List<UUID> uuids) {
    return uuids.stream()
        .sorted(Comparator.comparingLong(TimeUuids::unixTicks).reversed())
        .toList();
  }

  /** The whole listing, read in pages of {@code limit}. */
  private List<UUID> readAll(String collection, int limit) {
    List<UUID> all = new ArrayList<>();
    Optional<UUID> after = Optional.empty();
    while (true) {
      List<UUID> page = store.list(app, collection, after, limit);
      assertThat(page).hasSizeLessThanOrEqualTo(limit);
      all.addAll(page);
      if (page.size() < limit) {
        return all;
      }
      after = Optional.of(page.get(page.size() - 1));
    }
  }

  @Test
  void lists_entities_newest_first_across_days() {
    List<UUID> uuids = new ArrayList<>();
    uuids.addAll(uuidsDaysAgo(9, 2));
    uuids.addAll(uuidsDaysAgo(3, 3));
    uuids.addAll(uuidsDaysAgo(0, 2));
    saveAll("dogs", newestFirst(uuids));

    assertThat(store.list(app, "dogs", Optional.empty(), 100))
        .containsExactlyElementsOf(newestFirst(uuids));
  }

  @Test
  void every_page_size_returns_each_entity_exactly_once_in_order() {
    List<UUID> uuids = new ArrayList<>();
    uuids.addAll(uuidsDaysAgo(5, 4));
    uuids.addAll(uuidsDaysAgo(4, 1));
    uuids.addAll(uuidsDaysAgo(2, 3));
    uuids.addAll(uuidsDaysAgo(1, 2));
    saveAll("cats", uuids);
    List<UUID> expected = newestFirst(uuids);

    for (int limit = 1; limit <= uuids.size() + 1; limit++) {
      assertThat(readAll("cats", limit)).as("limit %d", limit).containsExactlyElementsOf(expected);
    }
  }

  @Test
  void a_deleted_entity_leaves_the_listing() {
    List<UUID> uuids = uuidsDaysAgo(1, 3);
    saveAll("birds", uuids);
    UUID deleted = uuids.get(1);

    store.delete(app, entity("birds", deleted), TimeUuids.micros(deleted) + 10);

    assertThat(store.list(app, "birds", Optional.empty(), 10))
        .containsExactly(uuids.get(2), uuids.get(0));
  }

  @Test
  void a_replayed_save_older_than_the_delete_does_not_list_the_entity_again() {
    UUID uuid = uuidsDaysAgo(0, 1).get(0);
    long created = TimeUuids.micros(uuid);
    store.save(app, entity("fish", uuid));
    store.delete(app, entity("fish", uuid), created + 30);

    store.save(
        app, new StoredEntity(uuid, "fish", null, created + 20, TimeUuids.millis(uuid), "{}"));

    assertThat(store.list(app, "fish", Optional.empty(), 10)).isEmpty();
    assertThat(store.load(app, uuid)).isEmpty();
  }

  @Test
  void days_whose_entities_were_all_deleted_are_skipped() {
    List<UUID> oldest = uuidsDaysAgo(8, 2);
    List<UUID> emptied = uuidsDaysAgo(6, 3);
    List<UUID> newest = uuidsDaysAgo(2, 2);
    saveAll("ants", oldest);
    saveAll("ants", emptied);
    saveAll("ants", newest);
    for (UUID uuid : emptied) {
      store.delete(app, entity("ants", uuid), TimeUuids.micros(uuid) + 1);
    }
    List<UUID> expected =
        newestFirst(List.of(newest.get(0), newest.get(1), oldest.get(0), oldest.get(1)));

    assertThat(store.list(app, "ants", Optional.empty(), 10)).containsExactlyElementsOf(expected);
    assertThat(store.list(app, "ants", Optional.of(newest.get(0)), 1))
        .containsExactly(expected.get(2));
    assertThat(store.list(app, "ants", Optional.of(emptied.get(1)), 10))
        .containsExactlyElementsOf(expected.subList(2, 4));
  }

  @Test
  void listing_after_the_oldest_entity_or_in_an_unknown_collection_is_empty() {
    List<UUID> uuids = uuidsDaysAgo(3, 2);
    saveAll("owls", uuids);

    assertThat(store.list(app, "owls", Optional.of(uuids.get(0)), 10)).isEmpty();
    assertThat(store.list(app, "owls", Optional.of(uuidsDaysAgo(30, 1).get(0)), 10)).isEmpty();
    assertThat(store.list(app, "bats", Optional.empty(), 10)).isEmpty();
    assertThat(store.list(app, "owls", Optional.empty(), 0)).isEmpty();
  }

  @Test
  void an_update_keeps_the_entity_once_in_the_listing() {
    UUID uuid = uuidsDaysAgo(0, 1).get(0);
    store.save(app, entity("cows", uuid));

    store.save(
        app,
        new StoredEntity(
            uuid, "cows", null, TimeUuids.micros(uuid) + 5, TimeUuids.millis(uuid), "{\"v\":2}"));

    assertThat(store.list(app, "cows", Optional.empty(), 10)).containsExactly(uuid);
  }

  @Test
  void collections_are_those_that_ever_held_an_entity_in_name_order() {
    saveAll("zebras", uuidsDaysAgo(2, 1));
    saveAll("apes", uuidsDaysAgo(0, 1));
    saveAll("apes", uuidsDaysAgo(1, 1));
    saveAll("moles", uuidsDaysAgo(4, 1));

    assertThat(store.collections(app)).containsExactly("apes", "moles", "zebras");
    assertThat(store.collections(new TimeUuidGenerator(Clock.systemUTC()).newTimeUuid())).isEmpty();
  }

  @Test
  void relisting_writes_the_listing_row_a_crash_left_unwritten() {
    List<UUID> uuids = uuidsDaysAgo(0, 3);
    saveAll("crashes", List.of(uuids.get(0), uuids.get(2)));
    assertThat(readAll("crashes", 10)).doesNotContain(uuids.get(1));

    store.relist(app, List.of(entity("crashes", uuids.get(1))));

    assertThat(readAll("crashes", 10)).isEqualTo(newestFirst(uuids));
  }

  @Test
  void a_collection_exists_once_it_held_an_entity_even_after_its_deletion() {
    assertThat(store.hasCollection(app, "ghosts")).isFalse();
    UUID uuid = uuidsDaysAgo(0, 1).get(0);
    saveAll("ghosts", List.of(uuid));
    store.delete(app, entity("ghosts", uuid), TimeUuids.micros(uuid) + 1);

    assertThat(store.hasCollection(app, "ghosts")).isTrue();
    assertThat(new CassandraEntityStore(session).hasCollection(app, "ghosts")).isTrue();
    assertThat(store.hasCollection(app, "spectres")).isFalse();
  }
}
