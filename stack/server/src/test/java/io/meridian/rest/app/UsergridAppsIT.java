package io.meridian.rest.app;

import static io.meridian.rest.support.Identities.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.AppAccess;
import io.meridian.rest.support.Eventually;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.MeridianIT;
import java.time.Duration;
import java.util.Locale;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Applications as Usergrid 2 clients see them: described, created, deleted and restored. */
class UsergridAppsIT extends MeridianIT {

  private ApiClient admin() {
    return api.withToken(organization.adminToken());
  }

  private String apps() {
    return "/management/orgs/" + org + "/apps";
  }

  @Test
  void the_application_answers_its_entity_with_its_collections_and_their_counts() {
    api.post(path("things"), "[{\"n\":1},{\"n\":2}]");

    JsonNode collections =
        Eventually.within(
            Duration.ofSeconds(10),
            () -> {
              Reply reply = api.get("/" + org + "/" + app);
              assertThat(reply.status()).as(reply.body()).isEqualTo(200);
              JsonNode entity = reply.entity();
              assertThat(entity.path("type").asText()).isEqualTo("application");
              assertThat(entity.path("name").asText()).isEqualTo(org + "/" + app);
              JsonNode described = entity.path("metadata").path("collections");
              assertThat(described.path("things").path("count").asLong()).isEqualTo(2);
              return described;
            });

    assertThat(collections.path("things").path("name").asText()).isEqualTo("things");
    assertThat(collections.path("things").path("title").asText()).isEqualTo("Things");
    assertThat(collections.path("things").path("type").asText()).isEqualTo("thing");
    assertThat(collections.path("users").path("count").asLong()).isZero();
    assertThat(collections.path("roles").path("type").asText()).isEqualTo("role");
    assertThat(admin().get("/" + org + "/" + app).status()).isEqualTo(200);
    assertThat(api.anonymous().get("/" + org + "/" + app).status()).isEqualTo(401);
    AppAccess access = new AppAccess(api, org, app);
    access.user("fred");
    assertThat(access.signIn("fred").get("/" + org + "/" + app).status()).isEqualTo(403);
  }

  @Test
  void a_new_application_is_answered_with_its_collections_and_a_lower_cased_name() {
    String name = "Mixed" + UUID.randomUUID().toString().substring(0, 6);

    Reply created = admin().post(apps(), json("name", name));

    assertThat(created.status()).as(created.body()).isEqualTo(200);
    String lower = name.toLowerCase(Locale.ROOT);
    JsonNode entity = created.entity();
    assertThat(entity.path("name").asText()).isEqualTo(org + "/" + lower);
    assertThat(entity.path("applicationName").asText()).isEqualTo(lower);
    assertThat(entity.path("metadata").path("collections").path("users").path("title").asText())
        .isEqualTo("Users");
    assertThat(created.json().path("data").has(org + "/" + lower)).isTrue();
    assertThat(admin().get(apps() + "/" + name).status()).isEqualTo(200);
    assertThat(admin().post(apps(), json("name", lower)).error())
        .isEqualTo("duplicate_unique_property_exists");
  }

  @Test
  void an_organization_name_is_lower_cased_and_found_in_any_case() {
    String name = "Org" + UUID.randomUUID().toString().substring(0, 6).toUpperCase(Locale.ROOT);

    Identities.Organization mixed = Identities.organization(api.anonymous(), name);
    Reply found = api.withToken(mixed.adminToken()).get("/management/orgs/" + name);

    assertThat(found.status()).as(found.body()).isEqualTo(200);
    assertThat(found.json().path("organization").path("name").asText())
        .isEqualTo(name.toLowerCase(Locale.ROOT));
  }

  @Test
  void a_deleted_application_answers_usergrids_codes_and_is_restored_by_its_uuid() {
    String thing = api.post(path("things"), "{\"name\":\"kept\"}").entity().path("uuid").asText();
    String uuid = admin().get(apps() + "/" + app).json().path("data").path("uuid").asText();
    assertThat(
            admin().delete(apps() + "/" + app + "?confirm_application_identifier=" + app).status())
        .isEqualTo(200);

    assertThat(admin().get(apps() + "/" + app).error()).isEqualTo("entity_not_found");
    assertThat(admin().get("/" + org + "/" + app).error())
        .isEqualTo("organization_application_not_found");
    String otherOrg = "other" + UUID.randomUUID().toString().substring(0, 8);
    ApiClient other =
        api.withToken(Identities.organization(api.anonymous(), otherOrg).adminToken());
    Reply fromAnotherOrganization = other.put("/management/orgs/" + otherOrg + "/apps/" + uuid, "");
    Reply intoAnotherOrganization = other.put(apps() + "/" + uuid, "");
    Reply notAnId = admin().put(apps() + "/" + app, "");
    Reply restored = admin().put(apps() + "/" + uuid, "");

    assertThat(fromAnotherOrganization.error()).isEqualTo("entity_not_found");
    assertThat(intoAnotherOrganization.status()).isEqualTo(403);
    assertThat(notAnId.status()).isEqualTo(404);
    assertThat(restored.status()).as(restored.body()).isEqualTo(200);
    assertThat(restored.entity().path("uuid").asText()).isEqualTo(uuid);
    assertThat(admin().get(path("things") + "/" + thing).entity().path("name").asText())
        .isEqualTo("kept");
    assertThat(admin().get(apps()).json().path("data").path(org + "/" + app).asText())
        .isEqualTo(uuid);
    assertThat(admin().put(apps() + "/" + uuid, "").error()).isEqualTo("entity_not_found");
  }

  @Test
  void a_deleted_application_whose_name_was_taken_again_is_not_restored() {
    String uuid = admin().get(apps() + "/" + app).json().path("data").path("uuid").asText();
    admin().delete(apps() + "/" + app + "?confirm_application_identifier=" + app);
    String taken = admin().post(apps(), json("name", app)).entity().path("uuid").asText();

    Reply conflict = admin().put(apps() + "/" + uuid, "");

    assertThat(conflict.status()).as(conflict.body()).isEqualTo(409);
    assertThat(conflict.error()).isEqualTo("conflict");
    assertThat(admin().get(apps() + "/" + app).json().path("data").path("uuid").asText())
        .isEqualTo(taken);
  }
}
