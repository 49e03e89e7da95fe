package io.meridian.core.identity.access;

import static io.meridian.testing.Bodies.json;
import static io.meridian.testing.Refusals.codeOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.entity.WriteOptions;
import io.meridian.core.identity.Principal;
import io.meridian.core.identity.PrincipalKind;
import io.meridian.core.identity.access.RequestAccess.Requirement;
import io.meridian.core.identity.access.RequestAccess.Rule;
import io.meridian.core.identity.access.RequestAccess.Segment;
import io.meridian.core.identity.permission.PathPattern;
import io.meridian.core.identity.permission.Verb;
import io.meridian.testing.MemoryCore;
import io.meridian.testing.MemoryIdentity;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What a request inside an application needs, and the decision applied, on the real {@link
 * AccessControl} over in-memory grants and roles. Permissions are granted before the first check:
 * the access feed that would tell AccessControl of later grants is not running.
 */
class RequestAccessTest {
  private static final String ANY = PathPattern.ANY_ENTITY;

  private final MemoryCore core = new MemoryCore();
  private final MemoryIdentity identity = new MemoryIdentity(core);
  private final RequestAccess requests = new RequestAccess(identity.access, core.entities);
  private final StoredEntity fred = post("users", "{'username': 'fred'}");
  private final StoredEntity bob = post("users", "{'username': 'bob'}");
  private final Principal asFred = appUser(fred.uuid(), core.app.id());
  private final String fredId = fred.uuid().toString();

  private StoredEntity post(String collection, String body) {
    return core.entities
        .create(core.app, CollectionName.of(collection), List.of(json(body)), WriteOptions.DEFAULT)
        .get(0);
  }

  private static Principal appUser(UUID user, UUID application) {
    return new Principal(PrincipalKind.APP_USER, user, application, null);
  }

  private Principal application() {
    return new Principal(PrincipalKind.APPLICATION, core.app.id(), core.app.id(), null);
  }

  /** Decoded segments; {@code "users;ql=..."} is a segment with matrix parameters. */
  private static List<Segment> path(String... segments) {
    List<Segment> path = new ArrayList<>();
    for (String segment : segments) {
      int matrix = segment.indexOf(';');
      path.add(
          matrix < 0
              ? new Segment(segment, false)
              : new Segment(segment.substring(0, matrix), true));
    }
    return path;
  }

  private Requirement needs(Principal caller, Verb verb, String... segments) {
    return requests.requirement(caller, core.app, verb, path(segments));
  }

  private static Requirement permission(Verb verb, String... path) {
    return new Requirement(Rule.PERMISSION, verb, List.of(path));
  }

  private static Requirement administrators(Verb verb, String... path) {
    return new Requirement(Rule.ADMINISTRATORS, verb, List.of(path));
  }

  private Visibility authorize(Principal caller, Verb verb, String... segments) {
    return requests.authorize(caller, core.app, verb, path(segments));
  }

  private void grant(StoredEntity user, String permission) {
    identity.roles.grantPermission(core.app, GrantStore.user(user.uuid()), permission);
  }

  @Test
  void the_application_itself_is_for_its_administrators_whatever_a_permission_says() {
    grant(fred, "get:/**");
    for (Verb verb : Verb.values()) {
      assertThat(needs(asFred, verb))
          .isEqualTo(new Requirement(Rule.ADMINISTRATORS, verb, List.of()));
    }
  }

  @Test
  void the_sign_in_is_open_to_anyone_the_socket_needs_reach_and_the_simulator_administrators() {
    for (Verb verb : Verb.values()) {
      assertThat(needs(Principal.GUEST, verb, "token"))
          .isEqualTo(new Requirement(Rule.ANYONE, verb, List.of("token")));
      assertThat(needs(Principal.GUEST, verb, "_realtime"))
          .isEqualTo(new Requirement(Rule.REACH, verb, List.of("_realtime")));
      assertThat(needs(asFred, verb, "_access"))
          .isEqualTo(new Requirement(Rule.ADMINISTRATORS, verb, List.of("_access")));
    }
  }

  @Test
  void a_permission_is_checked_on_the_plural_collection_and_lower_cased_names() {
    assertThat(needs(Principal.GUEST, Verb.GET, "Dog", "Rex"))
        .isEqualTo(permission(Verb.GET, "dogs", "rex"));
    assertThat(needs(Principal.GUEST, Verb.POST, "dog")).isEqualTo(permission(Verb.POST, "dogs"));
    assertThat(needs(Principal.GUEST, Verb.DELETE, "DOGS", "REX", "Likes"))
        .isEqualTo(permission(Verb.DELETE, "dogs", "rex", "likes"));
    // the fourth of five segments is the connected entity's collection, in its plural
    assertThat(needs(Principal.GUEST, Verb.GET, "users", "Bob", "Likes", "Dog", "Rex"))
        .isEqualTo(permission(Verb.GET, "users", "bob", "likes", "dogs", "rex"));
    // ... and taken as written, lower-cased, when it is no collection name
    assertThat(needs(Principal.GUEST, Verb.GET, "users", "bob", "likes", "2Dogs", "Rex"))
        .isEqualTo(permission(Verb.GET, "users", "bob", "likes", "2dogs", "rex"));
    // with four segments the last may be an entity: never read as a collection
    assertThat(needs(Principal.GUEST, Verb.GET, "users", "bob", "likes", "Dog"))
        .isEqualTo(permission(Verb.GET, "users", "bob", "likes", "dog"));
  }

  @Test
  void a_collection_name_that_no_collection_can_have_is_illegal() {
    assertThat(codeOf(() -> needs(Principal.GUEST, Verb.GET, "2dogs")))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
  }

  @Test
  void an_app_user_is_its_own_uuid_as_me_or_as_its_uuid_in_any_case() {
    assertThat(needs(asFred, Verb.GET, "users", "me", "likes"))
        .isEqualTo(permission(Verb.GET, "users", fredId, "likes"));
    assertThat(needs(asFred, Verb.PUT, "user", "ME", "Likes"))
        .isEqualTo(permission(Verb.PUT, "users", fredId, "likes"));
    assertThat(needs(asFred, Verb.GET, "users", fredId.toUpperCase(Locale.ROOT), "likes"))
        .isEqualTo(permission(Verb.GET, "users", fredId, "likes"));
    // only under users, and only for an app user
    assertThat(needs(asFred, Verb.GET, "dogs", "me")).isEqualTo(permission(Verb.GET, "dogs", "me"));
    assertThat(needs(Principal.GUEST, Verb.GET, "users", "me"))
        .isEqualTo(permission(Verb.GET, "users", "me"));
    assertThat(needs(application(), Verb.GET, "users", "Me"))
        .isEqualTo(permission(Verb.GET, "users", "me"));
  }

  @Test
  void any_signed_in_user_reads_itself_whatever_its_roles_and_nothing_more() {
    Requirement me = needs(asFred, Verb.GET, "users", "me");

    assertThat(me).isEqualTo(new Requirement(Rule.REACH, Verb.GET, List.of("users", fredId)));
    assertThat(needs(asFred, Verb.GET, "users", "Fred").rule()).isEqualTo(Rule.REACH);
    assertThat(needs(asFred, Verb.PUT, "users", "me").rule()).isEqualTo(Rule.PERMISSION);
    assertThat(needs(asFred, Verb.GET, "users", "bob").rule()).isEqualTo(Rule.PERMISSION);
    assertThat(needs(Principal.GUEST, Verb.GET, "users", "me").rule()).isEqualTo(Rule.PERMISSION);
    Visibility visibility = authorize(asFred, Verb.GET, "users", "me");
    assertThat(visibility.canRead(fred)).isTrue();
    assertThat(visibility.canRead(bob)).isFalse();
  }

  @Test
  void an_app_user_naming_itself_by_its_username_is_checked_as_its_uuid() {
    assertThat(needs(asFred, Verb.PUT, "users", "Fred", "activities"))
        .isEqualTo(permission(Verb.PUT, "users", fredId, "activities"));
    assertThat(needs(asFred, Verb.DELETE, "users", "fred"))
        .isEqualTo(permission(Verb.DELETE, "users", fredId));
    // another user, a name nobody has, another user's uuid: as written
    assertThat(needs(asFred, Verb.GET, "users", "Bob"))
        .isEqualTo(permission(Verb.GET, "users", "bob"));
    assertThat(needs(asFred, Verb.GET, "users", "nobody"))
        .isEqualTo(permission(Verb.GET, "users", "nobody"));
    assertThat(needs(asFred, Verb.GET, "users", bob.uuid().toString()))
        .isEqualTo(permission(Verb.GET, "users", bob.uuid().toString()));
    Principal someoneElse = appUser(UUID.randomUUID(), core.app.id());
    assertThat(needs(someoneElse, Verb.GET, "users", "fred"))
        .isEqualTo(permission(Verb.GET, "users", "fred"));
    assertThat(needs(Principal.GUEST, Verb.GET, "users", "fred"))
        .isEqualTo(permission(Verb.GET, "users", "fred"));
  }

  @Test
  void a_query_across_a_collections_entities_is_checked_as_any_entity() {
    assertThat(needs(asFred, Verb.GET, "users;ql=select *"))
        .isEqualTo(permission(Verb.GET, "users"));
    assertThat(needs(asFred, Verb.GET, "Users;ql=select *", "Devices"))
        .isEqualTo(permission(Verb.GET, "users", ANY, "devices"));
    assertThat(needs(asFred, Verb.PUT, "dogs;ql=where age > 2"))
        .isEqualTo(permission(Verb.PUT, "dogs", ANY));
    assertThat(needs(asFred, Verb.DELETE, "dogs;ql=where age > 2"))
        .isEqualTo(permission(Verb.DELETE, "dogs", ANY));
  }

  @Test
  void a_put_or_delete_of_a_collection_needs_a_permission_on_every_entity() {
    assertThat(needs(asFred, Verb.PUT, "dogs")).isEqualTo(permission(Verb.PUT, "dogs", ANY));
    assertThat(needs(asFred, Verb.DELETE, "Dog")).isEqualTo(permission(Verb.DELETE, "dogs", ANY));
    assertThat(needs(asFred, Verb.POST, "dogs")).isEqualTo(permission(Verb.POST, "dogs"));
    assertThat(needs(asFred, Verb.GET, "dogs")).isEqualTo(permission(Verb.GET, "dogs"));
  }

  @Test
  void the_batch_point_lookup_is_checked_as_a_get_of_the_collection() {
    assertThat(needs(asFred, Verb.POST, "Zone", "_contains"))
        .isEqualTo(permission(Verb.GET, "zones"));
    assertThat(needs(asFred, Verb.PUT, "zones", "_contains"))
        .isEqualTo(permission(Verb.PUT, "zones", "_contains"));
  }

  @Test
  void changing_roles_settings_push_or_memberships_needs_an_administrator() {
    List<List<String>> administered =
        List.of(
            List.of("roles"),
            List.of("Roles", "editor"),
            List.of("roles", "editor", "permissions"),
            List.of("dogs", "_settings"),
            List.of("notifiers"),
            List.of("notifier", "apple"),
            List.of("notifications"),
            List.of("devices", "d1", "notifications"),
            List.of("users", "bob", "notifications"),
            List.of("groups", "staff", "Notifications"),
            List.of("users", "bob", "roles", "editor"),
            List.of("users", "bob", "groups", "staff"),
            List.of("users", "me", "permissions"),
            List.of("users", "bob", "deactivate"),
            List.of("users", "me", "activate"),
            List.of("groups", "staff", "users", "bob"),
            List.of("groups", "staff", "roles", "editor"),
            List.of("groups", "staff", "permissions"));
    for (List<String> path : administered) {
      for (Verb verb : List.of(Verb.POST, Verb.PUT, Verb.DELETE)) {
        Requirement needed = needs(asFred, verb, path.toArray(String[]::new));
        assertThat(needed.rule()).as(verb + " " + path).isEqualTo(Rule.ADMINISTRATORS);
        assertThat(needed.verb()).isEqualTo(verb);
      }
      assertThat(needs(asFred, Verb.GET, path.toArray(String[]::new)).rule())
          .as("GET " + path)
          .isEqualTo(Rule.PERMISSION);
    }
    assertThat(needs(asFred, Verb.PUT, "roles", "editor"))
        .isEqualTo(administrators(Verb.PUT, "roles", "editor"));
    assertThat(needs(asFred, Verb.POST, "users", "bob", "likes", "dogs").rule())
        .isEqualTo(Rule.PERMISSION);
    assertThat(needs(asFred, Verb.POST, "groups", "staff", "activities").rule())
        .isEqualTo(Rule.PERMISSION);
    assertThat(needs(asFred, Verb.POST, "dogs", "rex", "users").rule()).isEqualTo(Rule.PERMISSION);
  }

  @Test
  void a_devices_secret_and_the_edge_settings_need_an_administrator_even_to_read() {
    assertThat(needs(asFred, Verb.GET, "Devices", "Meter1", "Secret"))
        .isEqualTo(administrators(Verb.GET, "devices", "meter1", "secret"));
    assertThat(needs(asFred, Verb.GET, "device", "_settings"))
        .isEqualTo(administrators(Verb.GET, "devices", "_settings"));
    assertThat(needs(asFred, Verb.GET, "devices", "meter1"))
        .isEqualTo(permission(Verb.GET, "devices", "meter1"));
    assertThat(needs(asFred, Verb.GET, "dogs", "rex", "secret"))
        .isEqualTo(permission(Verb.GET, "dogs", "rex", "secret"));
    assertThat(needs(asFred, Verb.GET, "devices", "meter1", "secret", "x").rule())
        .isEqualTo(Rule.PERMISSION);
  }

  @Test
  void matrix_parameters_elsewhere_than_on_the_collection_are_a_bad_request() {
    assertThat(codeOf(() -> needs(asFred, Verb.GET, "users", "me;ql=x")))
        .isEqualTo(ErrorCode.BAD_REQUEST);
    assertThat(codeOf(() -> needs(asFred, Verb.GET, "users", "me", "likes;ql=x")))
        .isEqualTo(ErrorCode.BAD_REQUEST);
    assertThat(codeOf(() -> needs(asFred, Verb.GET, "users;ql=x", "devices;ql=y")))
        .isEqualTo(ErrorCode.BAD_REQUEST);
  }

  @Test
  void a_query_is_followed_by_nothing_but_a_verb_and_by_a_verb_only_in_a_get() {
    assertThat(codeOf(() -> needs(asFred, Verb.GET, "users;ql=x", "me", "roles")))
        .isEqualTo(ErrorCode.BAD_REQUEST);
    assertThat(codeOf(() -> needs(asFred, Verb.GET, "users;ql=x", "devices", "d1")))
        .isEqualTo(ErrorCode.BAD_REQUEST);
    for (Verb verb : List.of(Verb.POST, Verb.PUT, Verb.DELETE)) {
      assertThat(codeOf(() -> needs(asFred, verb, "users;ql=x", "devices")))
          .as(verb.name())
          .isEqualTo(ErrorCode.BAD_REQUEST);
    }
    assertThat(codeOf(() -> needs(asFred, Verb.PUT, "devices;ql=x", "notifications")))
        .isEqualTo(ErrorCode.BAD_REQUEST);
  }

  @Test
  void a_notification_to_the_devices_a_query_selects_is_the_one_verb_posted_after_a_query() {
    assertThat(needs(asFred, Verb.POST, "devices;ql=where platform = 'ios'", "notifications"))
        .isEqualTo(administrators(Verb.POST, "devices", ANY, "notifications"));
    assertThat(needs(asFred, Verb.POST, "Device;ql=select *", "notifications"))
        .isEqualTo(administrators(Verb.POST, "devices", ANY, "notifications"));
    // no resource sends notifications to the users or groups a query selects
    assertThat(codeOf(() -> needs(asFred, Verb.POST, "users;ql=select *", "notifications")))
        .isEqualTo(ErrorCode.BAD_REQUEST);
    assertThat(codeOf(() -> needs(asFred, Verb.POST, "groups;ql=select *", "notifications")))
        .isEqualTo(ErrorCode.BAD_REQUEST);
  }

  @Test
  void only_the_socket_and_the_simulator_are_read_only() {
    assertThat(RequestAccess.readOnly(path("_realtime"))).isTrue();
    assertThat(RequestAccess.readOnly(path("_access"))).isTrue();
    assertThat(RequestAccess.readOnly(path("token"))).isFalse();
    assertThat(RequestAccess.readOnly(path("dogs"))).isFalse();
    assertThat(RequestAccess.readOnly(path("_access", "x"))).isFalse();
  }

  @Test
  void without_a_grant_a_guest_is_asked_to_sign_in_and_a_user_is_forbidden() {
    assertThat(codeOf(() -> authorize(Principal.GUEST, Verb.GET, "dogs", "rex")))
        .isEqualTo(ErrorCode.UNAUTHORIZED);
    assertThat(codeOf(() -> authorize(asFred, Verb.GET, "dogs", "rex")))
        .isEqualTo(ErrorCode.FORBIDDEN);
  }

  @Test
  void a_grant_allows_what_it_names_on_the_canonical_path_and_nothing_else() {
    StoredEntity rex = post("dogs", "{'name': 'rex'}");
    StoredEntity tom = post("cats", "{'name': 'tom'}");
    grant(fred, "get:/dogs/*");
    grant(fred, "put:/cats");
    grant(fred, "get:/zones");
    grant(bob, "put:/cats/*");

    Visibility visibility = authorize(asFred, Verb.GET, "Dog", "Rex");

    assertThat(visibility.canRead(rex)).isTrue();
    assertThat(visibility.canRead(tom)).isFalse();
    assertThat(codeOf(() -> authorize(asFred, Verb.PUT, "dogs", "rex")))
        .isEqualTo(ErrorCode.FORBIDDEN);
    // a write to the whole collection needs every entity, not the collection alone
    assertThat(codeOf(() -> authorize(asFred, Verb.PUT, "cats"))).isEqualTo(ErrorCode.FORBIDDEN);
    authorize(appUser(bob.uuid(), core.app.id()), Verb.PUT, "cats");
    // the batch lookup reads the collection
    authorize(asFred, Verb.POST, "zones", "_contains");
    assertThat(codeOf(() -> authorize(asFred, Verb.POST, "dogs", "_contains")))
        .isEqualTo(ErrorCode.FORBIDDEN);
  }

  @Test
  void a_user_pattern_lets_a_user_write_itself_by_its_username_and_no_one_else() {
    grant(fred, "get,put:/users/${user}/**");

    authorize(asFred, Verb.PUT, "users", "fred");
    authorize(asFred, Verb.PUT, "users", "me", "activities");
    authorize(asFred, Verb.GET, "users", fredId);
    assertThat(codeOf(() -> authorize(asFred, Verb.PUT, "users", "bob")))
        .isEqualTo(ErrorCode.FORBIDDEN);
  }

  @Test
  void administrators_pass_every_requirement_and_see_everything() {
    UUID admin = UUID.randomUUID();
    identity.organizations.addAdmin(core.app.organizationId(), admin);
    Principal organizationAdmin = new Principal(PrincipalKind.ADMIN, admin, null, null);
    Principal superuser = new Principal(PrincipalKind.SUPERUSER, null, null, null);

    for (Principal caller : List.of(application(), organizationAdmin, superuser)) {
      assertThat(authorize(caller, Verb.POST, "roles")).isSameAs(Visibility.ALL);
      assertThat(authorize(caller, Verb.GET, "devices", "meter1", "secret"))
          .isSameAs(Visibility.ALL);
      assertThat(authorize(caller, Verb.GET, "_access")).isSameAs(Visibility.ALL);
      assertThat(authorize(caller, Verb.PUT, "dogs")).isSameAs(Visibility.ALL);
    }
    Principal anotherOrganizationsAdmin =
        new Principal(PrincipalKind.ADMIN, UUID.randomUUID(), null, null);
    assertThat(codeOf(() -> authorize(anotherOrganizationsAdmin, Verb.POST, "roles")))
        .isEqualTo(ErrorCode.FORBIDDEN);
  }

  @Test
  void no_permission_lets_an_app_user_do_what_only_administrators_may() {
    grant(fred, "get,put,post,delete:/**");

    authorize(asFred, Verb.POST, "dogs");
    assertThat(codeOf(() -> authorize(asFred, Verb.POST, "roles"))).isEqualTo(ErrorCode.FORBIDDEN);
    assertThat(codeOf(() -> authorize(asFred, Verb.GET, "devices", "d1", "secret")))
        .isEqualTo(ErrorCode.FORBIDDEN);
    assertThat(codeOf(() -> authorize(asFred, Verb.GET, "_access"))).isEqualTo(ErrorCode.FORBIDDEN);
    assertThat(codeOf(() -> authorize(Principal.GUEST, Verb.POST, "roles")))
        .isEqualTo(ErrorCode.UNAUTHORIZED);
  }

  @Test
  void the_socket_is_open_to_credentials_that_reach_the_application_and_the_sign_in_to_all() {
    ApplicationRef other =
        new ApplicationRef(UUID.randomUUID(), core.app.organizationId(), "acme", "other", 0);
    Principal otherUser = appUser(UUID.randomUUID(), other.id());
    Principal otherApplication =
        new Principal(PrincipalKind.APPLICATION, other.id(), other.id(), null);

    assertThat(authorize(Principal.GUEST, Verb.GET, "_realtime").canRead(fred)).isFalse();
    authorize(asFred, Verb.GET, "_realtime");
    assertThat(codeOf(() -> authorize(otherUser, Verb.GET, "_realtime")))
        .isEqualTo(ErrorCode.UNAUTHORIZED);
    assertThat(codeOf(() -> authorize(otherApplication, Verb.GET, "_realtime")))
        .isEqualTo(ErrorCode.UNAUTHORIZED);
    assertThat(authorize(otherUser, Verb.POST, "token")).isSameAs(Visibility.NONE);
    assertThat(authorize(Principal.GUEST, Verb.POST, "token").canRead(fred)).isFalse();
  }
}
