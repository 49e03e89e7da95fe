package io.meridian.rest.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.AppAccess;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.LoopbackClient;
import io.meridian.rest.support.MeridianIT;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Threat: someone not authorised for an organization learns which of its applications exist (to aim
 * a credential-stuffing run, or simply to map the tenants). Until the caller is authorised for the
 * organization, an existing and a missing application answer alike, to anonymous callers, to
 * another organization's admin, and to the credentials of another application.
 */
class ApplicationEnumerationIT extends MeridianIT {
  private final String missing = "nosuch" + UUID.randomUUID().toString().substring(0, 6);

  /** The same status, error and description for the existing and for the missing application. */
  private void assertAlike(ApiClient caller, String method, String rest, int status) {
    for (String target :
        List.of(
            "/" + org + "/" + app + "/" + rest,
            "/" + org + "/" + missing + "/" + rest,
            "/" + missing + "/" + missing + "/" + rest)) {
      Reply reply = caller.send(method, target, "{}", "application/json");
      assertThat(reply.status()).as(method + " " + target + ": " + reply.body()).isEqualTo(status);
      assertThat(reply.error()).as(target).isEqualTo(errorOf(caller, method, rest));
      assertThat(reply.json().path("error_description").asText())
          .as(target)
          .isEqualTo(descriptionOf(caller, method, rest));
    }
  }

  private String errorOf(ApiClient caller, String method, String rest) {
    return existing(caller, method, rest).error();
  }

  private String descriptionOf(ApiClient caller, String method, String rest) {
    return existing(caller, method, rest).json().path("error_description").asText();
  }

  private Reply existing(ApiClient caller, String method, String rest) {
    return caller.send(method, "/" + org + "/" + app + "/" + rest, "{}", "application/json");
  }

  @Test
  void anonymous_callers_cannot_tell_an_existing_application_from_a_missing_one() {
    ApiClient anonymous = api.anonymous();
    assertAlike(anonymous, "GET", "users", 401);
    assertAlike(anonymous, "GET", "things/x", 401);
    assertAlike(anonymous, "DELETE", "things/x", 401);
    assertAlike(anonymous, "POST", "roles/admin/users/x", 401);
  }

  @Test
  void the_sign_in_endpoint_answers_a_missing_application_as_an_existing_one() {
    // From an address of its own: its failed sign-ins must not lock the other tests' address.
    LoopbackClient anonymous = LoopbackClient.from(api);
    for (String grant :
        List.of(
            "{\"grant_type\":\"password\",\"username\":\"nobody\",\"password\":\"guess-1234\"}",
            "{\"grant_type\":\"client_credentials\",\"client_id\":\""
                + credentials.clientId()
                + "\",\"client_secret\":\"wrong\"}",
            "{\"grant_type\":\"client_credentials\",\"client_id\":\""
                + credentials.clientId()
                + "\",\"client_secret\":\""
                + credentials.clientSecret()
                + "\"}")) {
      Reply existing = anonymous.post("/" + org + "/" + app + "/token", grant);
      for (String target : List.of(org + "/" + missing, missing + "/" + missing)) {
        Reply reply = anonymous.post("/" + target + "/token", grant);
        if (grant.contains(credentials.clientSecret())) {
          // The right secret of this application is, at any other, another application's.
          assertThat(reply.status()).as(reply.body()).isEqualTo(401);
          assertThat(reply.json().has("access_token")).isFalse();
          continue;
        }
        assertThat(reply.status()).as(target + ": " + reply.body()).isEqualTo(existing.status());
        assertThat(reply.error()).isEqualTo(existing.error());
        assertThat(reply.json().path("error_description").asText())
            .isEqualTo(existing.json().path("error_description").asText());
      }
    }
  }

  @Test
  void another_organizations_admin_cannot_either() {
    Identities.Organization other =
        Identities.organization(
            api.anonymous(), "other" + UUID.randomUUID().toString().substring(0, 8));
    ApiClient stranger = api.withToken(other.adminToken());
    assertAlike(stranger, "GET", "users", 403);
    assertAlike(stranger, "PUT", "things/x", 403);
  }

  @Test
  void another_applications_credentials_cannot_either() {
    String otherApp = "other" + UUID.randomUUID().toString().substring(0, 8);
    Identities.Organization other =
        Identities.organization(
            api.anonymous(), "other" + UUID.randomUUID().toString().substring(0, 8));
    Identities.Credentials pair = Identities.application(api.anonymous(), other, otherApp);
    ApiClient client =
        api.withToken(Identities.clientToken(api.anonymous(), other.name(), otherApp, pair));
    assertAlike(client, "GET", "users", 401);
    AppAccess theirs = new AppAccess(client, other.name(), otherApp);
    theirs.user("mallory");
    assertAlike(theirs.signIn("mallory"), "GET", "things", 401);
  }

  @Test
  void the_organizations_own_admin_is_told_that_an_application_is_missing() {
    ApiClient admin = api.withToken(organization.adminToken());
    Reply reply = admin.get("/" + org + "/" + missing + "/users");
    assertThat(reply.status()).as(reply.body()).isEqualTo(404);
    assertThat(reply.error()).isEqualTo("organization_application_not_found");
  }
}
