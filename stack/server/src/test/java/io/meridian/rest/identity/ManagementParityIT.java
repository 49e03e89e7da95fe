package io.meridian.rest.identity;

import static io.meridian.rest.support.Identities.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.AppAccess;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.MeridianIT;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Management answers as Usergrid gave them: the new application among {@code entities}, {@code
 * error_password_policy_violation} for a password the policy refuses, and an admin's sign-out of
 * one token ({@code revoketoken?token=}).
 */
class ManagementParityIT extends MeridianIT {

  @Test
  void a_new_application_is_answered_with_its_entity() {
    String name = "app" + UUID.randomUUID().toString().substring(0, 8);

    Reply created =
        api.withToken(organization.adminToken())
            .post("/management/orgs/" + org + "/apps", json("name", name));

    assertThat(created.status()).as(created.body()).isEqualTo(200);
    String uuid = created.json().path("data").path(org + "/" + name).asText();
    JsonNode entity = created.json().path("entities").path(0);
    assertThat(uuid).isNotEmpty();
    assertThat(entity.path("uuid").asText()).isEqualTo(uuid);
    assertThat(entity.path("type").asText()).isEqualTo("application");
    assertThat(entity.path("name").asText()).isEqualTo(org + "/" + name);
    assertThat(entity.path("applicationName").asText()).isEqualTo(name);
  }

  @Test
  void a_password_the_policy_refuses_is_a_password_policy_violation() {
    Reply admin =
        api.anonymous()
            .post(
                "/management/orgs",
                json(
                    "organization",
                    "o" + UUID.randomUUID().toString().substring(0, 8),
                    "username",
                    "u" + UUID.randomUUID().toString().substring(0, 8),
                    "email",
                    UUID.randomUUID() + "@example.com",
                    "password",
                    "short"));
    Reply user = api.post(path("users"), json("username", "shorty", "password", "short"));
    AppAccess access = new AppAccess(api, org, app);
    access.user("longer");
    Reply change =
        api.put(
            path("users/longer/password"),
            json("oldpassword", Identities.PASSWORD, "newpassword", "short"));

    for (Reply refused : new Reply[] {admin, user, change}) {
      assertThat(refused.status()).as(refused.body()).isEqualTo(400);
      assertThat(refused.error()).isEqualTo("error_password_policy_violation");
      assertThat(refused.json().path("error_description").asText()).contains("at least");
    }
    assertThat(api.get(path("users/shorty")).status()).isEqualTo(404);
  }

  @Test
  void an_admin_revokes_one_of_its_tokens_and_keeps_the_others() {
    String first = Identities.adminToken(api, organization.admin(), Identities.PASSWORD);
    String second = Identities.adminToken(api, organization.admin(), Identities.PASSWORD);
    ApiClient withSecond = api.withToken(second);

    Reply revoked =
        withSecond.call("PUT", "/management/users/me/revoketoken?token=" + ApiClient.encode(first));

    assertThat(revoked.status()).as(revoked.body()).isEqualTo(200);
    AppAccess.awaitStatus(401, () -> api.withToken(first).get("/management/me"));
    assertThat(withSecond.get("/management/me").status()).isEqualTo(200);
  }

  @Test
  void an_admin_cannot_revoke_a_token_that_is_not_its_own() {
    Identities.Organization other =
        Identities.organization(api, "o" + UUID.randomUUID().toString().substring(0, 8));
    String mine = Identities.adminToken(api, organization.admin(), Identities.PASSWORD);

    Reply notMine =
        api.withToken(mine)
            .call(
                "POST",
                "/management/users/me/revoketoken?token=" + ApiClient.encode(other.adminToken()));
    Reply otherAdmin =
        api.withToken(mine)
            .call(
                "PUT",
                "/management/users/"
                    + other.admin()
                    + "/revoketoken?token="
                    + ApiClient.encode(other.adminToken()));
    Reply noToken = api.withToken(mine).call("PUT", "/management/users/me/revoketoken");

    assertThat(notMine.status()).as(notMine.body()).isEqualTo(400);
    assertThat(otherAdmin.status()).as(otherAdmin.body()).isEqualTo(403);
    assertThat(noToken.status()).as(noToken.body()).isEqualTo(400);
    assertThat(api.withToken(other.adminToken()).get("/management/me").status()).isEqualTo(200);
  }
}
