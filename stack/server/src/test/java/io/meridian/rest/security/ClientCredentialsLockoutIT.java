package io.meridian.rest.security;

import static io.meridian.rest.security.Refusals.assertRefused;
import static io.meridian.rest.security.Refusals.assertThrottled;
import static io.meridian.rest.support.Identities.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.Identities.Credentials;
import io.meridian.rest.support.LoopbackClient;
import io.meridian.rest.support.MeridianIT;
import org.junit.jupiter.api.Test;

/**
 * A client id is public (it is the owner's uuid, which every envelope shows), so failures against
 * it must not lock out the holder of the secret, wherever it calls from: they lock only wrong
 * secrets for that client id at the address they come from. Wrong secrets sent with ordinary
 * requests ({@code ?client_id=&client_secret=}) count the same as at the token endpoints, into the
 * same count: guessing gains nothing by avoiding {@code /token}.
 */
class ClientCredentialsLockoutIT extends MeridianIT {
  private static final int FREE_FAILURES = 5;

  private static Reply grant(LoopbackClient client, String path, String id, String secret) {
    return client.post(
        path, json("grant_type", "client_credentials", "client_id", id, "client_secret", secret));
  }

  private static void fail(LoopbackClient stranger, String path, String clientId, int times) {
    for (int i = 0; i < times; i++) {
      assertRefused(grant(stranger, path, clientId, "YXA6wrong-secret-" + i), 400, "invalid_grant");
    }
  }

  @Test
  void a_stranger_failing_an_applications_secret_does_not_lock_out_its_holder() {
    String tokenPath = "/" + org + "/" + app + "/token";
    LoopbackClient stranger = LoopbackClient.from(api);
    fail(stranger, tokenPath, credentials.clientId(), FREE_FAILURES);

    Reply strangerAgain = grant(stranger, tokenPath, credentials.clientId(), "YXA6once-more");
    Reply holder =
        grant(
            LoopbackClient.from(api),
            tokenPath,
            credentials.clientId(),
            credentials.clientSecret());

    assertThrottled(strangerAgain);
    assertThat(holder.status()).as(holder.body()).isEqualTo(200);
    assertThat(holder.json().path("access_token").asText()).isNotEmpty();
  }

  @Test
  void a_stranger_failing_an_organizations_secret_does_not_lock_it_out_of_management() {
    JsonNode pair =
        api.withToken(organization.adminToken())
            .get("/management/orgs/" + org + "/credentials")
            .json()
            .path("credentials");
    Credentials mine =
        new Credentials(pair.path("client_id").asText(), pair.path("client_secret").asText());
    LoopbackClient stranger = LoopbackClient.from(api);
    fail(stranger, "/management/token", mine.clientId(), FREE_FAILURES);

    Reply strangerAgain =
        grant(stranger, "/management/token", mine.clientId(), "b3U6yet-another-guess");
    Reply holder =
        grant(LoopbackClient.from(api), "/management/token", mine.clientId(), mine.clientSecret());

    assertThrottled(strangerAgain);
    assertThat(holder.status()).as(holder.body()).isEqualTo(200);
  }

  /** An ordinary request (a collection read) carrying client credentials in its query. */
  private Reply call(LoopbackClient client, String id, String secret) {
    return client.get(
        path("things")
            + "?client_id="
            + ApiClient.encode(id)
            + "&client_secret="
            + ApiClient.encode(secret));
  }

  @Test
  void
      guessing_a_secret_on_ordinary_calls_is_locked_after_as_many_failures_as_at_the_token_endpoint() {
    LoopbackClient stranger = LoopbackClient.from(api);
    for (int i = 0; i < FREE_FAILURES; i++) {
      assertRefused(call(stranger, credentials.clientId(), "YXA6wrong-" + i), 401, "unauthorized");
    }

    Reply strangerAgain = call(stranger, credentials.clientId(), "YXA6once-more");
    Reply holderHere = call(stranger, credentials.clientId(), credentials.clientSecret());

    assertThrottled(strangerAgain);
    assertThat(holderHere.status()).as(holderHere.body()).isEqualTo(200);
  }

  @Test
  void guesses_spread_over_the_token_endpoint_and_ordinary_calls_count_as_one() {
    String tokenPath = "/" + org + "/" + app + "/token";
    LoopbackClient stranger = LoopbackClient.from(api);
    fail(stranger, tokenPath, credentials.clientId(), FREE_FAILURES - 2);
    for (int i = 0; i < 2; i++) {
      assertRefused(call(stranger, credentials.clientId(), "YXA6call-" + i), 401, "unauthorized");
    }

    Reply atTheTokenEndpoint = grant(stranger, tokenPath, credentials.clientId(), "YXA6more");
    Reply onACall = call(stranger, credentials.clientId(), "YXA6and-more");
    Reply elsewhere = call(LoopbackClient.from(api), credentials.clientId(), "YXA6first-here");

    assertThrottled(atTheTokenEndpoint);
    assertThrottled(onACall);
    assertRefused(elsewhere, 401, "unauthorized");
  }
}
