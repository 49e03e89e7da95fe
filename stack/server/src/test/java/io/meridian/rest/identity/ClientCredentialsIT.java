package io.meridian.rest.identity;

import static io.meridian.rest.support.Identities.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.Eventually;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.Identities.Credentials;
import io.meridian.rest.support.LoopbackClient;
import io.meridian.rest.support.MeridianIT;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Client credentials of applications and organizations: where they reach, and regenerating them.
 */
class ClientCredentialsIT extends MeridianIT {
  /** Revocations reach every node within a second; the bound leaves room for a slow poll. */
  private static final Duration REVOCATION = Duration.ofSeconds(2);

  private ApiClient admin() {
    return api.withToken(organization.adminToken());
  }

  private static Credentials pair(Reply reply) {
    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    JsonNode pair = reply.json().path("credentials");
    return new Credentials(pair.path("client_id").asText(), pair.path("client_secret").asText());
  }

  private static String query(Credentials credentials) {
    return "?client_id=" + credentials.clientId() + "&client_secret=" + credentials.clientSecret();
  }

  private Reply organizationToken(Credentials credentials) {
    return api.anonymous()
        .post(
            "/management/token",
            json(
                "grant_type", "client_credentials",
                "client_id", credentials.clientId(),
                "client_secret", credentials.clientSecret()));
  }

  @Test
  void application_credentials_are_shown_to_the_organizations_admins_only() {
    String path = "/management/orgs/" + org + "/apps/" + app + "/credentials";

    Credentials shown = pair(admin().get(path));

    assertThat(shown.clientId()).startsWith("YXA6").isEqualTo(credentials.clientId());
    assertThat(shown.clientSecret()).startsWith("YXA6").isEqualTo(credentials.clientSecret());
    assertThat(api.anonymous().get(path).status()).isEqualTo(401);
    assertThat(api.get(path).status()).isEqualTo(403);
    assertThat(api.anonymous().get(path("roles") + query(shown)).status()).isEqualTo(200);
  }

  @Test
  void regenerated_application_credentials_retire_the_old_secret_and_its_tokens() {
    String oldToken = api.token();
    String path = "/management/orgs/" + org + "/apps/" + app + "/credentials";

    Credentials regenerated = pair(admin().post(path, ""));

    assertThat(regenerated.clientId()).isEqualTo(credentials.clientId());
    assertThat(regenerated.clientSecret()).isNotEqualTo(credentials.clientSecret());
    assertThat(pair(admin().get(path))).isEqualTo(regenerated);
    Eventually.within(
        REVOCATION,
        () -> {
          assertThat(api.withToken(oldToken).get(path("roles")).status()).isEqualTo(401);
          assertThat(api.anonymous().get(path("roles") + query(credentials)).status())
              .isEqualTo(401);
        });
    assertThat(api.anonymous().get(path("roles") + query(regenerated)).status()).isEqualTo(200);
    String newToken = Identities.clientToken(api, org, app, regenerated);
    assertThat(api.withToken(newToken).get(path("roles")).status()).isEqualTo(200);
    Reply oldSecretSignIn =
        LoopbackClient.from(api)
            .post(
                "/" + org + "/" + app + "/token",
                json(
                    "grant_type", "client_credentials",
                    "client_id", credentials.clientId(),
                    "client_secret", credentials.clientSecret()));
    assertThat(oldSecretSignIn.status()).as(oldSecretSignIn.body()).isIn(400, 401);
    assertThat(oldSecretSignIn.json().has("access_token")).isFalse();
  }

  @Test
  void organization_credentials_sign_in_at_the_management_token_endpoint() {
    Credentials shown = pair(admin().get("/management/orgs/" + org + "/credentials"));

    Reply token = organizationToken(shown);

    assertThat(shown.clientId()).startsWith("b3U6");
    assertThat(token.status()).as(token.body()).isEqualTo(200);
    assertThat(token.json().path("organization").path("name").asText()).isEqualTo(org);
    assertThat(token.json().path("expires_in").asLong()).isPositive();
    assertThat(api.anonymous().get("/management/orgs/" + org + "/credentials").status())
        .isEqualTo(401);
  }

  @Test
  void regenerated_organization_credentials_retire_the_old_secret_and_its_tokens() {
    String path = "/management/orgs/" + org + "/credentials";
    Credentials old = pair(admin().get(path));
    String oldToken = organizationToken(old).json().path("access_token").asText();
    assertThat(api.withToken(oldToken).get(path("roles")).status()).isEqualTo(200);

    Credentials regenerated = pair(admin().post(path, ""));

    assertThat(regenerated.clientId()).isEqualTo(old.clientId());
    assertThat(regenerated.clientSecret()).isNotEqualTo(old.clientSecret());
    Eventually.within(
        REVOCATION,
        () -> {
          assertThat(api.withToken(oldToken).get(path("roles")).status()).isEqualTo(401);
          assertThat(api.anonymous().get(path("roles") + query(old)).status()).isEqualTo(401);
        });
    assertThat(api.anonymous().get(path("roles") + query(regenerated)).status()).isEqualTo(200);
    String newToken = organizationToken(regenerated).json().path("access_token").asText();
    assertThat(api.withToken(newToken).get("/management/orgs/" + org).status()).isEqualTo(200);
  }

  @Test
  void organization_credentials_reach_their_own_applications_but_not_another_organizations() {
    Credentials mine = pair(admin().get("/management/orgs/" + org + "/credentials"));
    String mineToken = organizationToken(mine).json().path("access_token").asText();
    String otherOrg = "org" + UUID.randomUUID().toString().substring(0, 8);
    Identities.Organization other = Identities.organization(api, otherOrg);
    Credentials otherApp = Identities.application(api, other, "other");
    String otherPath = "/" + otherOrg + "/other/things";

    assertThat(api.anonymous().get(path("roles") + query(mine)).status()).isEqualTo(200);
    assertThat(api.withToken(mineToken).post(path("things"), "{\"a\":1}").status()).isEqualTo(200);
    assertThat(api.withToken(mineToken).get("/management/orgs/" + org + "/apps").status())
        .isEqualTo(200);
    assertThat(api.anonymous().get(otherPath + query(mine)).status()).isEqualTo(401);
    assertThat(api.withToken(mineToken).get(otherPath).status()).isEqualTo(401);
    assertThat(api.withToken(mineToken).post(otherPath, "{\"a\":1}").status()).isEqualTo(401);
    assertThat(api.withToken(mineToken).get("/management/orgs/" + otherOrg).status())
        .isEqualTo(403);
    assertThat(api.get(otherPath).status()).isEqualTo(401);
    assertThat(api.anonymous().get(path("roles") + query(otherApp)).status()).isEqualTo(401);
    Reply foreignSignIn =
        api.anonymous()
            .post(
                "/" + otherOrg + "/other/token",
                json(
                    "grant_type", "client_credentials",
                    "client_id", mine.clientId(),
                    "client_secret", mine.clientSecret()));
    assertThat(foreignSignIn.status()).isEqualTo(401);
  }
}
