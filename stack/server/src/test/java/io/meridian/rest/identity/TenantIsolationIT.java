package io.meridian.rest.identity;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.AppAccess;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.MeridianIT;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Credentials of one application never reach another, in the same organization or another, and an
 * organization's admins never reach another organization: every kind of request is refused and
 * leaves the other application exactly as it was.
 */
class TenantIsolationIT extends MeridianIT {
  private static final String EVERYTHING = ApiClient.encode(AppAccess.EVERYTHING);

  /** A credential of this test's application, sent as a bearer token or as query parameters. */
  private record Intruder(String name, ApiClient client, String query) {
    Reply send(String method, String path, String body) {
      String target = query.isEmpty() ? path : path + (path.contains("?") ? "&" : "?") + query;
      return body == null
          ? client.send(method, target, "", null)
          : client.send(method, target, body, "application/json");
    }
  }

  /** Another application: its administrator, one thing, one user who likes it. */
  private record Victim(
      String app, AppAccess access, String thing, String userId, String userToken) {}

  private List<Intruder> intruders;

  @BeforeEach
  void intruders_from_this_application() {
    AppAccess home = new AppAccess(api, org, app);
    home.user("mallory");
    intruders =
        List.of(
            new Intruder("client token", api, ""),
            new Intruder("user token", home.signIn("mallory"), ""),
            new Intruder(
                "client credentials",
                api.anonymous(),
                "client_id="
                    + credentials.clientId()
                    + "&client_secret="
                    + credentials.clientSecret()));
  }

  private Victim victim(Identities.Organization owner) {
    String victimApp = "victim" + UUID.randomUUID().toString().substring(0, 8);
    Identities.Credentials pair = Identities.application(api.anonymous(), owner, victimApp);
    ApiClient admin =
        api.withToken(Identities.clientToken(api.anonymous(), owner.name(), victimApp, pair));
    AppAccess access = new AppAccess(admin, owner.name(), victimApp);
    String thing = access.create("things", "{\"name\":\"rex\",\"color\":\"brown\"}");
    String user = access.user("victim");
    access.add("users/victim/likes/things/rex");
    String token = Identities.userToken(admin, owner.name(), victimApp, "victim");
    return new Victim(victimApp, access, thing, user, token);
  }

  /** One request to the other application; {@code body} null for none. */
  private record Request(String method, String path, String body) {}

  private static List<Request> everyKindOfRequest(Victim victim) {
    String thing = "things/" + victim.thing();
    return List.of(
        new Request("GET", thing, null),
        new Request("GET", "things/rex", null),
        new Request("GET", "things", null),
        new Request("GET", "things?ql=" + ApiClient.encode("select * where name = 'rex'"), null),
        new Request("GET", "users;ql=select%20*;limit=5/likes", null),
        new Request("POST", "things", "{\"name\":\"intruder\"}"),
        new Request("PUT", thing, "{\"color\":\"hacked\"}"),
        new Request("PUT", "things?ql=" + ApiClient.encode("select *"), "{\"color\":\"hacked\"}"),
        new Request("DELETE", thing, null),
        new Request("DELETE", "things?ql=" + ApiClient.encode("select *"), null),
        new Request("POST", "devices", "{\"model\":\"x\"}"),
        new Request("GET", "users", null),
        new Request("GET", "users/victim", null),
        new Request("GET", "users/" + victim.userId(), null),
        new Request("POST", "users", "{\"username\":\"intruder\",\"password\":\"pass-word-1\"}"),
        new Request("PUT", "users/victim", "{\"name\":\"hacked\"}"),
        new Request("DELETE", "users/victim", null),
        new Request("PUT", "users/victim/password", "{\"newpassword\":\"taken-over-1\"}"),
        new Request("POST", "users/victim/revoketokens", null),
        new Request("GET", "users/victim/likes", null),
        new Request("GET", "things/rex/connecting/likes", null),
        new Request("POST", "users/victim/likes/" + victim.thing(), null),
        new Request("DELETE", "users/victim/likes/things/rex", null),
        new Request("GET", "roles", null),
        new Request("GET", "roles/default/permissions", null),
        new Request("POST", "roles", "{\"name\":\"evil\"}"),
        new Request("POST", "roles/guest/permissions", "{\"permission\":\"get:/**\"}"),
        new Request("DELETE", "roles/default/permissions?permission=" + EVERYTHING, null),
        new Request("POST", "users/victim/roles/admin", null),
        new Request("POST", "roles/admin/users/victim", null),
        new Request("GET", "users/victim/permissions", null),
        new Request("POST", "users/victim/permissions", "{\"permission\":\"get:/**\"}"),
        new Request("GET", "users/victim/groups", null),
        new Request("GET", "users/victim/roles", null),
        new Request(
            "GET",
            "things?ql=" + ApiClient.encode("select * where location within 100000 of 0, 0"),
            null),
        new Request("POST", "things/_contains", "{\"points\":[[0.5,0.5]]}"),
        new Request("GET", "things/_settings", null),
        new Request("POST", "things/_settings", "{\"geoHot\":true}"),
        new Request("PUT", "things/_settings", "{\"geoHot\":true}"));
  }

  private void assertShutOut(Victim victim) {
    for (Intruder intruder : intruders) {
      for (Request request : everyKindOfRequest(victim)) {
        Reply reply =
            intruder.send(request.method(), victim.access().path(request.path()), request.body());
        assertThat(reply.status())
            .as(intruder.name() + " " + request + ": " + reply.body())
            .isIn(401, 403);
      }
    }
  }

  private static void assertUntouched(Victim victim) {
    AppAccess access = victim.access();
    assertThat(access.listed("things", "uuid")).containsExactly(victim.thing());
    assertThat(access.listed("things", "color")).containsExactly("brown");
    assertThat(access.listed("users", "uuid")).containsExactly(victim.userId());
    assertThat(access.listed("users", "username")).containsExactly("victim");
    assertThat(access.admin().get(access.path("users/victim")).entity().has("name")).isFalse();
    assertThat(access.listed("users/victim/likes", "uuid")).containsExactly(victim.thing());
    assertThat(access.listed("devices", "uuid")).as("no device was ever registered").isEmpty();
    assertThat(access.listed("roles", "name"))
        .containsExactlyInAnyOrder("admin", "default", "guest");
    assertThat(access.permissions("roles/default")).containsExactly(AppAccess.EVERYTHING);
    assertThat(access.permissions("roles/guest"))
        .containsExactlyInAnyOrder("post:/users", "post:/devices", "put:/devices/*");
    assertThat(access.permissions("users/victim")).isEmpty();
    assertThat(access.listed("users/victim/roles", "name")).isEmpty();
    assertThat(
            access
                .admin()
                .get(access.path("things/_settings"))
                .json()
                .path("data")
                .path("geoHot")
                .asBoolean())
        .isFalse();
    ApiClient victimUser = access.admin().withToken(victim.userToken());
    assertThat(victimUser.get(access.path("users/me")).status()).isEqualTo(200);
  }

  @Test
  void another_application_of_the_same_organization_is_out_of_reach() {
    Victim victim = victim(organization);

    assertShutOut(victim);

    assertUntouched(victim);
  }

  @Test
  void an_application_of_another_organization_is_out_of_reach() {
    Victim victim = victim(Identities.organization(api.anonymous(), "other" + org));

    assertShutOut(victim);

    assertUntouched(victim);
  }

  @Test
  void client_credentials_of_one_application_get_no_token_at_another() {
    Victim victim = victim(organization);
    String grant =
        "{\"grant_type\":\"client_credentials\",\"client_id\":\""
            + credentials.clientId()
            + "\",\"client_secret\":\""
            + credentials.clientSecret()
            + "\"}";

    Reply refused = api.anonymous().post(victim.access().path("token"), grant);

    assertThat(refused.status()).as(refused.body()).isEqualTo(401);
    assertThat(refused.json().has("access_token")).isFalse();
  }

  @Test
  void an_organization_admin_reaches_every_application_of_its_own_organization() {
    Victim victim = victim(organization);
    ApiClient orgAdmin = api.withToken(organization.adminToken());
    Reply orgCredentials = orgAdmin.get("/management/orgs/" + org + "/credentials");
    String pair =
        "?client_id="
            + orgCredentials.json().path("credentials").path("client_id").asText()
            + "&client_secret="
            + orgCredentials.json().path("credentials").path("client_secret").asText();

    assertThat(orgAdmin.get(victim.access().path("things/rex")).status()).isEqualTo(200);
    assertThat(api.anonymous().get(victim.access().path("things/rex") + pair).status())
        .isEqualTo(200);
  }

  @Test
  void an_admin_of_one_organization_cannot_touch_another_organizations_applications() {
    Identities.Organization other = Identities.organization(api.anonymous(), "other" + org);
    Victim victim = victim(other);
    ApiClient intruder = api.withToken(organization.adminToken());
    String management = "/management/orgs/" + other.name();
    String victimApp = victim.app();

    assertThat(intruder.get(victim.access().path("things/rex")).status()).isEqualTo(403);
    assertThat(intruder.post(victim.access().path("things"), "{\"name\":\"x\"}").status())
        .isEqualTo(403);
    assertThat(intruder.post(victim.access().path("users/victim/roles/admin"), "").status())
        .isEqualTo(403);
    assertThat(intruder.get(management).status()).isEqualTo(403);
    assertThat(intruder.get(management + "/apps").status()).isEqualTo(403);
    assertThat(intruder.get(management + "/apps/" + victimApp + "/credentials").status())
        .isEqualTo(403);
    assertThat(intruder.post(management + "/apps/" + victimApp + "/credentials", "").status())
        .isEqualTo(403);
    assertThat(intruder.post(management + "/apps", "{\"name\":\"planted\"}").status())
        .isEqualTo(403);
    assertThat(intruder.get(management + "/credentials").status()).isEqualTo(403);
    assertThat(intruder.put(management + "/users/" + organization.admin(), "").status())
        .isEqualTo(403);
    assertThat(
            intruder
                .delete(
                    management
                        + "/apps/"
                        + victimApp
                        + "?confirm_application_identifier="
                        + victimApp)
                .status())
        .isEqualTo(403);

    ApiClient owner = api.withToken(other.adminToken());
    assertThat(owner.get(management + "/apps").body()).doesNotContain("planted");
    assertThat(owner.get(management + "/users").body()).doesNotContain(organization.admin());
    assertUntouched(victim);
  }
}
