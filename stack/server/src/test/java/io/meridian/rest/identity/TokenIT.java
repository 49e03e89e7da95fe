package io.meridian.rest.identity;

import static io.meridian.rest.support.Identities.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.identity.PrincipalKind;
import io.meridian.core.identity.token.AccessToken;
import io.meridian.core.identity.token.TokenCodec;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.Eventually;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.LoopbackClient;
import io.meridian.rest.support.MeridianIT;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Signing in at an application's token endpoint, and what the server makes of the token. */
class TokenIT extends MeridianIT {
  private static final String PASSWORD = Identities.PASSWORD;

  private String tokenPath() {
    return "/" + org + "/" + app + "/token";
  }

  private Reply signIn(String login) {
    return Identities.signIn(api, tokenPath(), login, PASSWORD);
  }

  private static void assertUserToken(Reply reply, String uuid, String username) {
    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    assertThat(reply.json().path("access_token").asText()).isNotBlank();
    assertThat(reply.json().path("expires_in").asLong()).isEqualTo(24 * 3600);
    JsonNode user = reply.json().path("user");
    assertThat(user.path("uuid").asText()).isEqualTo(uuid);
    assertThat(user.path("username").asText()).isEqualTo(username);
    for (Iterator<String> names = user.fieldNames(); names.hasNext(); ) {
      assertThat(names.next().toLowerCase(Locale.ROOT)).doesNotContain("password");
    }
    assertThat(reply.body()).doesNotContain(PASSWORD).doesNotContain("$2a$");
  }

  @Test
  void a_user_signs_in_with_a_json_body_by_username_or_by_email() {
    String uuid = Identities.user(api, org, app, "ann");

    assertUserToken(signIn("ann"), uuid, "ann");
    assertUserToken(signIn("ann@example.com"), uuid, "ann");
    assertUserToken(signIn("ANN@Example.com"), uuid, "ann");
  }

  @Test
  void a_user_signs_in_with_a_form_body_or_with_get_and_query_parameters() {
    String uuid = Identities.user(api, org, app, "bea");
    String form = "grant_type=password&username=bea&password=" + ApiClient.encode(PASSWORD);

    Reply posted =
        api.anonymous()
            .send("POST", tokenPath(), form, "application/x-www-form-urlencoded; charset=UTF-8");
    Reply got = api.anonymous().get(tokenPath() + "?" + form);

    assertUserToken(posted, uuid, "bea");
    assertUserToken(got, uuid, "bea");
    String token = got.json().path("access_token").asText();
    assertThat(api.withToken(token).get(path("users") + "/me").entity().path("uuid").asText())
        .isEqualTo(uuid);
  }

  @Test
  void client_credentials_sign_in_as_the_application() {
    String applicationId = api.get(path("roles")).json().path("application").asText();

    Reply reply =
        api.anonymous()
            .get(
                tokenPath()
                    + "?grant_type=client_credentials&client_id="
                    + credentials.clientId()
                    + "&client_secret="
                    + credentials.clientSecret());

    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    assertThat(reply.json().path("application").asText()).isEqualTo(applicationId);
    assertThat(reply.json().has("user")).isFalse();
    String token = reply.json().path("access_token").asText();
    assertThat(api.withToken(token).post(path("things"), "{\"a\":1}").status()).isEqualTo(200);
  }

  @Test
  void ttl_sets_the_lifetime_of_the_token_in_milliseconds() {
    Identities.user(api, org, app, "cal");

    Reply reply =
        api.anonymous()
            .post(
                tokenPath(),
                "{\"grant_type\":\"password\",\"username\":\"cal\",\"password\":\""
                    + PASSWORD
                    + "\",\"ttl\":60000}");
    Reply byQuery =
        api.anonymous()
            .post(
                tokenPath() + "?ttl=120000",
                json("grant_type", "password", "username", "cal", "password", PASSWORD));

    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    assertThat(reply.json().path("expires_in").asLong()).isEqualTo(60);
    assertThat(byQuery.json().path("expires_in").asLong()).isEqualTo(120);
  }

  @Test
  void a_ttl_beyond_the_maximum_or_not_a_positive_number_is_refused() {
    Identities.user(api, org, app, "dee");
    String eightDays = Long.toString(Duration.ofDays(8).toMillis());

    for (String ttl : List.of(eightDays, "soon", "1.5", "0", "-1000")) {
      Reply reply =
          api.anonymous()
              .post(
                  tokenPath() + "?ttl=" + ttl,
                  json("grant_type", "password", "username", "dee", "password", PASSWORD));
      assertThat(reply.status()).as(ttl + ": " + reply.body()).isEqualTo(400);
      assertThat(reply.error()).isEqualTo("illegal_argument");
    }
  }

  @Test
  void an_unknown_or_missing_grant_type_is_unsupported() {
    for (String body : List.of("{\"grant_type\":\"authorization_code\"}", "{}")) {
      Reply reply = api.anonymous().post(tokenPath(), body);

      assertThat(reply.status()).isEqualTo(400);
      assertThat(reply.error()).isEqualTo("unsupported_grant_type");
    }
  }

  @Test
  void a_token_works_as_a_bearer_header_or_a_query_parameter_and_so_do_client_credentials() {
    Identities.user(api, org, app, "eve");
    String token = Identities.userToken(api, org, app, "eve");
    api.post(path("things"), "{\"name\":\"one\"}");

    List<Reply> replies =
        List.of(
            api.withToken(token).get(path("things") + "/one"),
            api.anonymous().get(path("things") + "/one", "Authorization", "bearer " + token),
            api.anonymous().get(path("things") + "/one?access_token=" + token),
            api.anonymous()
                .get(
                    path("things")
                        + "/one?client_id="
                        + credentials.clientId()
                        + "&client_secret="
                        + credentials.clientSecret()));

    assertThat(replies)
        .allSatisfy(
            reply -> {
              assertThat(reply.status()).as(reply.body()).isEqualTo(200);
              assertThat(reply.entity().path("name").asText()).isEqualTo("one");
            });
  }

  @Test
  void any_modified_or_foreign_token_is_a_bad_access_token() {
    String userId = Identities.user(api, org, app, "fay");
    String token = Identities.userToken(api, org, app, "fay");
    UUID applicationId =
        UUID.fromString(api.get(path("roles")).json().path("application").asText());
    byte[] otherKey = new byte[32];
    new SecureRandom().nextBytes(otherKey);
    long now = System.currentTimeMillis();
    String signedElsewhere =
        new TokenCodec(otherKey)
            .encode(
                new AccessToken(
                    PrincipalKind.APP_USER,
                    UUID.fromString(userId),
                    applicationId,
                    0,
                    now,
                    now + 60_000,
                    UUID.randomUUID()));

    List<String> forged =
        List.of(
            flip(token, 0),
            flip(token, 30),
            flip(token, token.length() / 2),
            flip(token, token.length() - 10),
            token.substring(0, token.length() - 4),
            token + "AAAA",
            "not-a-token",
            UUID.randomUUID().toString(),
            signedElsewhere);

    assertThat(api.withToken(token).get(path("roles")).status()).isEqualTo(200);
    for (String bad : forged) {
      Reply reply = api.withToken(bad).get(path("roles"));
      assertThat(reply.status()).as(bad).isEqualTo(401);
      assertThat(reply.error()).as(bad).isEqualTo("auth_bad_access_token");
    }
    Reply asParameter = api.anonymous().get(path("things") + "?access_token=" + flip(token, 40));
    assertThat(asParameter.error()).isEqualTo("auth_bad_access_token");
  }

  /** The token with one base64url character replaced by another. */
  private static String flip(String token, int index) {
    char replacement = token.charAt(index) == 'A' ? 'B' : 'A';
    return token.substring(0, index) + replacement + token.substring(index + 1);
  }

  @Test
  void an_expired_token_is_rejected_as_expired() {
    Identities.user(api, org, app, "gus");
    Reply issued =
        api.anonymous()
            .post(
                tokenPath() + "?ttl=1000",
                json("grant_type", "password", "username", "gus", "password", PASSWORD));
    ApiClient gus = api.withToken(issued.json().path("access_token").asText());
    assertThat(gus.get(path("roles")).status()).isEqualTo(200);

    Eventually.within(
        Duration.ofSeconds(3),
        () -> {
          Reply reply = gus.get(path("roles"));
          assertThat(reply.status()).isEqualTo(401);
          assertThat(reply.error()).isEqualTo("expired_token");
        });
  }

  @Test
  void a_wrong_password_and_an_unknown_username_get_the_same_answer() {
    Identities.user(api, org, app, "hal");
    LoopbackClient client = LoopbackClient.from(api);

    Reply wrongPassword =
        client.post(
            tokenPath(),
            json("grant_type", "password", "username", "hal", "password", "wrong password"));
    Reply unknownUser =
        client.post(
            tokenPath(),
            json("grant_type", "password", "username", "nobody", "password", "wrong password"));

    assertThat(wrongPassword.status()).as(wrongPassword.body()).isEqualTo(400);
    assertThat(wrongPassword.error()).isEqualTo("invalid_grant");
    assertThat(unknownUser.status()).isEqualTo(wrongPassword.status());
    assertThat(withoutTiming(unknownUser)).isEqualTo(withoutTiming(wrongPassword));
  }

  /** The error body without its timestamp, duration and request id. */
  private static JsonNode withoutTiming(Reply reply) {
    ObjectNode body = reply.json().deepCopy();
    body.remove("timestamp");
    body.remove("duration");
    body.remove("error_id");
    return body;
  }

  @Test
  void an_authorization_header_other_than_bearer_is_unauthorized() {
    for (String header : List.of("Basic YWRtaW46c2VjcmV0", "Token abc", "Bearer")) {
      Reply reply = api.anonymous().get(path("things"), "Authorization", header);

      assertThat(reply.status()).as(header).isEqualTo(401);
      assertThat(reply.error()).as(header).isEqualTo("unauthorized");
    }
  }

  @Test
  void a_user_token_does_not_reach_another_application() {
    Identities.user(api, org, app, "ivy");
    String token = Identities.userToken(api, org, app, "ivy");
    Identities.application(api, organization, "elsewhere");

    Reply reply = api.withToken(token).get("/" + org + "/elsewhere/things");

    assertThat(reply.status()).isEqualTo(401);
    assertThat(api.withToken(token).get(path("roles")).status()).isEqualTo(200);
  }
}
