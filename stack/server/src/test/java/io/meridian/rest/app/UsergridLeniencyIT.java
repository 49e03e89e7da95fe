package io.meridian.rest.app;

import static io.meridian.rest.support.Identities.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.MeridianIT;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What Usergrid accepted that a stricter reading would refuse: a body sent without {@code
 * Content-Type} is JSON, and organization and application names may be long.
 */
class UsergridLeniencyIT extends MeridianIT {

  @Test
  void a_body_without_a_content_type_is_read_as_json() {
    Reply created = api.send("POST", path("cats"), "{\"name\":\"tom\",\"age\":3}", null);

    assertThat(created.status()).as(created.body()).isEqualTo(200);
    assertThat(created.entity().path("age").asInt()).isEqualTo(3);
    Reply merged = api.send("PUT", path("cats") + "/tom", "{\"age\":4}", null);
    assertThat(merged.status()).as(merged.body()).isEqualTo(200);
    assertThat(api.get(path("cats") + "/tom").entity().path("age").asInt()).isEqualTo(4);
  }

  @Test
  void a_sign_in_without_a_content_type_is_read_as_json() {
    Identities.user(api, org, app, "untyped-ann");

    Reply token =
        api.anonymous()
            .send(
                "POST",
                "/" + org + "/" + app + "/token",
                json(
                    "grant_type",
                    "password",
                    "username",
                    "untyped-ann",
                    "password",
                    Identities.PASSWORD),
                null);

    assertThat(token.status()).as(token.body()).isEqualTo(200);
    assertThat(token.json().path("access_token").asText()).isNotEmpty();
  }

  @Test
  void an_untyped_body_that_is_not_json_is_400_and_changes_nothing() {
    Reply refused = api.send("POST", path("cats"), "name=felix", null);

    assertThat(refused.status()).as(refused.body()).isEqualTo(400);
    assertThat(refused.json().has("error_description")).isTrue();
    assertThat(api.get(path("cats") + "/felix").status()).isEqualTo(404);
  }

  @Test
  void a_body_with_another_declared_type_is_still_415() {
    Reply refused = api.send("POST", path("cats"), "{\"name\":\"x\"}", "application/xml");

    assertThat(refused.status()).isEqualTo(415);
    assertThat(refused.error()).isEqualTo("unsupported_media_type");
  }

  @Test
  void organization_and_application_names_may_be_1024_characters() {
    String suffix = UUID.randomUUID().toString().replace("-", "");
    String orgName = "o" + suffix + "x".repeat(1024 - 1 - suffix.length());
    String appName = "a" + suffix + "y".repeat(1024 - 1 - suffix.length());
    Identities.Organization longOrg = Identities.organization(api, orgName);
    Identities.application(api, longOrg, appName);
    ApiClient admin = api.withToken(longOrg.adminToken());

    Reply created = admin.post("/" + orgName + "/" + appName + "/cats", "{\"name\":\"long\"}");

    assertThat(orgName).hasSize(1024);
    assertThat(created.status()).as(created.body()).isEqualTo(200);
    assertThat(admin.get("/" + orgName + "/" + appName + "/cats/long").status()).isEqualTo(200);
  }

  @Test
  void names_longer_than_1024_characters_are_400() {
    String tooLong = "o" + "x".repeat(1024);

    Reply refused =
        api.anonymous()
            .post(
                "/management/orgs",
                json(
                    "organization",
                    tooLong,
                    "username",
                    "long-" + UUID.randomUUID().toString().substring(0, 8),
                    "email",
                    UUID.randomUUID() + "@example.com",
                    "password",
                    Identities.PASSWORD));
    Reply app =
        api.withToken(organization.adminToken())
            .post("/management/orgs/" + org + "/apps", json("name", "a" + "y".repeat(1024)));

    assertThat(refused.status()).as(refused.body()).isEqualTo(400);
    assertThat(refused.error()).isEqualTo("illegal_argument");
    assertThat(app.status()).as(app.body()).isEqualTo(400);
  }

  /**
   * Usergrid takes dashed collection names, JSON labelled text/plain, an empty limit, and names
   * that are numbers or look like UUIDs.
   */
  @Test
  void names_bodies_and_limits_are_taken_as_usergrid_takes_them() {
    String dashed = "blog-" + "a".repeat(200) + "-posts";
    Reply created = api.post(path(dashed), "{\"title\":\"hello\"}");
    assertThat(created.status()).as(created.body()).isEqualTo(200);
    assertThat(created.entity().path("type").asText())
        .isEqualTo("blog-" + "a".repeat(200) + "-post");
    assertThat(api.get(path(dashed)).uuids()).hasSize(1);
    assertThat(api.post(path("a".repeat(256)), "{}").status()).isEqualTo(400);

    Reply plain =
        api.send("POST", path("notes"), " {\"name\":\"plain\"}", "text/plain; charset=UTF-8");
    assertThat(plain.status()).as(plain.body()).isEqualTo(200);
    assertThat(api.get(path("notes/plain")).entity().path("name").asText()).isEqualTo("plain");
    assertThat(api.send("POST", path("notes"), "name=x", "text/plain").status()).isEqualTo(415);

    Reply unlimited = api.get(path("notes") + "?limit=");
    assertThat(unlimited.status()).as(unlimited.body()).isEqualTo(200);
    assertThat(unlimited.uuids()).hasSize(1);

    Reply numeric = api.post(path("notes"), "{\"name\":42}");
    assertThat(numeric.status()).as(numeric.body()).isEqualTo(200);
    assertThat(numeric.entity().path("name").asText()).isEqualTo("42");
    assertThat(api.get(path("notes/42")).status()).isEqualTo(200);
    String uuidName = UUID.randomUUID().toString();
    Reply uuidNamed = api.post(path("notes"), "{\"name\":\"" + uuidName + "\"}");
    assertThat(uuidNamed.status()).as(uuidNamed.body()).isEqualTo(200);
    assertThat(api.get(path("notes/" + uuidName)).entity().path("uuid").asText())
        .isEqualTo(uuidNamed.entity().path("uuid").asText());
  }
}
