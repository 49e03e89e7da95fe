package io.meridian.rest.identity;

import static io.meridian.rest.support.Identities.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.Eventually;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.MeridianIT;
import io.meridian.rest.support.TestServers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The admins of an organization: adding and removing them, what they may reach and what they may
 * not, and the superuser above them all.
 */
class OrganizationAdminsIT extends MeridianIT {
  /** Membership changes reach every node within a second; the bound leaves room for a slow poll. */
  private static final Duration PROPAGATION = Duration.ofSeconds(2);

  private ApiClient admin() {
    return api.withToken(organization.adminToken());
  }

  private static String unique(String prefix) {
    return prefix + UUID.randomUUID().toString().substring(0, 8);
  }

  private static List<String> usernames(Reply admins) {
    assertThat(admins.status()).as(admins.body()).isEqualTo(200);
    List<String> usernames = new ArrayList<>();
    for (JsonNode admin : admins.json().path("data")) {
      usernames.add(admin.path("username").asText());
    }
    return usernames;
  }

  @Test
  void a_new_admin_added_to_an_organization_is_listed_and_administers_it() {
    String username = unique("new");
    assertThat(usernames(admin().get("/management/orgs/" + org + "/users")))
        .containsExactly(organization.admin());

    Reply added =
        admin()
            .post(
                "/management/orgs/" + org + "/users",
                json(
                    "username",
                    username,
                    "name",
                    "New Admin",
                    "email",
                    username + "@example.com",
                    "password",
                    Identities.PASSWORD));

    assertThat(added.status()).as(added.body()).isEqualTo(200);
    assertThat(added.json().path("data").path("user").path("username").asText())
        .isEqualTo(username);
    assertThat(usernames(admin().get("/management/orgs/" + org + "/users")))
        .containsExactlyInAnyOrder(organization.admin(), username);
    ApiClient newAdmin = api.withToken(Identities.adminToken(api, username, Identities.PASSWORD));
    assertThat(newAdmin.get("/management/orgs/" + org + "/apps").status()).isEqualTo(200);
    assertThat(newAdmin.post(path("things"), "{\"by\":\"new admin\"}").status()).isEqualTo(200);
  }

  @Test
  void an_existing_admin_who_accepts_an_invitation_administers_both_organizations_until_removed() {
    Identities.Organization other = Identities.organization(api, unique("org"));
    ApiClient otherAdmin = api.withToken(other.adminToken());
    assertThat(otherAdmin.get("/management/orgs/" + org).status()).isEqualTo(403);

    Reply invited =
        admin().put("/management/orgs/" + org + "/users/" + other.admin() + "@example.com", "");
    assertThat(invited.status()).as(invited.body()).isEqualTo(200);
    String invitation =
        otherAdmin
            .get("/management/users/me/invitations")
            .json()
            .path("data")
            .path(0)
            .path("token")
            .asText();
    Reply added = otherAdmin.put("/management/users/me/invitations/" + invitation, "");

    assertThat(added.status()).as(added.body()).isEqualTo(200);
    Eventually.within(
        PROPAGATION,
        () -> assertThat(otherAdmin.get("/management/orgs/" + org).status()).isEqualTo(200));
    assertThat(otherAdmin.get(path("roles")).status()).isEqualTo(200);
    JsonNode organizations =
        otherAdmin.get("/management/me").json().path("data").path("organizations");
    assertThat(organizations.has(org)).isTrue();
    assertThat(organizations.has(other.name())).isTrue();

    Reply removed = admin().delete("/management/orgs/" + org + "/users/" + other.admin());

    assertThat(removed.status()).as(removed.body()).isEqualTo(200);
    Eventually.within(
        PROPAGATION,
        () -> assertThat(otherAdmin.get("/management/orgs/" + org).status()).isEqualTo(403));
    assertThat(otherAdmin.get(path("roles")).status()).isEqualTo(403);
    assertThat(usernames(admin().get("/management/orgs/" + org + "/users")))
        .containsExactly(organization.admin());
  }

  @Test
  void the_last_admin_of_an_organization_cannot_be_removed() {
    Reply removed = admin().delete("/management/orgs/" + org + "/users/" + organization.admin());

    assertThat(removed.status()).isEqualTo(400);
    assertThat(removed.error()).isEqualTo("illegal_argument");
    assertThat(usernames(admin().get("/management/orgs/" + org + "/users")))
        .containsExactly(organization.admin());
  }

  @Test
  void an_admin_can_neither_see_nor_change_another_organization() {
    Identities.Organization other = Identities.organization(api, unique("org"));
    Identities.application(api, other, "theirs");
    String theirs = "/management/orgs/" + other.name();

    List<Reply> attempts =
        List.of(
            admin().get(theirs),
            admin().get(theirs + "/apps"),
            admin().post(theirs + "/apps", json("name", "mine")),
            admin().get(theirs + "/apps/theirs"),
            admin().get(theirs + "/apps/theirs/credentials"),
            admin().post(theirs + "/apps/theirs/credentials", ""),
            admin().get(theirs + "/credentials"),
            admin().get(theirs + "/users"),
            admin().put(theirs + "/users/" + organization.admin(), ""),
            admin().delete(theirs + "/users/" + other.admin()),
            admin().delete(theirs + "/apps/theirs?confirm_application_identifier=theirs"),
            admin().get("/management/orgs/" + unique("nosuchorg")));

    assertThat(attempts)
        .allSatisfy(
            reply -> {
              assertThat(reply.status()).as(reply.body()).isEqualTo(403);
              assertThat(reply.error()).isEqualTo("forbidden");
            });
    ApiClient owner = api.withToken(other.adminToken());
    assertThat(usernames(owner.get(theirs + "/users"))).containsExactly(other.admin());
    assertThat(owner.get(theirs + "/apps/theirs").status()).isEqualTo(200);
    assertThat(owner.get(theirs + "/apps/mine").status()).isEqualTo(404);
  }

  @Test
  void an_admin_can_neither_read_nor_write_another_organizations_application_entities() {
    Identities.Organization other = Identities.organization(api, unique("org"));
    Identities.Credentials theirs = Identities.application(api, other, "theirs");
    ApiClient owner = api.withToken(Identities.clientToken(api, other.name(), "theirs", theirs));
    String things = "/" + other.name() + "/theirs/things";
    String uuid = owner.post(things, "{\"name\":\"secret\"}").entity().path("uuid").asText();

    assertThat(admin().get(things).status()).isEqualTo(403);
    assertThat(admin().get(things + "/" + uuid).status()).isEqualTo(403);
    assertThat(admin().post(things, "{\"name\":\"planted\"}").status()).isEqualTo(403);
    assertThat(admin().put(things + "/" + uuid, "{\"name\":\"changed\"}").status()).isEqualTo(403);
    assertThat(admin().delete(things + "/" + uuid).status()).isEqualTo(403);
    JsonNode kept = owner.get(things + "/" + uuid).entity();
    assertThat(kept.path("name").asText()).isEqualTo("secret");
    assertThat(owner.get(things + "/planted").status()).isEqualTo(404);
  }

  @Test
  void the_superuser_signs_in_and_reaches_every_organization_and_the_system_endpoints() {
    Reply signIn =
        Identities.signIn(api, "/management/token", "superuser", TestServers.SUPERUSER_PASSWORD);

    assertThat(signIn.status()).as(signIn.body()).isEqualTo(200);
    assertThat(signIn.json().path("user").path("username").asText()).isEqualTo("superuser");
    ApiClient superuser = api.withToken(signIn.json().path("access_token").asText());
    Reply rebuilds = superuser.get("/system/index/rebuild/" + org + "/" + app);
    assertThat(rebuilds.status()).as(rebuilds.body()).isEqualTo(200);
    assertThat(rebuilds.json().path("data").isArray()).isTrue();
    assertThat(superuser.get("/management/orgs/" + org + "/users").status()).isEqualTo(200);
    assertThat(superuser.get(path("roles")).status()).isEqualTo(200);
  }

  @Test
  void system_endpoints_refuse_everyone_but_the_superuser() {
    String rebuilds = "/system/index/rebuild/" + org + "/" + app;
    Identities.user(api, org, app, "plain");
    ApiClient user = api.withToken(Identities.userToken(api, org, app, "plain"));

    Reply anonymous = api.anonymous().get(rebuilds);

    assertThat(anonymous.status()).isEqualTo(401);
    assertThat(anonymous.error()).isEqualTo("unauthorized");
    for (ApiClient caller : List.of(admin(), api, user)) {
      Reply refused = caller.get(rebuilds);
      assertThat(refused.status()).as(refused.body()).isEqualTo(403);
      assertThat(refused.error()).isEqualTo("forbidden");
    }
    assertThat(admin().post(rebuilds, "").status()).isEqualTo(403);
  }
}
