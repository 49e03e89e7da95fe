package io.meridian.core.connection;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.CassandraTestSession;
import io.meridian.core.common.Json;
import io.meridian.core.common.TimeUuidGenerator;
import io.meridian.core.common.TimeUuids;
import io.meridian.core.entity.CassandraEntityStore;
import io.meridian.core.entity.StoredEntity;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class CassandraConnectionStoreIT {
  private static CqlSession session;
  private static CassandraConnectionStore connections;
  private static CassandraEntityStore entities;
  private final TimeUuidGenerator ids = new TimeUuidGenerator(Clock.systemUTC());
  private final UUID app = ids.newTimeUuid();

  @BeforeAll
  static void connect() {
    session = CassandraTestSession.open();
    connections = new CassandraConnectionStore(session);
    entities = new CassandraEntityStore(session);
  }

  @AfterAll
  static void disconnect() {
    session.close();
  }

  private StoredEntity saveUser() {
    UUID uuid = ids.newTimeUuid();
    String json =
        "{\"uuid\":\""
            + uuid
            + "\",\"type\":\"user\",\"metadata\":{\"path\":\"/users/"
            + uuid
            + "\"},\"color\":\"brown\"}";
    StoredEntity user =
        new StoredEntity(uuid, "users", null, TimeUuids.micros(uuid), TimeUuids.millis(uuid), json);
    entities.save(app, user);
    return user;
  }

  private static Connection connection(UUID source, String verb, UUID target) {
    return new Connection(source, "users", verb, target, "dogs");
  }

  private List<UUID> list(UUID entity, Direction direction, String verb, int limit) {
    return connections.list(app, entity, direction, verb, Optional.empty(), limit).stream()
        .map(ConnectionRef::entity)
        .toList();
  }

  @Test
  void connecting_twice_stores_one_connection_seen_from_both_ends() {
    UUID source = ids.newTimeUuid();
    UUID target = ids.newTimeUuid();

    connections.connect(app, connection(source, "likes", target));
    connections.connect(app, connection(source, "likes", target));

    assertThat(connections.list(app, source, Direction.OUT, "likes", Optional.empty(), 10))
        .containsExactly(new ConnectionRef(target, "dogs"));
    assertThat(connections.list(app, target, Direction.IN, "likes", Optional.empty(), 10))
        .containsExactly(new ConnectionRef(source, "users"));
    assertThat(connections.exists(app, connection(source, "likes", target))).isTrue();
    assertThat(connections.exists(app, connection(target, "likes", source))).isFalse();
    assertThat(connections.exists(app, connection(source, "owns", target))).isFalse();
  }

  @Test
  void pages_through_connections_newest_first_in_both_directions() {
    UUID hub = ids.newTimeUuid();
    List<UUID> targets = new ArrayList<>();
    List<UUID> sources = new ArrayList<>();
    for (int i = 0; i < 7; i++) {
      targets.add(ids.newTimeUuid());
      sources.add(ids.newTimeUuid());
    }
    for (int i = 0; i < 7; i++) {
      connections.connect(app, connection(hub, "follows", targets.get(i)));
      connections.connect(app, connection(sources.get(i), "follows", hub));
    }

    for (int limit = 1; limit <= 8; limit++) {
      assertThat(readAll(hub, Direction.OUT, "follows", limit))
          .as("limit %d", limit)
          .containsExactlyElementsOf(newestFirst(targets));
      assertThat(readAll(hub, Direction.IN, "follows", limit))
          .as("limit %d", limit)
          .containsExactlyElementsOf(newestFirst(sources));
    }
  }

  private static List<UUID> newestFirst(List<UUID> uuids) {
    List<UUID> copy = new ArrayList<>(uuids);
    Collections.reverse(copy);
    return copy;
  }

  private List<UUID> readAll(UUID entity, Direction direction, String verb, int limit) {
    List<UUID> all = new ArrayList<>();
    Optional<UUID> after = Optional.empty();
    while (true) {
      List<ConnectionRef> page = connections.list(app, entity, direction, verb, after, limit);
      page.forEach(ref -> all.add(ref.entity()));
      if (page.size() < limit) {
        return all;
      }
      after = Optional.of(page.get(page.size() - 1).entity());
    }
  }

  @Test
  void verbs_are_recorded_per_direction_in_name_order() {
    UUID user = ids.newTimeUuid();
    connections.connect(app, connection(user, "likes", ids.newTimeUuid()));
    connections.connect(app, connection(user, "follows", ids.newTimeUuid()));
    connections.connect(app, connection(ids.newTimeUuid(), "owns", user));

    assertThat(connections.verbs(app, user, Direction.OUT)).containsExactly("follows", "likes");
    assertThat(connections.verbs(app, user, Direction.IN)).containsExactly("owns");
    assertThat(connections.verbs(app, ids.newTimeUuid(), Direction.OUT)).isEmpty();
  }

  @Test
  void disconnect_removes_the_verb_only_with_its_last_connection() {
    UUID user = ids.newTimeUuid();
    UUID first = ids.newTimeUuid();
    UUID second = ids.newTimeUuid();
    connections.connect(app, connection(user, "likes", first));
    connections.connect(app, connection(user, "likes", second));

    connections.disconnect(app, connection(user, "likes", first));

    assertThat(list(user, Direction.OUT, "likes", 10)).containsExactly(second);
    assertThat(connections.verbs(app, user, Direction.OUT)).containsExactly("likes");
    assertThat(connections.verbs(app, first, Direction.IN)).isEmpty();
    assertThat(connections.verbs(app, second, Direction.IN)).containsExactly("likes");

    connections.disconnect(app, connection(user, "likes", second));
    connections.disconnect(app, connection(user, "likes", second));

    assertThat(list(user, Direction.OUT, "likes", 10)).isEmpty();
    assertThat(list(second, Direction.IN, "likes", 10)).isEmpty();
    assertThat(connections.verbs(app, user, Direction.OUT)).isEmpty();
    assertThat(connections.verbs(app, second, Direction.IN)).isEmpty();
  }

  @Test
  void disconnect_all_removes_every_connection_from_both_ends() {
    UUID user = ids.newTimeUuid();
    UUID liked = ids.newTimeUuid();
    UUID alsoLiked = ids.newTimeUuid();
    UUID follower = ids.newTimeUuid();
    UUID otherFan = ids.newTimeUuid();
    connections.connect(app, connection(user, "likes", liked));
    connections.connect(app, connection(user, "likes", alsoLiked));
    connections.connect(app, connection(otherFan, "likes", alsoLiked));
    connections.connect(app, connection(follower, "follows", user));
    connections.connect(app, connection(user, "knows", user));

    connections.disconnectAll(app, user);

    for (Direction direction : Direction.values()) {
      assertThat(connections.verbs(app, user, direction)).isEmpty();
      for (String verb : List.of("likes", "follows", "knows")) {
        assertThat(list(user, direction, verb, 10)).isEmpty();
      }
    }
    assertThat(list(liked, Direction.IN, "likes", 10)).isEmpty();
    assertThat(connections.verbs(app, liked, Direction.IN)).isEmpty();
    assertThat(list(alsoLiked, Direction.IN, "likes", 10)).containsExactly(otherFan);
    assertThat(connections.verbs(app, alsoLiked, Direction.IN)).containsExactly("likes");
    assertThat(list(follower, Direction.OUT, "follows", 10)).isEmpty();
    assertThat(connections.verbs(app, follower, Direction.OUT)).isEmpty();
  }

  @Test
  void disconnect_all_finds_the_connections_of_an_entity_already_deleted() {
    StoredEntity user = saveUser();
    UUID liked = ids.newTimeUuid();
    connections.connect(app, connection(user.uuid(), "likes", liked));
    entities.delete(app, user, user.version() + 10);

    connections.disconnectAll(app, user.uuid());

    assertThat(list(liked, Direction.IN, "likes", 10)).isEmpty();
    assertThat(connections.verbs(app, liked, Direction.IN)).isEmpty();
    assertThat(list(user.uuid(), Direction.OUT, "likes", 10)).isEmpty();
  }

  @Test
  void a_loaded_entity_renders_its_verbs_in_its_metadata() {
    StoredEntity user = saveUser();
    StoredEntity unconnected = saveUser();
    connections.connect(app, connection(user.uuid(), "likes", ids.newTimeUuid()));
    connections.connect(app, connection(user.uuid(), "follows", ids.newTimeUuid()));
    connections.connect(app, connection(ids.newTimeUuid(), "owns", user.uuid()));

    String loaded = entities.load(app, user.uuid()).orElseThrow().json();

    String path = "/users/" + user.uuid();
    ObjectNode metadata = (ObjectNode) Json.parseStoredObject(loaded).get("metadata");
    assertThat(metadata.get("path").asText()).isEqualTo(path);
    assertThat(metadata.get("connections").fieldNames())
        .toIterable()
        .containsExactly("follows", "likes");
    assertThat(metadata.at("/connections/likes").asText()).isEqualTo(path + "/likes");
    assertThat(metadata.at("/connecting/owns").asText()).isEqualTo(path + "/connecting/owns");
    assertThat(
            entities.loadAll(app, List.of(user.uuid(), unconnected.uuid())).get(user.uuid()).json())
        .isEqualTo(loaded);
    assertThat(entities.load(app, unconnected.uuid()).orElseThrow().json())
        .isEqualTo(unconnected.json());
  }

  @Test
  void verbs_survive_an_update_of_the_entity() {
    StoredEntity user = saveUser();
    connections.connect(app, connection(user.uuid(), "likes", ids.newTimeUuid()));

    entities.save(
        app,
        new StoredEntity(
            user.uuid(), "users", null, user.version() + 5, user.created(), user.json()));

    assertThat(connections.verbs(app, user.uuid(), Direction.OUT)).containsExactly("likes");
    assertThat(entities.load(app, user.uuid()).orElseThrow().json())
        .contains("\"connections\":{\"likes\":");
  }

  @Test
  void a_deleted_entity_connected_afterwards_still_reads_as_missing() {
    StoredEntity user = saveUser();
    entities.delete(app, user, user.version() + 10);

    connections.connect(app, connection(user.uuid(), "likes", ids.newTimeUuid()));
    connections.connect(app, connection(ids.newTimeUuid(), "owns", user.uuid()));

    assertThat(entities.load(app, user.uuid())).isEmpty();
    assertThat(entities.loadAll(app, List.of(user.uuid()))).isEmpty();
    assertThat(connections.verbs(app, user.uuid(), Direction.OUT)).containsExactly("likes");
  }
}
