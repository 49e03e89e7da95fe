package io.meridian.rest.identity;

import static io.meridian.rest.support.Identities.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.Json;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.MeridianIT;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Registering organizations, signing in as their admin, and managing their applications.
 *
 * <p>Whether anyone may register is a server setting ({@code meridian.identity.open-registration});
 * the shared test server has registration open, so only that side is tested here.
 */
class ManagementIT extends MeridianIT {
  private static String unique(String prefix) {
    return prefix + UUID.randomUUID().toString().substring(0, 8);
  }

  private Reply register(String organization, String username, String email, String password) {
    return api.anonymous()
        .post(
            "/management/orgs",
            json(
                "organization", organization,
                "username", username,
                "name", "Ada Admin",
                "email", email,
                "password", password));
  }

  private ApiClient admin() {
    return api.withToken(organization.adminToken());
  }

  @Test
  void registering_an_organization_returns_it_with_its_owner() {
    String name = unique("org");
    String username = unique("ada");

    Reply reply = register(name, username, username + "@example.com", Identities.PASSWORD);

    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    JsonNode owner = reply.json().path("data").path("owner");
    assertThat(owner.path("username").asText()).isEqualTo(username);
    assertThat(owner.path("email").asText()).isEqualTo(username + "@example.com");
    assertThat(owner.path("name").asText()).isEqualTo("Ada Admin");
    assertThat(owner.path("organizations").has(name)).isTrue();
    assertThat(owner.toString()).doesNotContain(Identities.PASSWORD);
    JsonNode registered = reply.json().path("data").path("organization");
    assertThat(registered.path("name").asText()).isEqualTo(name);
    assertThat(UUID.fromString(registered.path("uuid").asText()).version()).isEqualTo(1);
    String token = Identities.adminToken(api, username, Identities.PASSWORD);
    assertThat(api.withToken(token).get("/management/orgs/" + name).status()).isEqualTo(200);
  }

  @Test
  void an_admin_signs_in_with_a_password_and_sees_its_organizations() {
    Reply token =
        Identities.signIn(api, "/management/token", organization.admin(), Identities.PASSWORD);

    assertThat(token.status()).as(token.body()).isEqualTo(200);
    assertThat(token.json().path("access_token").asText()).isNotBlank();
    assertThat(token.json().path("expires_in").asLong()).isEqualTo(24 * 3600);
    JsonNode user = token.json().path("user");
    assertThat(user.path("username").asText()).isEqualTo(organization.admin());
    assertThat(user.path("organizations").path(org).path("name").asText()).isEqualTo(org);
    Reply me = api.withToken(token.json().path("access_token").asText()).get("/management/me");
    assertThat(me.status()).as(me.body()).isEqualTo(200);
    assertThat(me.json().path("data").path("username").asText()).isEqualTo(organization.admin());
    assertThat(me.json().path("data").path("organizations").has(org)).isTrue();
    assertThat(api.anonymous().get("/management/me").status()).isEqualTo(401);
    assertThat(api.get("/management/me").status()).isEqualTo(403);
  }

  @Test
  void an_organization_name_that_exists_is_refused_and_its_would_be_admin_is_not_created() {
    String username = unique("bob");

    Reply reply = register(org, username, username + "@example.com", Identities.PASSWORD);

    assertThat(reply.status()).isEqualTo(400);
    assertThat(reply.error()).isEqualTo("duplicate_unique_property_exists");
    Reply again = register(unique("org"), username, username + "@example.com", Identities.PASSWORD);
    assertThat(again.status()).as(again.body()).isEqualTo(200);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "management",
        "system",
        "status",
        "lb-status",
        "System",
        "docs",
        "metrics",
        "openapi.json",
        "asyncapi.json"
      })
  void reserved_names_cannot_be_organizations(String name) {
    String username = unique("res");

    Reply reply = register(name, username, username + "@example.com", Identities.PASSWORD);

    assertThat(reply.status()).isEqualTo(400);
    assertThat(reply.error()).isEqualTo("illegal_argument");
  }

  static Stream<Arguments> badRegistrations() {
    return Stream.of(
        Arguments.of("organization", null),
        Arguments.of("organization", "has space"),
        Arguments.of("username", null),
        Arguments.of("username", "-dash-first"),
        Arguments.of("email", null),
        Arguments.of("email", "not-an-email"),
        Arguments.of("password", null),
        Arguments.of("password", "seven77"));
  }

  @ParameterizedTest(name = "{0} = {1}")
  @MethodSource("badRegistrations")
  void a_registration_with_a_missing_or_bad_field_is_refused_and_creates_nothing(
      String field, String value) {
    String name = unique("org");
    String login = unique("usr");
    ObjectNode body = Json.object();
    body.put("organization", name).put("username", login).put("name", "Ada Admin");
    body.put("email", login + "@example.com").put("password", Identities.PASSWORD);
    if (value == null) {
      body.remove(field);
    } else {
      body.put(field, value);
    }

    Reply reply = api.anonymous().post("/management/orgs", Json.write(body));

    assertThat(reply.status()).as(reply.body()).isEqualTo(400);
    assertThat(reply.error())
        .isEqualTo(
            field.equals("password") && value != null
                ? "error_password_policy_violation"
                : "illegal_argument");
    Reply corrected = register(name, login, login + "@example.com", Identities.PASSWORD);
    assertThat(corrected.status()).as(corrected.body()).isEqualTo(200);
  }

  @Test
  void the_superuser_may_register_an_organization() {
    String name = unique("org");
    String username = unique("sue");

    Reply reply =
        api.withToken(Identities.superuserToken(api))
            .post(
                "/management/orgs",
                json(
                    "organization",
                    name,
                    "username",
                    username,
                    "email",
                    username + "@example.com",
                    "password",
                    Identities.PASSWORD));

    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    assertThat(reply.json().path("data").path("organization").path("name").asText())
        .isEqualTo(name);
  }

  @Test
  void applications_are_created_listed_and_read_by_name_or_uuid() {
    String name = unique("app");

    Reply created = admin().post("/management/orgs/" + org + "/apps", json("name", name));

    assertThat(created.status()).as(created.body()).isEqualTo(200);
    String uuid = created.json().path("data").path(org + "/" + name).asText();
    assertThat(UUID.fromString(uuid).version()).isEqualTo(1);
    JsonNode listed = admin().get("/management/orgs/" + org + "/apps").json().path("data");
    assertThat(listed.path(org + "/" + name).asText()).isEqualTo(uuid);
    assertThat(listed.has(org + "/" + app)).isTrue();
    for (String id : new String[] {name, uuid}) {
      Reply read = admin().get("/management/orgs/" + org + "/applications/" + id);
      assertThat(read.status()).as(read.body()).isEqualTo(200);
      assertThat(read.json().path("data").path("uuid").asText()).isEqualTo(uuid);
      assertThat(read.json().path("data").path("applicationName").asText()).isEqualTo(name);
    }
    JsonNode none =
        admin()
            .get("/management/orgs/" + org + "/apps/" + name)
            .json()
            .path("data")
            .path("collections");
    assertThat(none.isArray()).isTrue();
    assertThat(none.toString()).as("no entity stored yet").doesNotContain("zebras", "apes");
    assertThat(api.post(path("zebras"), "{\"name\":\"z\"}").status()).isEqualTo(200);
    assertThat(api.post(path("apes"), "{\"name\":\"a\"}").status()).isEqualTo(200);
    JsonNode collections =
        admin()
            .get("/management/orgs/" + org + "/apps/" + app)
            .json()
            .path("data")
            .path("collections");
    assertThat(collections.toString()).contains("\"apes\"", "\"zebras\"");
    assertThat(collections.toString().indexOf("apes"))
        .isLessThan(collections.toString().indexOf("zebras"));
    assertThat(admin().post("/management/orgs/" + org + "/apps", json("name", name)).error())
        .isEqualTo("duplicate_unique_property_exists");
    assertThat(admin().get("/management/orgs/" + org + "/apps/nosuchapp").error())
        .isEqualTo("entity_not_found");
  }

  @Test
  void deleting_an_application_needs_its_name_or_uuid_as_confirmation() {
    String base = "/management/orgs/" + org + "/apps/" + app;

    Reply unconfirmed = admin().delete(base);
    Reply misconfirmed = admin().delete(base + "?confirm_application_identifier=other");

    assertThat(unconfirmed.status()).isEqualTo(400);
    assertThat(misconfirmed.status()).isEqualTo(400);
    assertThat(admin().get(base).status()).isEqualTo(200);
    assertThat(api.get(path("roles")).status()).isEqualTo(200);
    String uuid = admin().get(base).json().path("data").path("uuid").asText();
    Reply deleted = admin().delete(base + "?confirm_application_identifier=" + uuid);
    assertThat(deleted.status()).as(deleted.body()).isEqualTo(200);
    assertThat(admin().get(base).error()).isEqualTo("entity_not_found");
    Reply again = admin().delete(base + "?confirm_application_identifier=" + uuid);
    assertThat(again.status()).isEqualTo(404);
    assertThat(again.error()).isEqualTo("entity_not_found");
  }

  @Test
  void a_deleted_application_is_gone_and_its_credentials_and_tokens_stop_working() {
    String thing = api.post(path("things"), "{\"name\":\"kept\"}").entity().path("uuid").asText();
    String secretQuery =
        "?client_id=" + credentials.clientId() + "&client_secret=" + credentials.clientSecret();

    Reply deleted =
        admin()
            .delete(
                "/management/orgs/"
                    + org
                    + "/apps/"
                    + app
                    + "?confirm_application_identifier="
                    + app);

    assertThat(deleted.status()).as(deleted.body()).isEqualTo(200);
    String tokenByQuery =
        "/" + org + "/" + app + "/token" + secretQuery + "&grant_type=client_credentials";
    // Usergrid's codes: the application's own paths, then the management path.
    Reply entity = admin().get(path("things") + "/" + thing);
    Reply managed = admin().get("/management/orgs/" + org + "/apps/" + app);
    assertThat(entity.status()).as(entity.body()).isEqualTo(404);
    assertThat(entity.error()).isEqualTo("organization_application_not_found");
    assertThat(managed.status()).as(managed.body()).isEqualTo(404);
    assertThat(managed.error()).isEqualTo("entity_not_found");
    // Anonymous callers are not told that an application is gone (ApplicationEnumerationIT).
    Reply token = api.anonymous().get(tokenByQuery);
    assertThat(token.status()).as(token.body()).isIn(400, 401);
    assertThat(token.json().has("access_token")).isFalse();
    assertThat(api.anonymous().get(path("roles")).status()).isEqualTo(401);
    assertThat(api.get(path("things") + "/" + thing).status()).isEqualTo(401);
    assertThat(api.anonymous().get(path("roles") + secretQuery).status()).isEqualTo(401);
    admin().post("/management/orgs/" + org + "/apps", json("name", app));
    assertThat(admin().get(path("roles")).status()).isEqualTo(200);
    assertThat(api.get(path("roles")).status()).isEqualTo(401);
    assertThat(api.anonymous().get(path("roles") + secretQuery).status()).isEqualTo(401);
    assertThat(admin().get(path("things") + "/" + thing).status()).isEqualTo(404);
  }
}
