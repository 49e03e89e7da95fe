package io.meridian.core.connection;

import static io.meridian.testing.Bodies.json;
import static io.meridian.testing.Refusals.codeOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.entity.WriteOptions;
import io.meridian.core.identity.access.Visibility;
import io.meridian.testing.Bodies;
import io.meridian.testing.MemoryCore;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ConnectionServiceTest {
  private static final CollectionName USERS = CollectionName.of("users");
  private static final CollectionName DOGS = CollectionName.of("dogs");
  private static final CollectionName CATS = CollectionName.of("cats");

  private final MemoryCore core = new MemoryCore();
  private final ConnectionService service =
      new ConnectionService(core.entities, core.store, core.connections);

  private final StoredEntity ada = post(USERS, "{'username': 'ada'}");
  private final StoredEntity rex = post(DOGS, "{'name': 'rex'}");

  private StoredEntity post(CollectionName collection, String body) {
    core.clock.advance(Duration.ofMillis(1));
    return core.entities
        .create(core.app, collection, List.of(json(body)), WriteOptions.DEFAULT)
        .get(0);
  }

  private StoredEntity connect(String verb, Optional<CollectionName> collection, String target) {
    return service.connect(core.app, Visibility.ALL, USERS, "ada", verb, collection, target);
  }

  @Test
  void the_target_of_a_connection_path_is_found_before_it_is_connected_and_nothing_is_connected() {
    StoredEntity target =
        service.target(core.app, Visibility.ALL, USERS, "ada", "owns", Optional.of(DOGS), "rex");

    assertThat(target.uuid()).isEqualTo(rex.uuid());
    assertThat(
            core.connections.list(
                core.app.id(), ada.uuid(), Direction.OUT, "owns", Optional.empty(), 10))
        .isEmpty();
    assertThat(
            codeOf(
                () ->
                    service.target(
                        core.app, Visibility.ALL, USERS, "ada", "owns", Optional.empty(), "rex")))
        .as("a name alone names only an entity already connected")
        .isEqualTo(ErrorCode.ENTITY_NOT_FOUND);
  }

  @Test
  void connecting_returns_the_target_showing_the_verb_and_lists_it_both_ways() {
    StoredEntity target = connect("owns", Optional.of(DOGS), "rex");

    assertThat(target.uuid()).isEqualTo(rex.uuid());
    assertThat(Bodies.of(target).at("/metadata/connecting/owns").asText())
        .isEqualTo("/dogs/" + rex.uuid() + "/connecting/owns");
    assertThat(
            core.connections.list(
                core.app.id(), ada.uuid(), Direction.OUT, "owns", Optional.empty(), 10))
        .containsExactly(new ConnectionRef(rex.uuid(), "dogs"));
    assertThat(
            core.connections.list(
                core.app.id(), rex.uuid(), Direction.IN, "owns", Optional.empty(), 10))
        .containsExactly(new ConnectionRef(ada.uuid(), "users"));
  }

  @Test
  void connecting_twice_leaves_one_connection() {
    connect("owns", Optional.of(DOGS), "rex");
    connect("owns", Optional.empty(), rex.uuid().toString());

    assertThat(
            core.connections.list(
                core.app.id(), ada.uuid(), Direction.OUT, "owns", Optional.empty(), 10))
        .hasSize(1);
  }

  @Test
  void a_new_target_given_by_name_alone_is_refused_as_illegal() {
    assertThat(codeOf(() -> connect("owns", Optional.empty(), "rex")))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
  }

  @Test
  void a_missing_source_or_target_is_entity_not_found() {
    assertThat(
            codeOf(
                () ->
                    service.connect(
                        core.app, Visibility.ALL, USERS, "bob", "owns", Optional.of(DOGS), "rex")))
        .isEqualTo(ErrorCode.ENTITY_NOT_FOUND);
    assertThat(codeOf(() -> connect("owns", Optional.of(DOGS), "max")))
        .isEqualTo(ErrorCode.ENTITY_NOT_FOUND);
    assertThat(codeOf(() -> connect("owns", Optional.empty(), core.ids.newTimeUuid().toString())))
        .isEqualTo(ErrorCode.ENTITY_NOT_FOUND);
    assertThat(codeOf(() -> connect("owns", Optional.empty(), UUID.randomUUID().toString())))
        .isEqualTo(ErrorCode.ENTITY_NOT_FOUND);
  }

  @Test
  void a_target_the_caller_may_not_read_is_answered_as_a_missing_one() {
    Visibility notDogs = entity -> !entity.collection().equals("dogs");

    assertThat(
            codeOf(
                () ->
                    service.connect(
                        core.app, notDogs, USERS, "ada", "owns", Optional.of(DOGS), "rex")))
        .isEqualTo(ErrorCode.ENTITY_NOT_FOUND);
    assertThat(
            codeOf(
                () ->
                    service.connect(
                        core.app,
                        notDogs,
                        USERS,
                        "ada",
                        "owns",
                        Optional.empty(),
                        rex.uuid().toString())))
        .isEqualTo(ErrorCode.ENTITY_NOT_FOUND);
    assertThat(core.connections.verbs(core.app.id(), ada.uuid(), Direction.OUT)).isEmpty();
  }

  @Test
  void verbs_that_could_never_name_a_connection_are_refused() {
    for (String verb : List.of("connecting", "connections", "", "has space", "x".repeat(129))) {
      assertThat(codeOf(() -> connect(verb, Optional.of(DOGS), "rex")))
          .as(verb)
          .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    }
    assertThat(ConnectionService.requireVerb("likes.a_lot~-1")).isEqualTo("likes.a_lot~-1");
  }

  @Test
  void a_connected_target_is_found_by_uuid_or_by_its_name_among_the_connections() {
    connect("owns", Optional.of(DOGS), "rex");

    assertThat(
            service.connectedEntity(
                core.app, Visibility.ALL, USERS, "ada", "owns", rex.uuid().toString()))
        .extracting(StoredEntity::uuid)
        .isEqualTo(rex.uuid());
    assertThat(service.connectedEntity(core.app, Visibility.ALL, USERS, "ada", "owns", "REX"))
        .extracting(StoredEntity::uuid)
        .isEqualTo(rex.uuid());
    assertThat(
            service.connectedEntity(
                core.app, Visibility.ALL, USERS, "ada", "owns", Optional.of(DOGS), "rex"))
        .extracting(StoredEntity::uuid)
        .isEqualTo(rex.uuid());
  }

  @Test
  void a_target_named_alone_is_looked_for_beyond_the_first_page_of_connections() {
    connect("owns", Optional.of(DOGS), "rex"); // the oldest connection: on the second page
    for (int i = 0; i < 1000; i++) {
      core.connections.connect(
          core.app.id(),
          new Connection(ada.uuid(), "users", "owns", core.ids.newTimeUuid(), "dogs"));
    }

    assertThat(
            service.connectedEntity(core.app, Visibility.ALL, USERS, "ada", "owns", "rex").uuid())
        .isEqualTo(rex.uuid());
  }

  @Test
  void an_entity_not_connected_under_the_verb_is_not_found() {
    connect("owns", Optional.of(DOGS), "rex");
    post(DOGS, "{'name': 'max'}");

    assertThat(
            codeOf(
                () ->
                    service.connectedEntity(core.app, Visibility.ALL, USERS, "ada", "owns", "max")))
        .isEqualTo(ErrorCode.ENTITY_NOT_FOUND);
    assertThat(
            codeOf(
                () ->
                    service.connectedEntity(
                        core.app, Visibility.ALL, USERS, "ada", "likes", Optional.of(DOGS), "rex")))
        .isEqualTo(ErrorCode.ENTITY_NOT_FOUND);
  }

  @Test
  void a_name_carried_by_connected_entities_of_two_collections_is_ambiguous() {
    post(CATS, "{'name': 'rex'}");
    connect("owns", Optional.of(DOGS), "rex");
    connect("owns", Optional.of(CATS), "rex");

    assertThat(
            codeOf(
                () ->
                    service.connectedEntity(core.app, Visibility.ALL, USERS, "ada", "owns", "rex")))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    Visibility noCats = entity -> !entity.collection().equals("cats");
    assertThat(service.connectedEntity(core.app, noCats, USERS, "ada", "owns", "rex").uuid())
        .isEqualTo(rex.uuid());
  }

  @Test
  void disconnecting_removes_both_rows_and_the_verb_and_returns_the_target() {
    connect("owns", Optional.of(DOGS), "rex");

    StoredEntity target =
        service.disconnect(core.app, Visibility.ALL, USERS, "ada", "owns", Optional.empty(), "rex");

    assertThat(target.uuid()).isEqualTo(rex.uuid());
    assertThat(Bodies.of(target).path("metadata").has("connecting")).isFalse();
    assertThat(core.connections.verbs(core.app.id(), ada.uuid(), Direction.OUT)).isEmpty();
    assertThat(
            codeOf(
                () ->
                    service.disconnect(
                        core.app, Visibility.ALL, USERS, "ada", "owns", Optional.of(DOGS), "rex")))
        .isEqualTo(ErrorCode.NOT_FOUND);
  }

  @Test
  void deleting_either_end_removes_its_connections() {
    connect("owns", Optional.of(DOGS), "rex");

    core.entities.delete(core.app, DOGS, "rex", WriteOptions.DEFAULT);

    assertThat(
            core.connections.list(
                core.app.id(), ada.uuid(), Direction.OUT, "owns", Optional.empty(), 10))
        .isEmpty();
    assertThat(
            Bodies.of(core.entities.get(core.app, USERS, "ada"))
                .path("metadata")
                .has("connections"))
        .isFalse();
  }

  @Test
  void a_connected_target_whose_row_is_gone_is_not_found() {
    connect("owns", Optional.of(DOGS), "rex");
    core.store.delete(core.app.id(), rex, rex.version() + 1); // the row alone, as a racing delete

    assertThat(
            codeOf(
                () ->
                    service.connectedEntity(
                        core.app, Visibility.ALL, USERS, "ada", "owns", rex.uuid().toString())))
        .isEqualTo(ErrorCode.ENTITY_NOT_FOUND);
  }
}
