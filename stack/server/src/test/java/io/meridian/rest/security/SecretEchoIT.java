package io.meridian.rest.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.MeridianIT;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * A credential sent in the query string (or as a matrix parameter) is never echoed: not in a
 * response's {@code uri}, {@code path} or {@code params}, not in an error description, not in a log
 * line (issue 16, hole 10).
 */
@ExtendWith(OutputCaptureExtension.class)
class SecretEchoIT extends MeridianIT {
  private static final String PASSWORD = "query-password-" + "5e1f9a";
  private static final String REFRESH = "query-refresh-" + "77b0c2";

  private static void assertEchoesNothingOf(Reply reply, String... secrets) {
    for (String secret : secrets) {
      assertThat(reply.body()).as(reply.body()).doesNotContain(secret);
    }
  }

  @Test
  void management_responses_do_not_echo_an_access_token_from_the_query() {
    String token = organization.adminToken();
    ApiClient anonymous = api.anonymous();

    Reply organizationReply =
        anonymous.get(
            "/management/orgs/" + org + "?access_token=" + token + "&password=" + PASSWORD);
    Reply me = anonymous.get("/management/me?access_token=" + token + "&refresh_token=" + REFRESH);

    assertThat(organizationReply.status()).as(organizationReply.body()).isEqualTo(200);
    assertThat(me.status()).as(me.body()).isEqualTo(200);
    assertEchoesNothingOf(organizationReply, token, PASSWORD);
    assertEchoesNothingOf(me, token, REFRESH);
    // Usergrid's management answers echo nothing of the request (issue 33).
    assertThat(organizationReply.json().has("uri")).isFalse();
    assertThat(organizationReply.json().has("params")).isFalse();
    assertThat(organizationReply.json().has("path")).isFalse();
  }

  @Test
  void management_responses_do_not_echo_client_credentials_from_the_query() {
    Reply apps =
        api.anonymous()
            .get(
                "/management/orgs/"
                    + org
                    + "/apps?client_id="
                    + credentials.clientId()
                    + "&client_secret="
                    + credentials.clientSecret());

    assertEchoesNothingOf(apps, credentials.clientSecret());
  }

  @Test
  void application_responses_do_not_echo_credentials_from_the_query() {
    String token = api.token();
    api.post(path("dogs"), "{\"name\":\"fido\"}");

    Reply byToken =
        api.anonymous().get(path("dogs") + "?access_token=" + token + "&token=" + token);
    Reply byClient =
        api.anonymous()
            .get(
                path("dogs/fido")
                    + "?client_id="
                    + credentials.clientId()
                    + "&client_secret="
                    + credentials.clientSecret());

    assertThat(byToken.status()).as(byToken.body()).isEqualTo(200);
    assertThat(byClient.status()).as(byClient.body()).isEqualTo(200);
    assertEchoesNothingOf(byToken, token);
    assertEchoesNothingOf(byClient, credentials.clientSecret());
  }

  @Test
  void an_error_that_quotes_the_path_does_not_echo_a_matrix_credential() {
    String token = organization.adminToken();

    Reply reply =
        api.withToken(token).get("/management/orgs/" + org + "/nowhere;access_token=" + token);

    assertThat(reply.status()).isBetween(400, 499);
    assertEchoesNothingOf(reply, token);
  }

  @Test
  void no_log_line_holds_a_credential_sent_in_the_query(CapturedOutput output) {
    String token = organization.adminToken();
    api.anonymous().get("/management/orgs/" + org + "?access_token=" + token);
    api.anonymous()
        .get(path("nothing-here/x") + "?access_token=" + api.token() + "&password=" + PASSWORD);
    api.anonymous().get("/management/orgs/" + org + "/nowhere;access_token=" + token);

    assertThat(output.getAll())
        .doesNotContain(token)
        .doesNotContain(api.token())
        .doesNotContain(PASSWORD);
  }
}
