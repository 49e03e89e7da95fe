package io.meridian.core.entity;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import io.meridian.core.CassandraTestSession;
import io.meridian.core.common.TimeUuidGenerator;
import io.meridian.core.common.TimeUuids;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class CassandraEntityStoreIT {
  private static CqlSession session;
  private static CassandraEntityStore store;
  private final TimeUuidGenerator ids = new TimeUuidGenerator(Clock.systemUTC());
  private final UUID app = ids.newTimeUuid();

  @BeforeAll
  static void connect() {
    session = CassandraTestSession.open();
    store = new CassandraEntityStore(session);
  }

  @AfterAll
  static void disconnect() {
    session.close();
  }

  private StoredEntity entity(UUID uuid, long version, String json) {
    return new StoredEntity(uuid, "dogs", null, version, TimeUuids.millis(uuid), json);
  }

  @Test
  void a_saved_entity_loads_back_exactly() {
    UUID uuid = ids.newTimeUuid();
    StoredEntity saved =
        new StoredEntity(uuid, "dogs", "Fido", TimeUuids.micros(uuid), 1234L, "{\"a\":1}");

    store.save(app, saved);

    assertThat(store.load(app, uuid)).contains(saved);
    assertThat(store.load(ids.newTimeUuid(), uuid)).isEmpty();
  }

  @Test
  void an_older_version_never_overwrites_a_newer_one() {
    UUID uuid = ids.newTimeUuid();
    long base = TimeUuids.micros(uuid);
    store.save(app, entity(uuid, base + 20, "{\"v\":\"new\"}"));

    store.save(app, entity(uuid, base + 10, "{\"v\":\"old\"}"));

    assertThat(store.load(app, uuid).orElseThrow().json()).isEqualTo("{\"v\":\"new\"}");
  }

  @Test
  void a_write_older_than_a_delete_does_not_bring_the_entity_back() {
    UUID uuid = ids.newTimeUuid();
    long base = TimeUuids.micros(uuid);
    store.save(app, entity(uuid, base + 10, "{}"));
    store.delete(app, entity(uuid, base + 10, "{}"), base + 30);

    store.save(app, entity(uuid, base + 20, "{\"late\":true}"));

    assertThat(store.load(app, uuid)).isEmpty();
  }

  @Test
  void load_all_returns_only_existing_entities() {
    UUID first = ids.newTimeUuid();
    UUID second = ids.newTimeUuid();
    store.save(app, entity(first, TimeUuids.micros(first), "{}"));
    store.save(app, entity(second, TimeUuids.micros(second), "{}"));

    assertThat(store.loadAll(app, List.of(first, ids.newTimeUuid(), second)))
        .containsOnlyKeys(first, second);
  }

  @Test
  void load_all_skips_deleted_entities_repeated_keys_and_other_applications() {
    UUID kept = ids.newTimeUuid();
    UUID deleted = ids.newTimeUuid();
    UUID elsewhere = ids.newTimeUuid();
    store.save(app, entity(kept, TimeUuids.micros(kept), "{}"));
    store.save(app, entity(deleted, TimeUuids.micros(deleted), "{}"));
    store.delete(
        app, entity(deleted, TimeUuids.micros(deleted), "{}"), TimeUuids.micros(deleted) + 1);
    store.save(ids.newTimeUuid(), entity(elsewhere, TimeUuids.micros(elsewhere), "{}"));

    assertThat(
            store.loadAll(app, List.of(kept, deleted, kept, elsewhere, UUID.randomUUID(), deleted)))
        .containsOnlyKeys(kept);
  }

  @Test
  void save_all_writes_every_entity() {
    List<StoredEntity> entities = new ArrayList<>();
    for (int i = 0; i < 150; i++) {
      UUID uuid = ids.newTimeUuid();
      entities.add(entity(uuid, TimeUuids.micros(uuid), "{\"i\":" + i + "}"));
    }

    store.saveAll(app, entities);

    assertThat(store.loadAll(app, entities.stream().map(StoredEntity::uuid).toList()).values())
        .containsExactlyInAnyOrderElementsOf(entities);
  }

  @Test
  void claim_names_reports_each_claim_in_order() {
    store.claimName(app, "dogs", "taken", ids.newTimeUuid());

    List<Boolean> won =
        store.claimNames(
            app,
            "dogs",
            List.of(
                new EntityStore.NameClaim("free-1", ids.newTimeUuid()),
                new EntityStore.NameClaim("TAKEN", ids.newTimeUuid()),
                new EntityStore.NameClaim("free-2", ids.newTimeUuid())));

    assertThat(won).containsExactly(true, false, true);
  }

  @Test
  void names_compare_case_insensitively() {
    UUID uuid = ids.newTimeUuid();

    assertThat(store.claimName(app, "dogs", "Rex", uuid)).isTrue();

    assertThat(store.nameHolder(app, "dogs", "REX").orElseThrow().uuid()).isEqualTo(uuid);
    assertThat(store.claimName(app, "dogs", "rex", ids.newTimeUuid())).isFalse();
    assertThat(store.claimName(app, "cats", "rex", ids.newTimeUuid())).isTrue();
  }

  @Test
  void exactly_one_of_many_concurrent_claims_wins() throws Exception {
    int claimants = 16;
    ExecutorService pool = Executors.newFixedThreadPool(claimants);
    CountDownLatch start = new CountDownLatch(1);
    List<Future<Boolean>> claims = new ArrayList<>();
    for (int i = 0; i < claimants; i++) {
      UUID uuid = ids.newTimeUuid();
      claims.add(
          pool.submit(
              () -> {
                start.await();
                return store.claimName(app, "dogs", "contested", uuid);
              }));
    }
    start.countDown();
    int won = 0;
    for (Future<Boolean> claim : claims) {
      won += claim.get() ? 1 : 0;
    }
    pool.shutdown();

    assertThat(won).isEqualTo(1);
  }

  @Test
  void release_and_take_over_only_act_on_the_expected_holder() {
    UUID holder = ids.newTimeUuid();
    UUID other = ids.newTimeUuid();
    store.claimName(app, "dogs", "max", holder);

    store.releaseName(app, "dogs", "max", other);
    assertThat(store.nameHolder(app, "dogs", "max").orElseThrow().uuid()).isEqualTo(holder);

    assertThat(store.takeOverName(app, "dogs", "max", other, other)).isFalse();
    assertThat(store.takeOverName(app, "dogs", "max", holder, other)).isTrue();
    assertThat(store.nameHolder(app, "dogs", "max").orElseThrow().uuid()).isEqualTo(other);

    store.releaseName(app, "dogs", "max", other);
    assertThat(store.nameHolder(app, "dogs", "max")).isEmpty();
  }
}
