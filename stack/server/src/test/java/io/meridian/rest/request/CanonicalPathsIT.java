package io.meridian.rest.request;

import static io.meridian.rest.support.AppAccess.awaitStatus;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.AppAccess;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.MeridianIT;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Paths as Usergrid clients build them (a base URL ending in {@code /} joined with a path starting
 * with one, a trailing {@code /}) are served as their canonical form, and are authorised as that
 * same form: no spelling reaches what the canonical path refuses.
 */
class CanonicalPathsIT extends MeridianIT {

  @Test
  void repeated_and_trailing_slashes_are_served_as_the_canonical_path() {
    Reply created = api.post("//" + org + "/" + app + "/things/", "{\"name\":\"rex\"}");
    assertThat(created.status()).as(created.body()).isEqualTo(200);
    assertThat(created.json().path("uri").asText())
        .isEqualTo(api.base() + "/" + org + "/" + app + "/things");

    Reply read = api.get("//" + org + "//" + app + "///things/rex/");
    assertThat(read.status()).as(read.body()).isEqualTo(200);
    assertThat(read.entity().path("name").asText()).isEqualTo("rex");
    assertThat(read.json().path("path").asText()).isEqualTo("/things");

    Reply listed = api.get("/" + org + "/" + app + "/things/?limit=5");
    assertThat(listed.status()).as(listed.body()).isEqualTo(200);
    assertThat(listed.json().path("count").asInt()).isEqualTo(1);
  }

  @Test
  void sign_ins_and_open_paths_answer_with_a_trailing_slash() {
    Identities.user(api, org, app, "fred");
    Reply token =
        api.anonymous()
            .post(
                "//" + org + "/" + app + "/token/",
                "{\"grant_type\":\"password\",\"username\":\"fred\",\"password\":\""
                    + Identities.PASSWORD
                    + "\"}");
    assertThat(token.status()).as(token.body()).isEqualTo(200);
    ApiClient fred = api.withToken(token.json().path("access_token").asText());
    assertThat(fred.get("/" + org + "/" + app + "/users/me/").status()).isEqualTo(200);

    Reply admin =
        api.anonymous()
            .post(
                "//management/token/",
                "{\"grant_type\":\"password\",\"username\":\""
                    + organization.admin()
                    + "\",\"password\":\""
                    + Identities.PASSWORD
                    + "\"}");
    assertThat(admin.status()).as(admin.body()).isEqualTo(200);

    assertThat(api.anonymous().get("/status/").status()).isEqualTo(200);
    assertThat(api.anonymous().get("//openapi.json").status()).isEqualTo(200);
    Reply page = api.anonymous().get("/docs/");
    assertThat(page.status()).isEqualTo(200);
    assertThat(page.header("Content-Security-Policy")).isEqualTo(SecurityHeaders.DOCS_POLICY);
  }

  @Test
  void no_spelling_of_a_refused_path_is_served() {
    AppAccess access = new AppAccess(api, org, app);
    access.user("fred");
    // An app user reads itself by any path; another user's entity is what fred is refused.
    access.user("george");
    ApiClient fred = access.signIn("fred");
    access.create("things", "{\"name\":\"x\"}");
    access.restrictDefaultRole("get:/things/*");
    awaitStatus(403, () -> fred.get(path("users")));
    String base = "/" + org + "/" + app;

    for (String refused :
        List.of(
            "/" + org + "//" + app + "/users",
            "//" + org + "/" + app + "/users/",
            base + "//users//",
            base + "/users//george/",
            base + "///USERS/george",
            base + "/things//",
            base + "/roles//admin/")) {
      Reply reply = fred.get(refused);
      assertThat(reply.status()).as(refused + ": " + reply.body()).isEqualTo(403);
      assertThat(reply.error()).isEqualTo("forbidden");
      assertThat(reply.body()).doesNotContain("\"username\"");
    }
    for (String allowed : List.of(base + "//things//x/", "//" + org + "/" + app + "/things/x/")) {
      Reply reply = fred.get(allowed);
      assertThat(reply.status()).as(allowed + ": " + reply.body()).isEqualTo(200);
    }

    for (String escalation :
        List.of(
            base + "/users//me//roles/admin/",
            base + "//roles/admin//users/fred",
            "/" + org + "//" + app + "/roles/default/permissions/")) {
      Reply reply = fred.post(escalation, "{\"permission\":\"get,put,post,delete:/**\"}");
      assertThat(reply.status()).as(escalation + ": " + reply.body()).isEqualTo(403);
    }
    assertThat(access.listed("users/fred/roles", "name")).isEmpty();
    assertThat(access.permissions("roles/default")).containsExactly("get:/things/*");
  }

  @Test
  void dot_segments_and_encoded_slashes_stay_refused_however_the_slashes_around_them_are_spelt() {
    AppAccess access = new AppAccess(api, org, app);
    access.create("things", "{\"name\":\"x\"}");
    String base = "/" + org + "/" + app;

    for (String odd :
        List.of(
            base + "/things/.//x",
            base + "//things//..//users/",
            base + "/things//%2e%2e//users",
            base + "/things//x%2F/",
            base + "/things/%5C//x",
            "//" + org + "/" + app + "/./things/x/")) {
      Reply reply = api.get(odd);
      assertThat(reply.status()).as(odd + ": " + reply.body()).isEqualTo(400);
      assertThat(reply.body()).doesNotContain("\"uuid\"");
    }
  }

  @Test
  void open_and_management_paths_keep_their_rules_under_any_spelling() {
    ApiClient anonymous = api.anonymous();
    assertThat(anonymous.get("//docs//application.yml").status()).isEqualTo(404);
    assertThat(anonymous.get("/docs//../application.yml").status()).isEqualTo(400);
    assertThat(anonymous.get("//metrics/").status()).isEqualTo(401);
    assertThat(anonymous.get("//management//orgs/" + org + "/").status()).isEqualTo(401);
    assertThat(api.get("/system//index/rebuild/" + org + "/" + app + "/").status()).isIn(401, 403);
    Reply other = api.get("//management/orgs/" + org + "x/apps/");
    assertThat(other.status()).as(other.body()).isIn(401, 403, 404);
  }
}
