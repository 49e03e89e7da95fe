package io.meridian.rest.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.Json;
import java.util.UUID;

/**
 * Sets up tenants for tests through the real management API: an organization with its admin, an
 * application, its client credentials, app users, and tokens for each.
 */
public final class Identities {
  public static final String PASSWORD = "correct horse battery";

  private Identities() {}

  /** A registered organization and its admin's token. */
  public record Organization(String name, String admin, String adminToken) {}

  public static Organization organization(ApiClient api, String name) {
    String admin = "admin-" + UUID.randomUUID().toString().substring(0, 8);
    ApiClient.Reply registered =
        api.anonymous()
            .post(
                "/management/orgs",
                "{\"organization\":\""
                    + name
                    + "\",\"username\":\""
                    + admin
                    + "\",\"name\":\"Admin\",\"email\":\""
                    + admin
                    + "@example.com\",\"password\":\""
                    + PASSWORD
                    + "\"}");
    assertThat(registered.status()).as(registered.body()).isEqualTo(200);
    return new Organization(name, admin, adminToken(api, admin, PASSWORD));
  }

  /** The superuser's token (its password is set in {@link TestServers}). */
  public static String superuserToken(ApiClient api) {
    return adminToken(api, "superuser", TestServers.SUPERUSER_PASSWORD);
  }

  /** A JSON object of string fields, given as name, value, name, value... */
  public static String json(String... namesAndValues) {
    ObjectNode json = Json.object();
    for (int i = 0; i < namesAndValues.length; i += 2) {
      json.put(namesAndValues[i], namesAndValues[i + 1]);
    }
    return Json.write(json);
  }

  /** A password sign-in at a token endpoint ({@code /management/token} or an application's). */
  public static ApiClient.Reply signIn(
      ApiClient api, String tokenPath, String username, String password) {
    return api.anonymous()
        .post(
            tokenPath, json("grant_type", "password", "username", username, "password", password));
  }

  public static String adminToken(ApiClient api, String username, String password) {
    ApiClient.Reply token =
        api.anonymous()
            .post(
                "/management/token",
                "{\"grant_type\":\"password\",\"username\":\""
                    + username
                    + "\",\"password\":\""
                    + password
                    + "\"}");
    assertThat(token.status()).as(token.body()).isEqualTo(200);
    return token.json().path("access_token").asText();
  }

  /** Creates an application and returns its client credentials. */
  public static Credentials application(ApiClient api, Organization organization, String app) {
    ApiClient admin = api.withToken(organization.adminToken());
    ApiClient.Reply created =
        admin.post(
            "/management/orgs/" + organization.name() + "/apps", "{\"name\":\"" + app + "\"}");
    assertThat(created.status()).as(created.body()).isEqualTo(200);
    ApiClient.Reply credentials =
        admin.get("/management/orgs/" + organization.name() + "/apps/" + app + "/credentials");
    assertThat(credentials.status()).as(credentials.body()).isEqualTo(200);
    JsonNode pair = credentials.json().path("credentials");
    return new Credentials(pair.path("client_id").asText(), pair.path("client_secret").asText());
  }

  public record Credentials(String clientId, String clientSecret) {}

  /** A token for client credentials at an application's token endpoint. */
  public static String clientToken(ApiClient api, String org, String app, Credentials credentials) {
    ApiClient.Reply token =
        api.anonymous()
            .post(
                "/" + org + "/" + app + "/token",
                "{\"grant_type\":\"client_credentials\",\"client_id\":\""
                    + credentials.clientId()
                    + "\",\"client_secret\":\""
                    + credentials.clientSecret()
                    + "\"}");
    assertThat(token.status()).as(token.body()).isEqualTo(200);
    return token.json().path("access_token").asText();
  }

  /** An app user, created with the given client, and its uuid. */
  public static String user(ApiClient api, String org, String app, String username) {
    ApiClient.Reply created =
        api.post(
            "/" + org + "/" + app + "/users",
            "{\"username\":\""
                + username
                + "\",\"email\":\""
                + username
                + "@example.com\",\"password\":\""
                + PASSWORD
                + "\"}");
    assertThat(created.status()).as(created.body()).isEqualTo(200);
    return created.entity().path("uuid").asText();
  }

  /** An app user's token (password grant). */
  public static String userToken(ApiClient api, String org, String app, String username) {
    ApiClient.Reply token =
        api.anonymous()
            .post(
                "/" + org + "/" + app + "/token",
                "{\"grant_type\":\"password\",\"username\":\""
                    + username
                    + "\",\"password\":\""
                    + PASSWORD
                    + "\"}");
    assertThat(token.status()).as(token.body()).isEqualTo(200);
    return token.json().path("access_token").asText();
  }
}
