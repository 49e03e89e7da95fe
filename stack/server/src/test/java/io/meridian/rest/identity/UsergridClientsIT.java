package io.meridian.rest.identity;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.AppAccess;
import io.meridian.rest.support.Eventually;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.LoopbackClient;
import io.meridian.rest.support.MeridianIT;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Calls that apps written for Usergrid 2.1 make, answered as Usergrid answered them: token errors
 * spelt as Usergrid spelt them, a user's own credential calls with its own token, permission grants
 * in the query, and a PUT that creates an entity.
 */
class UsergridClientsIT extends MeridianIT {
  private AppAccess access;
  private String fredId;

  @BeforeEach
  void fred() {
    access = new AppAccess(api, org, app);
    fredId = access.user("fred");
  }

  private static void assertUsergridError(Reply reply, int status, String error) {
    assertThat(reply.status()).as(reply.body()).isEqualTo(status);
    JsonNode body = reply.json();
    assertThat(body.path("error").asText()).isEqualTo(error);
    assertThat(body.path("error_description").asText()).isNotBlank();
    assertThat(body.has("timestamp")).isTrue();
    assertThat(body.has("duration")).isTrue();
    assertThat(body.path("error_id").asText()).isEqualTo(reply.header("X-Request-Id"));
  }

  @Test
  void a_malformed_forged_or_revoked_token_is_401_auth_bad_access_token() {
    ApiClient anonymous = api.anonymous();
    assertUsergridError(
        anonymous.withToken("not-a-token").get(path("things")), 401, "auth_bad_access_token");
    assertUsergridError(
        anonymous.get(path("things") + "?access_token=YWJj.ZGVm.Z2hp"),
        401,
        "auth_bad_access_token");
    String token = Identities.userToken(api, org, app, "fred");
    String forged = token.substring(0, token.length() - 2) + (token.endsWith("A") ? "BB" : "AA");
    assertUsergridError(
        anonymous.withToken(forged).get(path("users/me")), 401, "auth_bad_access_token");

    ApiClient fred = api.withToken(token);
    assertThat(fred.put(path("users/me/revoketokens"), "").status()).isEqualTo(200);
    AppAccess.awaitStatus(401, () -> fred.get(path("users/me")));
    assertUsergridError(fred.get(path("users/me")), 401, "auth_bad_access_token");
  }

  @Test
  void a_user_manages_its_own_credentials_with_its_own_token_under_usergrids_narrow_rule() {
    access.restrictDefaultRole("get,put,post,delete:/users/${user}/**");
    ApiClient fred = access.signIn("fred");
    ApiClient other = access.signIn("fred");
    AppAccess.awaitStatus(403, () -> fred.get(path("things")));

    Reply one = fred.put(path("users/me/revoketoken?token=" + other.token()), "");
    assertThat(one.status()).as(one.body()).isEqualTo(200);
    AppAccess.awaitStatus(401, () -> other.get(path("users/me")));
    assertThat(fred.get(path("users/me")).status()).isEqualTo(200);

    ApiClient third = access.signIn("fred");
    Reply byUsername = fred.post(path("users/fred/revoketoken?token=" + third.token()), "");
    assertThat(byUsername.status()).as(byUsername.body()).isEqualTo(200);
    AppAccess.awaitStatus(401, () -> third.get(path("users/me")));
    assertThat(fred.get(path("users/FRED")).status()).isEqualTo(200);

    access.user("wilma");
    assertThat(fred.get(path("users/wilma")).status())
        .as("another user's name is checked as written")
        .isEqualTo(403);
    assertThat(fred.post(path("users/wilma/revoketokens"), "").status()).isEqualTo(403);
    assertThat(fred.post(path("users/fred/roles/admin"), "").status())
        .as("naming itself by username raises nothing")
        .isEqualTo(403);
    assertThat(access.listed("users/fred/roles", "name")).isEmpty();

    Reply changed =
        fred.put(
            path("users/" + fredId + "/password"),
            Identities.json(
                "oldpassword", Identities.PASSWORD, "newpassword", "a brand new passphrase"));
    assertThat(changed.status()).as(changed.body()).isEqualTo(200);
    AppAccess.awaitStatus(401, () -> fred.get(path("users/me")));

    ApiClient again =
        api.withToken(
            api.anonymous()
                .post(
                    path("token"),
                    Identities.json(
                        "grant_type",
                        "password",
                        "username",
                        "fred",
                        "password",
                        "a brand new passphrase"))
                .json()
                .path("access_token")
                .asText());
    Reply all = again.post(path("users/me/revoketokens"), "");
    assertThat(all.status()).as(all.body()).isEqualTo(200);
    AppAccess.awaitStatus(401, () -> again.get(path("users/me")));
  }

  @Test
  void a_user_under_the_default_role_uses_its_username_in_credential_paths() {
    ApiClient fred = access.signIn("fred");
    ApiClient other = access.signIn("fred");
    Reply one = fred.post(path("users/fred/revoketoken?token=" + other.token()), "");
    assertThat(one.status()).as(one.body()).isEqualTo(200);
    AppAccess.awaitStatus(401, () -> other.get(path("users/me")));

    access.user("wilma");
    ApiClient wilma = access.signIn("wilma");
    assertThat(wilma.post(path("users/fred/revoketokens"), "").status())
        .as("another user's tokens")
        .isEqualTo(403);
    assertThat(fred.get(path("users/me")).status()).isEqualTo(200);
  }

  @Test
  void the_node_sdks_password_change_and_sign_out_work_without_a_token_as_it_sends_them() {
    access.grant("roles/guest", "put:/users/*/**");
    ApiClient anonymous = api.anonymous();
    String change =
        Identities.json("oldpassword", Identities.PASSWORD, "newpassword", "2cool4u2cool");
    Reply changed =
        AppAccess.awaitStatus(200, () -> anonymous.put(path("users/fred/password"), change));
    assertThat(changed.json().path("action").asText()).isEqualTo("set user password");

    // A wrong password on purpose, from an address of its own: the others sign in from 127.0.0.1.
    Reply wrong =
        LoopbackClient.from(api)
            .send(
                "PUT",
                path("users/fred/password"),
                Identities.json("oldpassword", "BADOLDPASSWORD", "newpassword", "whatever12"),
                "application/json");
    assertUsergridError(wrong, 400, "auth_invalid_username_or_password");

    ApiClient fred =
        api.withToken(
            anonymous
                .post(
                    path("token"),
                    Identities.json(
                        "grant_type", "password", "username", "fred", "password", "2cool4u2cool"))
                .json()
                .path("access_token")
                .asText());
    Reply out = anonymous.put(path("users/fred/revoketoken?token=" + fred.token()), "");
    assertThat(out.status()).as(out.body()).isEqualTo(200);
    assertThat(out.json().path("action").asText()).isEqualTo("revoked user token");
    AppAccess.awaitStatus(401, () -> fred.get(path("users/me")));

    access.user("wilma");
    String wilmas = access.signIn("wilma").token();
    assertThat(anonymous.put(path("users/fred/revoketoken?token=" + wilmas), "").status())
        .as("a token revokes only itself, at its own user's path")
        .isEqualTo(400);
    assertThat(anonymous.put(path("users/fred/revoketokens"), "").status())
        .as("ending every session of a user takes that user or an administrator")
        .isEqualTo(403);
  }

  @Test
  void a_permission_is_granted_from_the_query_as_usergrid_clients_send_it() {
    Reply posted =
        api.post(
            path("roles/default/permissions?permission=" + ApiClient.encode("get:/cats/*")), "");
    assertThat(posted.status()).as(posted.body()).isEqualTo(200);
    Reply put =
        api.put(path("users/fred/permissions?permission=" + ApiClient.encode("put:/dogs/*")), "");
    assertThat(put.status()).as(put.body()).isEqualTo(200);
    assertThat(access.permissions("roles/default")).contains("get:/cats/*");
    assertThat(access.permissions("users/fred")).containsExactly("put:/dogs/*");

    Reply widening =
        api.post(path("roles/default/permissions?permission=" + ApiClient.encode(":/x")), "");
    assertThat(widening.status()).as(widening.body()).isEqualTo(400);

    ApiClient fred = access.signIn("fred");
    Reply escalation =
        fred.post(
            path("users/me/permissions?permission=" + ApiClient.encode("get,put,post,delete:/**")),
            "");
    assertThat(escalation.status()).as(escalation.body()).isEqualTo(403);
    assertThat(access.permissions("users/fred")).containsExactly("put:/dogs/*");
  }

  @Test
  void a_put_that_creates_an_entity_sets_created_equal_to_modified() {
    for (String collection : List.of("things", "users")) {
      String body = collection.equals("users") ? "{\"email\":\"barney@example.com\"}" : "{\"a\":1}";
      String name = collection.equals("users") ? "barney" : "newthing";
      Reply created = api.put(path(collection + "/" + name), body);
      assertThat(created.status()).as(created.body()).isEqualTo(200);
      JsonNode entity = created.entity();
      assertThat(entity.path("created").asLong()).isPositive();
      assertThat(entity.path("modified").asLong())
          .as(collection)
          .isEqualTo(entity.path("created").asLong());

      JsonNode changed = api.put(path(collection + "/" + name), "{\"b\":2}").entity();
      assertThat(changed.path("created").asLong()).isEqualTo(entity.path("created").asLong());
      assertThat(changed.path("modified").asLong())
          .isGreaterThanOrEqualTo(entity.path("modified").asLong());
    }
  }

  @Test
  void a_path_in_an_application_that_serves_nothing_is_service_resource_not_found() {
    access.create("things", "{\"name\":\"x\"}");
    Reply signedIn = api.get(path("things/x/a/b/c/d"));
    assertUsergridError(signedIn, 404, "service_resource_not_found");

    ApiClient anonymous = api.anonymous();
    assertUsergridError(anonymous.get(path("things/x/a/b/c/d")), 401, "unauthorized");
    access.grant("roles/guest", "get:/things/**");
    Reply guest =
        Eventually.within(
            AppAccess.PROPAGATION,
            () -> {
              Reply reply = anonymous.get(path("things/x/a/b/c/d"));
              assertThat(reply.error()).isEqualTo("service_resource_not_found");
              return reply;
            });
    assertUsergridError(guest, 401, "service_resource_not_found");

    assertUsergridError(anonymous.get(path("things/nothing")), 404, "entity_not_found");
    assertThat(anonymous.get(path("things/x")).status()).isEqualTo(200);
  }
}
