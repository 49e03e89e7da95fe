package io.meridian.rest.identity;

import static io.meridian.rest.support.AppAccess.awaitStatus;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.AppAccess;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.MeridianIT;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What app users and anonymous callers may do: Usergrid's default roles, and permissions reaching a
 * user through its own grants, its roles, its groups and its groups' roles, until taken away.
 */
class PermissionsIT extends MeridianIT {
  private static final String ALL_THINGS_QUERY = ";ql=select%20*;limit=5/likes";

  private AppAccess access;
  private String fredId;
  private String wilmaId;
  private String rex;
  private ApiClient fred;

  @BeforeEach
  void fred_wilma_and_a_thing() {
    access = new AppAccess(api, org, app);
    fredId = access.user("fred");
    wilmaId = access.user("wilma");
    rex = access.create("things", "{\"name\":\"rex\"}");
    fred = access.signIn("fred");
  }

  @Test
  void anonymous_callers_may_sign_up_and_register_devices_but_read_nothing() {
    ApiClient guest = api.anonymous();
    Reply signUp =
        guest.post(
            path("users"),
            "{\"username\":\"barney\",\"password\":\"" + Identities.PASSWORD + "\"}");

    assertThat(signUp.status()).as(signUp.body()).isEqualTo(200);
    String device = guest.post(path("devices"), "{\"model\":\"x\"}").entity().path("uuid").asText();
    assertThat(guest.put(path("devices/" + device), "{\"model\":\"y\"}").status()).isEqualTo(200);
    for (String read : new String[] {"users", "users/" + fredId, "things", "things/" + rex}) {
      Reply denied = guest.get(path(read));
      assertThat(denied.status()).as(read).isEqualTo(401);
      assertThat(denied.error()).isEqualTo("unauthorized");
    }
    assertThat(guest.get(path("devices/" + device)).status()).isEqualTo(401);
    assertThat(guest.post(path("things"), "{\"name\":\"dino\"}").status()).isEqualTo(401);
    assertThat(api.get(path("things/dino")).status()).isEqualTo(404);
  }

  @Test
  void a_signed_in_user_may_do_anything_in_its_app_under_the_default_role() {
    String dino = fred.post(path("things"), "{\"name\":\"dino\"}").entity().path("uuid").asText();

    assertThat(fred.get(path("things")).uuids()).contains(rex, dino);
    assertThat(fred.put(path("things/" + rex), "{\"color\":\"brown\"}").status()).isEqualTo(200);
    assertThat(fred.get(path("users/" + wilmaId)).status()).isEqualTo(200);
    assertThat(fred.post(path("users/me/likes/" + rex), "").status()).isEqualTo(200);
    assertThat(fred.delete(path("things/" + dino)).status()).isEqualTo(200);
    assertThat(api.get(path("things/" + rex)).entity().path("color").asText()).isEqualTo("brown");
  }

  @Test
  void a_restricted_default_role_grants_exactly_what_it_says() {
    access.restrictDefaultRole("get:/things/*", "get,put,post,delete:/users/${user}/**");
    awaitStatus(403, () -> fred.get(path("users")));

    assertThat(fred.get(path("things/" + rex)).status()).isEqualTo(200);
    assertThat(fred.get(path("things/rex")).status()).isEqualTo(200);
    Reply create = fred.post(path("things"), "{\"name\":\"dino\"}");
    assertThat(create.status()).isEqualTo(403);
    assertThat(create.error()).isEqualTo("forbidden");
    assertThat(fred.get(path("things")).status()).isEqualTo(403);
    assertThat(fred.put(path("things/" + rex), "{\"color\":\"red\"}").status()).isEqualTo(403);
    assertThat(fred.get(path("users/me")).entity().path("uuid").asText()).isEqualTo(fredId);
    assertThat(fred.get(path("users/" + fredId)).status()).isEqualTo(200);
    assertThat(fred.put(path("users/me"), "{\"nickname\":\"freddy\"}").status()).isEqualTo(200);
    assertThat(fred.get(path("users/" + wilmaId)).status()).isEqualTo(403);
    assertThat(fred.get(path("users/wilma")).status()).isEqualTo(403);
    assertThat(fred.put(path("users/" + wilmaId), "{\"nickname\":\"x\"}").status()).isEqualTo(403);
    assertThat(fred.delete(path("users/" + wilmaId)).status()).isEqualTo(403);
    assertThat(api.get(path("things/dino")).status()).isEqualTo(404);
    assertThat(api.get(path("users/wilma")).entity().has("nickname")).isFalse();
    assertThat(api.get(path("users/fred")).entity().path("nickname").asText()).isEqualTo("freddy");
  }

  @Test
  void a_users_me_pattern_covers_the_caller_and_what_hangs_below_it() {
    access.restrictDefaultRole("get,put,post:/users/me/**", "get:/things/*");
    awaitStatus(403, () -> fred.get(path("users")));

    assertThat(fred.get(path("users/me")).status()).isEqualTo(200);
    assertThat(fred.post(path("users/me/likes/things/" + rex), "").status()).isEqualTo(200);
    assertThat(fred.get(path("users/" + fredId + "/likes")).uuids()).containsExactly(rex);
    assertThat(fred.get(path("users/" + wilmaId + "/likes")).status()).isEqualTo(403);
    assertThat(fred.post(path("users/wilma/likes/things/" + rex), "").status()).isEqualTo(403);
    assertThat(api.get(path("users/wilma/likes")).uuids()).isEmpty();
  }

  @Test
  void a_guest_permission_lets_anonymous_callers_read_by_uuid_until_revoked() {
    ApiClient guest = api.anonymous();
    access.grant("roles/guest", "get:/things/*");

    Reply read = awaitStatus(200, () -> guest.get(path("things/" + rex)));
    assertThat(read.entity().path("name").asText()).isEqualTo("rex");
    assertThat(guest.get(path("things")).status()).isEqualTo(401);
    assertThat(guest.post(path("things"), "{\"name\":\"dino\"}").status()).isEqualTo(401);

    access.revoke("roles/guest", "get:/things/*");
    awaitStatus(401, () -> guest.get(path("things/" + rex)));
  }

  @Test
  void a_users_own_permission_reaches_it_until_revoked() {
    access.restrictDefaultRole();
    awaitStatus(403, () -> fred.get(path("things/" + rex)));

    access.grant("users/fred", "get:/things/*");
    awaitStatus(200, () -> fred.get(path("things/" + rex)));
    assertThat(access.signIn("wilma").get(path("things/" + rex)).status()).isEqualTo(403);

    access.revoke("users/" + fredId, "get:/things/*");
    awaitStatus(403, () -> fred.get(path("things/" + rex)));
  }

  @Test
  void a_role_reaches_its_users_until_they_leave_it_or_it_is_deleted() {
    access.restrictDefaultRole();
    access.create("roles", "{\"name\":\"readers\"}");
    access.grant("roles/readers", "get:/things/*");
    awaitStatus(403, () -> fred.get(path("things/" + rex)));

    access.add("users/fred/roles/readers");
    awaitStatus(200, () -> fred.get(path("things/" + rex)));
    access.remove("roles/readers/users/" + fredId);
    awaitStatus(403, () -> fred.get(path("things/" + rex)));

    access.add("roles/readers/users/fred");
    awaitStatus(200, () -> fred.get(path("things/" + rex)));
    assertThat(api.delete(path("roles/readers")).status()).isEqualTo(200);
    awaitStatus(403, () -> fred.get(path("things/" + rex)));
  }

  @Test
  void a_groups_permissions_reach_its_members_until_they_leave() {
    access.restrictDefaultRole();
    access.create("groups", "{\"path\":\"rangers\"}");
    access.grant("groups/rangers", "get:/things/*");
    awaitStatus(403, () -> fred.get(path("things/" + rex)));

    access.add("groups/rangers/users/fred");
    awaitStatus(200, () -> fred.get(path("things/" + rex)));
    assertThat(access.signIn("wilma").get(path("things/" + rex)).status()).isEqualTo(403);

    access.remove("users/fred/groups/rangers");
    awaitStatus(403, () -> fred.get(path("things/" + rex)));
  }

  @Test
  void a_groups_role_reaches_its_members_until_the_group_loses_it() {
    access.restrictDefaultRole();
    access.create("roles", "{\"name\":\"readers\"}");
    access.grant("roles/readers", "get:/things/*");
    access.create("groups", "{\"path\":\"rangers\"}");
    access.add("users/fred/groups/rangers");
    awaitStatus(403, () -> fred.get(path("things/" + rex)));

    access.add("groups/rangers/roles/readers");
    awaitStatus(200, () -> fred.get(path("things/" + rex)));

    access.remove("roles/readers/groups/rangers");
    awaitStatus(403, () -> fred.get(path("things/" + rex)));
  }

  @Test
  void a_query_across_a_collection_needs_a_permission_covering_every_entity() {
    assertThat(api.post(path("things/" + rex + "/likes/users/wilma"), "").status()).isEqualTo(200);
    // Listed entities pass their own read check too (see EntityLeakIT): users may be read.
    access.restrictDefaultRole(
        "get:/things/" + rex + "/**", "get:/things/${user}/**", "get:/users/*");
    awaitStatus(403, () -> fred.get(path("users")));

    assertThat(fred.get(path("things/" + rex + "/likes")).uuids()).containsExactly(wilmaId);
    assertThat(fred.get(path("things" + ALL_THINGS_QUERY)).status()).isEqualTo(403);

    access.grant("roles/default", "get:/things/*/likes");
    Reply query = awaitStatus(200, () -> fred.get(path("things" + ALL_THINGS_QUERY)));
    assertThat(query.uuids()).containsExactly(wilmaId);
  }

  @Test
  void a_permission_to_post_to_every_entity_of_a_collection_also_creates_in_it() {
    access.restrictDefaultRole("post:/cats/*", "post:/dogs/rex");
    awaitStatus(403, () -> fred.get(path("things")));

    Reply cat = fred.post(path("cats"), "{\"name\":\"tom\"}");
    assertThat(cat.status()).as(cat.body()).isEqualTo(200);
    assertThat(fred.post(path("dogs"), "{\"name\":\"fido\"}").status())
        .as("a grant on one entity creates nothing")
        .isEqualTo(403);
    assertThat(fred.put(path("cats/tom"), "{\"a\":1}").status()).isEqualTo(403);
    assertThat(api.get(path("dogs/fido")).status()).isEqualTo(404);
  }
}
