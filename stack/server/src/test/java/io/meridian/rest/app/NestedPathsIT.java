package io.meridian.rest.app;

import static io.meridian.rest.support.AppAccess.awaitStatus;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.AppAccess;
import io.meridian.rest.support.MeridianIT;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Usergrid's nested reads ({@code /users/{u}/roles/{r}}, {@code /users/{u}/{verb}/{coll}/{id}}) and
 * {@code PUT} through a connection path, which changes the connected entity only when the caller
 * may also change it at its own path.
 */
class NestedPathsIT extends MeridianIT {
  private AppAccess access;
  private String rex;

  @BeforeEach
  void setUp() {
    access = new AppAccess(api, org, app);
    access.user("fred");
    rex = access.create("dogs", "{\"name\":\"rex\",\"age\":3}");
    access.create("dogs", "{\"name\":\"fido\"}");
    access.add("users/fred/likes/dogs/rex");
  }

  @Test
  void a_users_role_reads_as_the_role_only_while_the_user_holds_it() {
    access.create("roles", "{\"name\":\"editors\"}");
    access.create("roles", "{\"name\":\"viewers\"}");
    access.add("users/fred/roles/editors");
    access.create("groups", "{\"path\":\"rangers\"}");
    access.add("groups/rangers/users/fred");

    Reply held = api.get(access.path("users/fred/roles/editors"));
    Reply notHeld = api.get(access.path("users/fred/roles/viewers"));
    Reply missing = api.get(access.path("users/fred/roles/nobody"));
    Reply member = api.get(access.path("groups/rangers/users/fred"));

    assertThat(held.status()).as(held.body()).isEqualTo(200);
    assertThat(held.entity().path("name").asText()).isEqualTo("editors");
    assertThat(notHeld.status()).as(notHeld.body()).isEqualTo(404);
    assertThat(missing.status()).isEqualTo(404);
    assertThat(member.status()).as(member.body()).isEqualTo(200);
    assertThat(member.entity().path("username").asText()).isEqualTo("fred");
  }

  @Test
  void a_connected_entity_reads_by_collection_and_name_or_uuid_only_while_connected() {
    Reply byName = api.get(access.path("users/fred/likes/dogs/rex"));
    Reply byUuid = api.get(access.path("users/fred/likes/dogs/" + rex));
    Reply notConnected = api.get(access.path("users/fred/likes/dogs/fido"));
    Reply wrongCollection = api.get(access.path("users/fred/likes/cats/rex"));

    assertThat(byName.status()).as(byName.body()).isEqualTo(200);
    assertThat(byName.entity().path("uuid").asText()).isEqualTo(rex);
    assertThat(byUuid.status()).as(byUuid.body()).isEqualTo(200);
    assertThat(notConnected.status()).as(notConnected.body()).isEqualTo(404);
    assertThat(wrongCollection.status()).isEqualTo(404);
  }

  @Test
  void a_put_through_a_connection_merges_into_the_connected_entity() {
    Reply byName = api.put(access.path("users/fred/likes/dogs/rex"), "{\"age\":4}");
    Reply byUuid = api.put(access.path("users/fred/likes/" + rex), "{\"colour\":\"brown\"}");

    assertThat(byName.status()).as(byName.body()).isEqualTo(200);
    assertThat(byName.entity().path("age").asInt()).isEqualTo(4);
    assertThat(byUuid.status()).as(byUuid.body()).isEqualTo(200);
    Reply now = api.get(access.path("dogs/rex"));
    assertThat(now.entity().path("age").asInt()).isEqualTo(4);
    assertThat(now.entity().path("colour").asText()).isEqualTo("brown");
  }

  @Test
  void a_put_through_a_path_not_connected_yet_connects_as_usergrid_did_and_a_missing_one_is_404() {
    Reply connected = api.put(access.path("users/fred/likes/dogs/fido"), "{\"age\":9}");

    assertThat(connected.status()).as(connected.body()).isEqualTo(200);
    assertThat(api.get(access.path("dogs/fido")).entity().path("age").asInt()).isEqualTo(9);
    assertThat(api.get(access.path("users/fred/likes/dogs/fido")).status()).isEqualTo(200);

    Reply missing = api.put(access.path("users/fred/likes/dogs/nobody"), "{\"age\":9}");
    assertThat(missing.status()).as(missing.body()).isEqualTo(404);
    assertThat(api.get(access.path("dogs/nobody")).status()).isEqualTo(404);
  }

  @Test
  void a_user_may_not_change_through_its_connections_what_it_may_not_change_directly() {
    access.restrictDefaultRole("get,put,post,delete:/users/me/**", "get:/dogs/*");
    ApiClient fred = access.signIn("fred");
    awaitStatus(403, () -> fred.get(access.path("cats")));

    Reply refused = fred.put(access.path("users/me/likes/dogs/rex"), "{\"age\":99}");

    assertThat(refused.status()).as(refused.body()).isEqualTo(403);
    assertThat(api.get(access.path("dogs/rex")).entity().path("age").asInt()).isEqualTo(3);
    access.grant("roles/default", "put:/dogs/rex");
    Reply allowed =
        awaitStatus(200, () -> fred.put(access.path("users/me/likes/dogs/rex"), "{\"age\":5}"));
    assertThat(allowed.entity().path("age").asInt()).isEqualTo(5);
  }
}
