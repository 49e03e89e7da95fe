package io.meridian.rest.identity;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.MeridianIT;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code PUT /management/orgs/{org}} replaces the organization's custom {@code properties} (only
 * for its admins and the superuser; a bad body changes nothing), and {@code DELETE} of an
 * organization is refused: Meridian offers no way to delete one.
 */
class OrganizationUpdateIT extends MeridianIT {
  private ApiClient owner() {
    return api.withToken(organization.adminToken());
  }

  private JsonNode properties() {
    Reply organization = owner().get("/management/orgs/" + org);
    assertThat(organization.status()).as(organization.body()).isEqualTo(200);
    return organization.json().path("organization").path("properties");
  }

  private static void assertUsergridError(Reply reply, int status) {
    assertThat(reply.status()).as(reply.body()).isEqualTo(status);
    for (String field : new String[] {"error", "error_description", "timestamp", "error_id"}) {
      assertThat(reply.json().has(field)).as(reply.body()).isTrue();
    }
    assertThat(reply.body()).doesNotContain("io.meridian").doesNotContain("Exception:");
  }

  @Test
  void an_admin_replaces_the_properties_and_a_get_returns_them() {
    assertThat(properties().isObject()).isTrue();
    assertThat(properties().size()).isZero();

    Reply first =
        owner()
            .put(
                "/management/organizations/" + org,
                "{\"properties\":{\"securityLevel\":5,\"contact\":{\"team\":\"ops\"}}}");
    Reply second = owner().put("/management/orgs/" + org, "{\"properties\":{\"tier\":\"gold\"}}");

    assertThat(first.status()).as(first.body()).isEqualTo(200);
    assertThat(first.json().path("action").asText()).isEqualTo("put");
    assertThat(first.json().path("organization").path("properties").path("securityLevel").asInt())
        .isEqualTo(5);
    assertThat(second.status()).as(second.body()).isEqualTo(200);
    JsonNode stored = properties();
    assertThat(stored.path("tier").asText()).isEqualTo("gold");
    assertThat(stored.has("securityLevel")).as("replaced whole, not merged").isFalse();
  }

  @Test
  void the_superuser_may_update_any_organization() {
    ApiClient superuser = api.withToken(Identities.superuserToken(api));

    Reply updated = superuser.put("/management/orgs/" + org, "{\"properties\":{\"by\":\"root\"}}");
    Reply missing =
        superuser.put(
            "/management/orgs/nosuch" + UUID.randomUUID().toString().substring(0, 8),
            "{\"properties\":{}}");

    assertThat(updated.status()).as(updated.body()).isEqualTo(200);
    assertThat(properties().path("by").asText()).isEqualTo("root");
    assertUsergridError(missing, 404);
  }

  @Test
  void another_organizations_admin_an_app_user_and_a_guest_may_not_update() {
    owner().put("/management/orgs/" + org, "{\"properties\":{\"kept\":true}}");
    String other = "other" + UUID.randomUUID().toString().substring(0, 8);
    ApiClient otherAdmin =
        api.anonymous().withToken(Identities.organization(api, other).adminToken());
    Identities.user(api, org, app, "member");
    ApiClient user = api.anonymous().withToken(Identities.userToken(api, org, app, "member"));
    String body = "{\"properties\":{\"kept\":false}}";

    Reply byOtherAdmin = otherAdmin.put("/management/orgs/" + org, body);
    Reply byUser = user.put("/management/orgs/" + org, body);
    Reply byGuest = api.anonymous().put("/management/orgs/" + org, body);
    Reply byApplication = api.put("/management/orgs/" + org, body);

    assertUsergridError(byOtherAdmin, 403);
    assertUsergridError(byUser, 403);
    assertUsergridError(byGuest, 401);
    assertUsergridError(byApplication, 403);
    assertThat(properties().path("kept").asBoolean()).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "not json",
        "[]",
        "{}",
        "{\"properties\":\"text\"}",
        "{\"properties\":[1,2]}",
        "{\"properties\":null}",
        "{\"properties\":{\"a\":1}",
      })
  void a_bad_body_is_a_400_and_changes_nothing(String body) {
    owner().put("/management/orgs/" + org, "{\"properties\":{\"kept\":1}}");

    Reply refused = owner().put("/management/orgs/" + org, body);

    assertUsergridError(refused, 400);
    assertThat(properties().path("kept").asInt()).isEqualTo(1);
  }

  @Test
  void properties_over_the_cap_are_refused() {
    owner().put("/management/orgs/" + org, "{\"properties\":{\"kept\":1}}");
    String big = "x".repeat(20 * 1024);

    Reply refused =
        owner().put("/management/orgs/" + org, "{\"properties\":{\"big\":\"" + big + "\"}}");

    assertUsergridError(refused, 400);
    assertThat(refused.json().path("error_description").asText()).contains("at most");
    assertThat(properties().has("big")).isFalse();
  }

  @Test
  void a_form_body_is_refused() {
    Reply refused =
        owner()
            .send(
                "PUT",
                "/management/orgs/" + org,
                "properties=x",
                "application/x-www-form-urlencoded");

    assertThat(refused.status()).as(refused.body()).isEqualTo(415);
    assertThat(refused.json().has("error")).isTrue();
  }

  @Test
  void an_organization_cannot_be_deleted_by_its_admin_or_the_superuser() {
    ApiClient superuser = api.withToken(Identities.superuserToken(api));

    Reply byOwner = owner().delete("/management/orgs/" + org);
    Reply bySuperuser = superuser.delete("/management/organizations/" + org);

    assertUsergridError(byOwner, 405);
    assertUsergridError(bySuperuser, 405);
    assertThat(byOwner.header("Allow")).contains("GET").contains("PUT").doesNotContain("DELETE");
    Reply still = owner().get("/management/orgs/" + org + "/apps");
    assertThat(still.status()).as(still.body()).isEqualTo(200);
    assertThat(still.json().path("data").has(org + "/" + app)).isTrue();
  }
}
