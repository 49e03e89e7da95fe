package io.meridian.core.entity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.change.Change;
import io.meridian.core.change.ChangeLog;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import io.meridian.core.common.TimeUuidGenerator;
import io.meridian.core.connection.Connection;
import io.meridian.core.connection.ConnectionRef;
import io.meridian.core.connection.ConnectionStore;
import io.meridian.core.connection.Direction;
import io.meridian.core.index.IndexPipeline;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * Every write path of {@link EntityService} calls every phase on every observer, in their order,
 * and at the point of the write sequence each phase promises. The stores are in memory and record
 * what they are asked, in one list with the observers' calls.
 */
class EntityWriteObserversTest {
  private static final ApplicationRef APP =
      new ApplicationRef(UUID.randomUUID(), UUID.randomUUID(), "org", "app", 0);
  private static final CollectionName THINGS = CollectionName.of("things");
  private static final WriteOptions NO_WAIT = WriteOptions.EVENTUAL;

  private final List<String> events = new CopyOnWriteArrayList<>();
  private final List<EntityWriteObserver.EntityWrite> completed = new CopyOnWriteArrayList<>();
  private final EntityService entities =
      new EntityService(
          new MemoryStore(),
          new RecordingConnections(),
          new RecordingChangeLog(),
          new IndexPipeline(null, false, 1, 1, Clock.systemUTC()),
          new TimeUuidGenerator(Clock.systemUTC()),
          Duration.ofSeconds(1),
          List.of(new Recorder("first"), new Recorder("second")));

  @Test
  void an_array_creation_passes_each_phase_to_every_observer_in_their_order() {
    entities.create(APP, THINGS, List.of(thing("one"), thing("two")), NO_WAIT);

    assertThat(events)
        .containsExactly(
            "first validate",
            "second validate",
            "first validate",
            "second validate",
            "claim names",
            "first before 2",
            "second before 2",
            "log",
            "save",
            "first after 2",
            "second after 2",
            "first completed 2",
            "second completed 2");
    assertThat(completed).allMatch(EntityWriteObserver.EntityWrite::creation).hasSize(4);
  }

  @Test
  void a_rename_completes_once_the_old_name_is_released() {
    entities.create(APP, THINGS, List.of(thing("one")), NO_WAIT);
    events.clear();
    completed.clear();

    entities.update(APP, THINGS, "one", thing("two"), NO_WAIT);

    assertThat(events)
        .containsSubsequence(
            "first validate",
            "second validate",
            "claim two",
            "first before 1",
            "second before 1",
            "log",
            "save",
            "first after 1",
            "second after 1",
            "release one",
            "first completed 1",
            "second completed 1");
    assertThat(completed).hasSize(2).allMatch(EntityWriteObserver.EntityWrite::renamed);
  }

  @Test
  void a_deletion_completes_once_its_name_is_released_and_its_connections_removed() {
    entities.create(APP, THINGS, List.of(thing("one")), NO_WAIT);
    events.clear();
    completed.clear();

    entities.delete(APP, THINGS, "one", NO_WAIT);

    assertThat(events)
        .containsExactly(
            "first before 1",
            "second before 1",
            "log",
            "delete",
            "first after 1",
            "second after 1",
            "release one",
            "disconnect all",
            "first completed 1",
            "second completed 1");
    assertThat(completed).hasSize(2).allMatch(EntityWriteObserver.EntityWrite::deletion);
  }

  @Test
  void a_put_to_a_missing_name_is_observed_as_a_creation() {
    entities.update(APP, THINGS, "one", Json.object().put("colour", "red"), NO_WAIT);

    assertThat(events).contains("first completed 1", "second completed 1");
    assertThat(completed).hasSize(2).allMatch(EntityWriteObserver.EntityWrite::creation);
  }

  @Test
  void a_refusal_in_validation_stops_the_write_before_any_observer_is_told_of_it() {
    JsonNode refused = thing("one").put("refused", true);

    assertThatThrownBy(() -> entities.create(APP, THINGS, List.of(refused), NO_WAIT))
        .isInstanceOf(MeridianException.class);

    assertThat(events).containsExactly("first validate");
  }

  @Test
  void a_change_of_case_only_is_not_a_rename() {
    StoredEntity named = entity("One");

    assertThat(new EntityWriteObserver.EntityWrite(named, entity("one"), 2).renamed()).isFalse();
    assertThat(new EntityWriteObserver.EntityWrite(named, entity("two"), 2).renamed()).isTrue();
    assertThat(new EntityWriteObserver.EntityWrite(named, entity(null), 2).renamed()).isTrue();
    assertThat(new EntityWriteObserver.EntityWrite(entity(null), named, 2).renamed()).isTrue();
    assertThat(new EntityWriteObserver.EntityWrite(null, named, 2).renamed()).isFalse();
  }

  private static ObjectNode thing(String name) {
    return Json.object().put("name", name);
  }

  private static StoredEntity entity(String name) {
    return new StoredEntity(UUID.randomUUID(), THINGS.plural(), name, 1, 1, "{}");
  }

  /** Records each phase; the first refuses properties marked {@code refused}. */
  private final class Recorder implements EntityWriteObserver {
    private final String name;

    Recorder(String name) {
      this.name = name;
    }

    @Override
    public void validate(CollectionName collection, ObjectNode properties) {
      events.add(name + " validate");
      if (properties.has("refused")) {
        throw new MeridianException(ErrorCode.ILLEGAL_ARGUMENT, "refused");
      }
    }

    @Override
    public void beforeWrites(ApplicationRef app, String collection, List<EntityWrite> writes) {
      events.add(name + " before " + writes.size());
    }

    @Override
    public void afterWrites(ApplicationRef app, String collection, List<EntityWrite> writes) {
      events.add(name + " after " + writes.size());
    }

    @Override
    public void completed(ApplicationRef app, String collection, List<EntityWrite> writes) {
      events.add(name + " completed " + writes.size());
      completed.addAll(writes);
    }
  }

  /** Entities and names in maps; records the writes. */
  private final class MemoryStore implements EntityStore {
    private final Map<UUID, StoredEntity> entities = new ConcurrentHashMap<>();
    private final Map<String, NameHolder> names = new ConcurrentHashMap<>();

    @Override
    public Optional<StoredEntity> load(UUID applicationId, UUID uuid) {
      return Optional.ofNullable(entities.get(uuid));
    }

    @Override
    public Map<UUID, StoredEntity> loadAll(UUID applicationId, Collection<UUID> uuids) {
      throw notCalled();
    }

    @Override
    public void save(UUID applicationId, StoredEntity entity) {
      events.add("save");
      entities.put(entity.uuid(), entity);
    }

    @Override
    public void saveAll(UUID applicationId, List<StoredEntity> all) {
      events.add("save");
      all.forEach(entity -> entities.put(entity.uuid(), entity));
    }

    @Override
    public void delete(UUID applicationId, StoredEntity entity, long version) {
      events.add("delete");
      entities.remove(entity.uuid());
    }

    @Override
    public List<UUID> list(UUID applicationId, String collection, Optional<UUID> after, int limit) {
      throw notCalled();
    }

    @Override
    public void relist(UUID applicationId, List<StoredEntity> all) {
      throw notCalled();
    }

    @Override
    public List<String> collections(UUID applicationId) {
      throw notCalled();
    }

    @Override
    public boolean hasCollection(UUID applicationId, String collection) {
      throw notCalled();
    }

    @Override
    public Optional<NameHolder> nameHolder(UUID applicationId, String collection, String name) {
      return Optional.ofNullable(names.get(key(collection, name)));
    }

    @Override
    public boolean claimName(UUID applicationId, String collection, String name, UUID uuid) {
      events.add("claim " + name);
      return names.putIfAbsent(key(collection, name), new NameHolder(uuid, 0)) == null;
    }

    @Override
    public List<Boolean> claimNames(UUID applicationId, String collection, List<NameClaim> claims) {
      events.add("claim names");
      List<Boolean> won = new ArrayList<>();
      for (NameClaim claim : claims) {
        won.add(
            names.putIfAbsent(key(collection, claim.name()), new NameHolder(claim.uuid(), 0))
                == null);
      }
      return won;
    }

    @Override
    public boolean takeOverName(
        UUID applicationId, String collection, String name, UUID expectedHolder, UUID uuid) {
      throw notCalled();
    }

    @Override
    public void releaseName(UUID applicationId, String collection, String name, UUID holder) {
      events.add("release " + name);
      names.remove(key(collection, name));
    }

    private static String key(String collection, String name) {
      return collection + "/" + name.toLowerCase(java.util.Locale.ROOT);
    }
  }

  private final class RecordingConnections implements ConnectionStore {
    @Override
    public void connect(UUID applicationId, Connection connection) {
      throw notCalled();
    }

    @Override
    public void disconnect(UUID applicationId, Connection connection) {
      throw notCalled();
    }

    @Override
    public boolean exists(UUID applicationId, Connection connection) {
      throw notCalled();
    }

    @Override
    public List<ConnectionRef> list(
        UUID applicationId,
        UUID entity,
        Direction direction,
        String verb,
        Optional<UUID> after,
        int limit) {
      throw notCalled();
    }

    @Override
    public List<String> verbs(UUID applicationId, UUID entity, Direction direction) {
      throw notCalled();
    }

    @Override
    public void disconnectAll(UUID applicationId, UUID entity) {
      events.add("disconnect all");
    }
  }

  private final class RecordingChangeLog implements ChangeLog {
    @Override
    public int shards() {
      throw notCalled();
    }

    @Override
    public long bucketOf(long epochMillis) {
      throw notCalled();
    }

    @Override
    public long bucketEnd(long bucket) {
      throw notCalled();
    }

    @Override
    public void append(Change change) {
      events.add("log");
    }

    @Override
    public void appendAll(List<Change> changes) {
      events.add("log");
    }

    @Override
    public List<Long> bucketsWithEntries(int shard, long from, long to) {
      throw notCalled();
    }

    @Override
    public List<Change> read(int shard, long bucket) {
      throw notCalled();
    }

    @Override
    public OptionalLong checkpoint(String consumer, int shard) {
      throw notCalled();
    }

    @Override
    public void saveCheckpoint(String consumer, int shard, long nextBucket) {
      throw notCalled();
    }
  }

  /** What a recording store answers to a call the code under test never makes: a failed test. */
  private static AssertionError notCalled() {
    return new AssertionError("The write sequence was not expected to make this call");
  }
}
