package io.meridian.core.collection;

import static io.meridian.testing.Bodies.json;
import static io.meridian.testing.Refusals.codeOf;
import static io.meridian.testing.Refusals.refusalOf;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.entity.BulkOperations;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.entity.WriteOptions;
import io.meridian.core.identity.Principal;
import io.meridian.core.identity.PrincipalKind;
import io.meridian.core.identity.Requester;
import io.meridian.core.identity.access.GrantStore;
import io.meridian.core.push.NoopProvider;
import io.meridian.core.push.NotifierService;
import io.meridian.core.push.PushCredentials;
import io.meridian.testing.Bodies;
import io.meridian.testing.DirectExecutorService;
import io.meridian.testing.MemoryCore;
import io.meridian.testing.MemoryIdentity;
import io.meridian.testing.push.MemoryPushStore;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Writes by path reach the service of their collection: users through UserService, notifiers
 * through NotifierService, notifications nowhere, the rest as plain entities. Permissions are
 * granted before the first check (the access feed is not running).
 */
class CollectionWritesTest {
  private static final CollectionName USERS = CollectionName.of("users");
  private static final CollectionName NOTIFIERS = CollectionName.of("notifiers");
  private static final CollectionName NOTIFICATIONS = CollectionName.of("notifications");
  private static final CollectionName DOGS = CollectionName.of("dogs");
  private static final WriteOptions DEFAULT = WriteOptions.DEFAULT;

  private final MemoryCore core = new MemoryCore();
  private final MemoryIdentity identity = new MemoryIdentity(core);
  private final MemoryPushStore push = new MemoryPushStore();
  private final NotifierService notifiers =
      new NotifierService(
          core.entities,
          push,
          new PushCredentials(new byte[32]),
          Map.of(NoopProvider.NAME, new NoopProvider()));
  private final CollectionWrites writes =
      new CollectionWrites(
          core.entities,
          new BulkOperations(core.queries, core.entities, new DirectExecutorService()),
          identity.users,
          notifiers,
          identity.access);

  private final Principal application =
      new Principal(PrincipalKind.APPLICATION, core.app.id(), core.app.id(), null);
  private final Supplier<Requester> asApplication =
      writes.requester(core.app, application, "10.0.0.1");

  private Principal appUser(StoredEntity user) {
    return new Principal(PrincipalKind.APP_USER, user.uuid(), core.app.id(), null);
  }

  private StoredEntity create(CollectionName collection, String body) {
    return writes.create(core.app, collection, List.of(json(body)), DEFAULT, asApplication).get(0);
  }

  private static String text(Optional<byte[]> bytes) {
    return new String(bytes.orElseThrow(), StandardCharsets.UTF_8);
  }

  @Test
  void a_user_is_created_through_the_user_service_with_its_password_hashed() {
    StoredEntity ada =
        create(
            CollectionName.of("user"),
            "{'username': 'ada', 'email': 'Ada@Acme.io', 'password': 'lovelace1'}");

    assertThat(ada.collection()).isEqualTo("users");
    assertThat(ada.json()).doesNotContain("lovelace1").doesNotContain("password");
    assertThat(identity.credentials.passwordHash(core.app.id(), ada.uuid()))
        .hasValueSatisfying(hash -> assertThat(hash).isNotEqualTo("lovelace1"));
    assertThat(identity.users.passwordMatches(core.app, Optional.of(ada), "lovelace1")).isTrue();
    assertThat(writes.get(core.app, USERS, "ada@acme.io").uuid()).isEqualTo(ada.uuid());
  }

  @Test
  void the_requester_is_an_administrator_exactly_when_access_control_says_so() {
    UUID admin = UUID.randomUUID();
    identity.organizations.addAdmin(core.app.organizationId(), admin);
    StoredEntity fred = create(USERS, "{'username': 'fred'}");
    Principal otherApplicationsUser =
        new Principal(PrincipalKind.APP_USER, fred.uuid(), UUID.randomUUID(), null);

    assertThat(asApplication.get()).isEqualTo(Requester.administrator("10.0.0.1"));
    assertThat(
            writes
                .requester(core.app, new Principal(PrincipalKind.ADMIN, admin, null, null), "a")
                .get())
        .isEqualTo(Requester.administrator("a"));
    assertThat(writes.requester(core.app, appUser(fred), "b").get())
        .isEqualTo(Requester.member("b"));
    assertThat(writes.requester(core.app, Principal.GUEST, "c").get())
        .isEqualTo(Requester.member("c"));
    assertThat(writes.requester(core.app, otherApplicationsUser, "d").get())
        .isEqualTo(Requester.member("d"));
  }

  @Test
  void new_users_are_charged_to_a_requester_unless_it_is_an_administrator() {
    Supplier<Requester> guest = writes.requester(core.app, Principal.GUEST, "10.0.0.7");
    Supplier<Requester> administrator = writes.requester(core.app, application, "10.0.0.8");
    for (int i = 0; i < 5; i++) {
      writes.create(
          core.app, USERS, List.of(json("{'username': 'guest" + i + "'}")), DEFAULT, guest);
      writes.create(
          core.app, USERS, List.of(json("{'username': 'admin" + i + "'}")), DEFAULT, administrator);
    }

    assertThat(
            codeOf(
                () ->
                    writes.create(
                        core.app, USERS, List.of(json("{'username': 'sixth'}")), DEFAULT, guest)))
        .isEqualTo(ErrorCode.TOO_MANY_REQUESTS);
    writes.create(core.app, USERS, List.of(json("{'username': 'admin5'}")), DEFAULT, administrator);
    assertThat(identity.users.find(core.app, "sixth")).isEmpty();
    assertThat(identity.users.find(core.app, "admin5")).isPresent();
  }

  @Test
  void a_user_updated_by_path_goes_through_the_user_service() {
    create(USERS, "{'username': 'fred', 'email': 'fred@acme.io'}");

    StoredEntity fred =
        writes.update(
            core.app, USERS, "fred", json("{'email': 'f@acme.io'}"), DEFAULT, asApplication);
    StoredEntity bob =
        writes.update(
            core.app, USERS, "bob", json("{'email': 'bob@acme.io'}"), DEFAULT, asApplication);

    assertThat(writes.get(core.app, USERS, "f@acme.io").uuid()).isEqualTo(fred.uuid());
    assertThat(codeOf(() -> writes.get(core.app, USERS, "fred@acme.io")))
        .isEqualTo(ErrorCode.ENTITY_NOT_FOUND);
    assertThat(Bodies.of(bob).path("username").asText()).isEqualTo("bob");
    assertThat(writes.get(core.app, USERS, "bob@acme.io").uuid()).isEqualTo(bob.uuid());
    assertThat(
            writes
                .update(
                    core.app,
                    USERS,
                    "fred",
                    json("{'password': 'another1'}"),
                    DEFAULT,
                    asApplication)
                .json())
        .as("the user service drops a password from an update")
        .doesNotContain("another1");
  }

  @Test
  void a_notifiers_credentials_are_sealed_and_never_stored_in_its_entity() {
    StoredEntity apple = create(NOTIFIERS, "{'name': 'apple', 'provider': 'noop', 'p8': 'SECRET'}");
    StoredEntity updated =
        writes.update(
            core.app, NOTIFIERS, "apple", json("{'p8': 'NEWER'}"), DEFAULT, asApplication);

    for (StoredEntity written :
        List.of(apple, updated, core.entities.get(core.app, NOTIFIERS, "apple"))) {
      assertThat(written.json())
          .doesNotContain("p8")
          .doesNotContain("SECRET")
          .doesNotContain("NEWER");
    }
    assertThat(text(push.credentials(core.app.id(), apple.uuid()))).doesNotContain("NEWER");
    assertThat(notifiers.load(core.app, "apple").orElseThrow().credential("p8")).isEqualTo("NEWER");
  }

  @Test
  void notifications_are_never_written_by_path() {
    JsonNode body = json("{'payloads': {'apple': 'hi'}}");

    assertThat(
            codeOf(
                () ->
                    writes.create(core.app, NOTIFICATIONS, List.of(body), DEFAULT, asApplication)))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    assertThat(
            codeOf(
                () -> writes.update(core.app, NOTIFICATIONS, "n1", body, DEFAULT, asApplication)))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    assertThat(
            codeOf(() -> writes.updateMatching(core.app, NOTIFICATIONS, null, 10, body, DEFAULT)))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    assertThat(core.store.hasCollection(core.app.id(), "notifications")).isFalse();
  }

  @Test
  void an_update_by_query_sets_no_login_or_password_of_a_user_and_no_notifier_credential() {
    create(USERS, "{'username': 'fred', 'email': 'fred@acme.io', 'age': 30}");
    create(NOTIFIERS, "{'name': 'apple', 'provider': 'noop', 'p8': 'SECRET'}");

    for (String body :
        List.of("{'password': 'another1'}", "{'email': 'x@acme.io'}", "{'username': 'x'}")) {
      assertThat(
              codeOf(() -> writes.updateMatching(core.app, USERS, null, 10, json(body), DEFAULT)))
          .as(body)
          .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    }
    for (String credential : NotifierService.CREDENTIALS) {
      JsonNode body = json("{'" + credential + "': 'x'}");
      assertThat(codeOf(() -> writes.updateMatching(core.app, NOTIFIERS, null, 10, body, DEFAULT)))
          .as(credential)
          .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    }
    List<StoredEntity> users =
        writes.updateMatching(core.app, USERS, "where age = 30", 10, json("{'age': 31}"), DEFAULT);
    List<StoredEntity> apple =
        writes.updateMatching(core.app, NOTIFIERS, null, 10, json("{'topic': 'news'}"), DEFAULT);

    assertThat(users).extracting(StoredEntity::name).containsExactly("fred");
    assertThat(Bodies.of(writes.get(core.app, USERS, "fred")).path("age").asInt()).isEqualTo(31);
    assertThat(Bodies.of(writes.get(core.app, USERS, "fred")).path("email").asText())
        .isEqualTo("fred@acme.io");
    assertThat(apple).extracting(StoredEntity::name).containsExactly("apple");
    assertThat(notifiers.load(core.app, "apple").orElseThrow().credential("p8"))
        .isEqualTo("SECRET");
  }

  @Test
  void a_put_without_a_query_creates_one_entity_with_created_equal_to_modified() {
    StoredEntity rex = create(DOGS, "{'name': 'rex'}");

    List<StoredEntity> put =
        writes.put(
            core.app, application, DOGS, null, 10, json("{'age': 2}"), DEFAULT, asApplication);

    assertThat(put)
        .singleElement()
        .satisfies(dog -> assertThat(dog.uuid()).isNotEqualTo(rex.uuid()));
    JsonNode created = Bodies.of(put.get(0));
    assertThat(created.path("age").asInt()).isEqualTo(2);
    assertThat(created.path("created").asLong()).isEqualTo(created.path("modified").asLong());
    assertThat(Bodies.of(core.entities.get(core.app, DOGS, "rex")).has("age")).isFalse();
    assertThat(
            codeOf(
                () ->
                    writes.put(
                        core.app,
                        application,
                        DOGS,
                        " ",
                        10,
                        json("[{'age': 3}]"),
                        DEFAULT,
                        asApplication)))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
  }

  @Test
  void a_put_with_a_query_updates_what_it_selects_and_creates_nothing() {
    create(DOGS, "{'name': 'rex', 'age': 3}");
    create(DOGS, "{'name': 'pup', 'age': 1}");

    List<StoredEntity> put =
        writes.put(
            core.app,
            application,
            DOGS,
            "where age > 2",
            10,
            json("{'old': true}"),
            DEFAULT,
            asApplication);

    assertThat(put).extracting(StoredEntity::name).containsExactly("rex");
    assertThat(core.queries.query(core.app, DOGS, null, 10, null).entities()).hasSize(2);
  }

  @Test
  void a_put_that_creates_needs_the_permission_to_post_to_the_collection() {
    StoredEntity fred = create(USERS, "{'username': 'fred'}");
    String holder = GrantStore.user(fred.uuid());
    identity.roles.grantPermission(core.app, holder, "put:/dogs/*");
    JsonNode body = json("{'age': 2}");

    MeridianException refused =
        refusalOf(
            () ->
                writes.put(core.app, appUser(fred), DOGS, null, 10, body, DEFAULT, asApplication));
    identity.roles.grantPermission(core.app, holder, "post:/dogs");
    List<StoredEntity> created =
        writes.put(core.app, appUser(fred), DOGS, null, 10, body, DEFAULT, asApplication);

    assertThat(refused.code()).isEqualTo(ErrorCode.FORBIDDEN);
    assertThat(created).hasSize(1);
    assertThat(core.queries.query(core.app, DOGS, null, 10, null).entities()).hasSize(1);
  }

  @Test
  void a_write_through_a_connection_needs_put_at_the_entitys_own_path_by_uuid_or_by_name() {
    StoredEntity fred = create(USERS, "{'username': 'fred'}");
    StoredEntity rex = create(DOGS, "{'name': 'rex'}");
    StoredEntity fido = create(DOGS, "{'name': 'fido'}");
    StoredEntity pup = create(DOGS, "{'age': 1}");
    StoredEntity tom = create(DOGS, "{'name': 'tom'}");
    String holder = GrantStore.user(fred.uuid());
    identity.roles.grantPermission(core.app, holder, "put:/dogs/rex");
    identity.roles.grantPermission(core.app, holder, "put:/dogs/" + fido.uuid());
    JsonNode body = json("{'good': true}");

    StoredEntity byName =
        writes.updateConnected(core.app, appUser(fred), rex, body, DEFAULT, asApplication);
    StoredEntity byUuid =
        writes.updateConnected(core.app, appUser(fred), fido, body, DEFAULT, asApplication);
    MeridianException unnamed =
        refusalOf(
            () ->
                writes.updateConnected(core.app, appUser(fred), pup, body, DEFAULT, asApplication));

    assertThat(Bodies.of(byName).path("good").asBoolean()).isTrue();
    assertThat(byName.uuid()).isEqualTo(rex.uuid());
    assertThat(Bodies.of(byUuid).path("good").asBoolean()).isTrue();
    assertThat(unnamed.code()).isEqualTo(ErrorCode.FORBIDDEN);
    assertThat(
            codeOf(
                () ->
                    writes.updateConnected(
                        core.app, appUser(fred), tom, body, DEFAULT, asApplication)))
        .isEqualTo(ErrorCode.FORBIDDEN);
    assertThat(
            codeOf(
                () ->
                    writes.updateConnected(
                        core.app, Principal.GUEST, rex, body, DEFAULT, asApplication)))
        .isEqualTo(ErrorCode.UNAUTHORIZED);
    assertThat(Bodies.of(core.entities.get(core.app, DOGS, "tom")).has("good")).isFalse();
    assertThat(Bodies.of(core.entities.get(core.app, DOGS, pup.uuid().toString())).has("good"))
        .isFalse();
  }

  @Test
  void through_a_connection_only_administrators_create_or_write_roles_and_notifiers() {
    StoredEntity fred = create(USERS, "{'username': 'fred'}");
    StoredEntity editor = create(CollectionName.of("roles"), "{'name': 'editor'}");
    identity.roles.grantPermission(core.app, GrantStore.user(fred.uuid()), "get,put,post:/**");
    Principal asFred = appUser(fred);

    writes.requireCreatableAtItsOwnPath(core.app, asFred, DOGS);
    for (String collection : List.of("roles", "notifiers")) {
      assertThat(
              codeOf(
                  () ->
                      writes.requireCreatableAtItsOwnPath(
                          core.app, asFred, CollectionName.of(collection))))
          .as(collection)
          .isEqualTo(ErrorCode.FORBIDDEN);
    }
    assertThat(
            codeOf(
                () ->
                    writes.updateConnected(
                        core.app, asFred, editor, json("{'a': 1}"), DEFAULT, asApplication)))
        .isEqualTo(ErrorCode.FORBIDDEN);
    writes.requireCreatableAtItsOwnPath(core.app, application, CollectionName.of("roles"));
  }

  @Test
  void a_user_or_notifier_written_through_a_connection_goes_through_its_service() {
    StoredEntity fred = create(USERS, "{'username': 'fred'}");
    StoredEntity apple = create(NOTIFIERS, "{'name': 'apple', 'provider': 'noop', 'p8': 'SECRET'}");

    writes.updateConnected(
        core.app, application, fred, json("{'email': 'fred@acme.io'}"), DEFAULT, asApplication);
    StoredEntity sealed =
        writes.updateConnected(
            core.app, application, apple, json("{'p8': 'NEWER'}"), DEFAULT, asApplication);

    assertThat(writes.get(core.app, USERS, "fred@acme.io").uuid()).isEqualTo(fred.uuid());
    assertThat(
            writes
                .updateConnected(
                    core.app,
                    application,
                    fred,
                    json("{'password': 'another1'}"),
                    DEFAULT,
                    asApplication)
                .json())
        .as("the user service drops a password from an update")
        .doesNotContain("another1");
    assertThat(sealed.json()).doesNotContain("NEWER");
    assertThat(notifiers.load(core.app, "apple").orElseThrow().credential("p8")).isEqualTo("NEWER");
  }

  @Test
  void a_user_is_found_by_uuid_username_or_email_and_a_missing_one_answers_as_usergrid() {
    StoredEntity ada = create(USERS, "{'username': 'ada', 'email': 'ada@acme.io'}");
    StoredEntity rex = create(DOGS, "{'name': 'rex'}");

    assertThat(writes.get(core.app, USERS, ada.uuid().toString()).uuid()).isEqualTo(ada.uuid());
    assertThat(writes.get(core.app, USERS, "ADA").uuid()).isEqualTo(ada.uuid());
    assertThat(writes.get(core.app, USERS, "ADA@acme.io").uuid()).isEqualTo(ada.uuid());
    assertThat(writes.get(core.app, DOGS, "rex").uuid()).isEqualTo(rex.uuid());
    MeridianException missing = refusalOf(() -> writes.get(core.app, USERS, "bob@acme.io"));
    assertThat(missing.code()).isEqualTo(ErrorCode.ENTITY_NOT_FOUND);
    assertThat(missing.getMessage()).isEqualTo("Entity user with identifier bob@acme.io not found");
    assertThat(codeOf(() -> writes.get(core.app, DOGS, "fido")))
        .isEqualTo(ErrorCode.ENTITY_NOT_FOUND);
  }
}
