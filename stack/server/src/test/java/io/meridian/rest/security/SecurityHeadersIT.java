package io.meridian.rest.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.MeridianIT;
import org.junit.jupiter.api.Test;

/**
 * Every response carries the security headers: successes, errors, what the container answers
 * itself, and the reference page with a policy that lets it load its own files and nothing else.
 */
class SecurityHeadersIT extends MeridianIT {

  private static void assertApiHeaders(Reply reply) {
    assertThat(reply.header("Content-Security-Policy"))
        .as(reply.headers().toString())
        .contains("default-src 'none'")
        .contains("frame-ancestors 'none'");
    assertThat(reply.header("X-Content-Type-Options")).isEqualTo("nosniff");
    assertThat(reply.header("X-Frame-Options")).isEqualTo("DENY");
    assertThat(reply.header("Referrer-Policy")).isEqualTo("no-referrer");
    assertThat(reply.header("Cache-Control")).isEqualTo("no-store");
  }

  @Test
  void a_json_response_carries_the_headers() {
    Reply reply = api.post(path("dogs"), "{\"name\":\"rex\"}");

    assertThat(reply.status()).isEqualTo(200);
    assertApiHeaders(reply);
    assertApiHeaders(api.get(path("dogs") + "/rex"));
  }

  @Test
  void error_responses_carry_the_headers() {
    Reply missing = api.get(path("dogs") + "/no-such-dog");
    Reply unauthorised = api.anonymous().get("/management/orgs/" + org);
    Reply badJson = api.post(path("dogs"), "{");
    Reply unknownRoute = api.get(path("dogs") + "/rex/likes/dogs/rex/no/such/route");
    Reply container =
        api.send(
            "PUT",
            path("roles") + "/guest/permissions?w=%F3%AB%0A&=",
            "",
            "application/x-www-form-urlencoded");

    assertThat(missing.status()).isEqualTo(404);
    assertApiHeaders(missing);
    assertThat(unauthorised.status()).isEqualTo(401);
    assertApiHeaders(unauthorised);
    assertThat(badJson.status()).isEqualTo(400);
    assertApiHeaders(badJson);
    assertThat(unknownRoute.status()).isEqualTo(404);
    assertApiHeaders(unknownRoute);
    assertThat(container.status()).isEqualTo(400);
    assertApiHeaders(container);
  }

  @Test
  void token_responses_may_not_be_stored_by_any_cache() {
    Reply token =
        Identities.signIn(api, "/management/token", organization.admin(), Identities.PASSWORD);
    Reply credentials =
        api.withToken(organization.adminToken())
            .get("/management/orgs/" + org + "/apps/" + app + "/credentials");

    assertThat(token.status()).isEqualTo(200);
    assertThat(token.json().path("access_token").asText()).isNotBlank();
    assertThat(token.header("Cache-Control")).isEqualTo("no-store");
    assertThat(credentials.header("Cache-Control")).isEqualTo("no-store");
  }

  @Test
  void the_reference_page_may_load_its_own_files_and_nothing_from_elsewhere() {
    Reply page = api.anonymous().get("/docs");
    Reply script = api.anonymous().get("/docs/docs.js");

    assertThat(page.status()).isEqualTo(200);
    String policy = page.header("Content-Security-Policy");
    assertThat(policy)
        .contains("default-src 'none'")
        .contains("script-src 'self'")
        .contains("connect-src 'self'")
        .contains("frame-ancestors 'none'")
        .doesNotContain("unsafe-eval")
        .doesNotContain("*");
    assertThat(policy.replace("style-src 'self' 'unsafe-inline'", ""))
        .doesNotContain("unsafe-inline");
    assertThat(page.header("X-Content-Type-Options")).isEqualTo("nosniff");
    assertThat(page.header("X-Frame-Options")).isEqualTo("DENY");
    assertThat(page.header("Referrer-Policy")).isEqualTo("no-referrer");
    assertThat(page.header("Cache-Control")).isEqualTo("no-store");
    assertThat(script.header("Content-Security-Policy")).isEqualTo(policy);
    // Public and unchanging: the page's files set their own caching, which replaces no-store.
    assertThat(script.headers().get("Cache-Control")).containsExactly("max-age=3600");
  }
}
