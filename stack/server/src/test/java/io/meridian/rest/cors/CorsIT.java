package io.meridian.rest.cors;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.MeridianIT;
import io.meridian.rest.support.TestServers;
import io.meridian.server.MeridianApplication;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Browser apps on other origins: the shared server allows any origin (the default); a second node
 * of this class allows one listed origin only.
 */
class CorsIT extends MeridianIT {
  private static final String ORIGIN = "https://app.example.com";
  private static final String OTHER_ORIGIN = "https://evil.example.net";

  private static ConfigurableApplicationContext listedNode;
  private static ApiClient listed;

  @BeforeAll
  static void startNodeWithListedOrigins() {
    List<String> arguments = new ArrayList<>();
    arguments.add("--server.port=0");
    TestServers.properties().forEach((key, value) -> arguments.add("--" + key + "=" + value));
    arguments.add("--meridian.cors.allowed-origins=" + ORIGIN + ",http://localhost:3000");
    listedNode =
        new SpringApplicationBuilder(MeridianApplication.class)
            .run(arguments.toArray(String[]::new));
    listed =
        new ApiClient(
            "http://127.0.0.1:" + listedNode.getEnvironment().getProperty("local.server.port"));
  }

  @AfterAll
  static void stopNodeWithListedOrigins() {
    if (listedNode != null) {
      listedNode.close();
    }
  }

  private static Reply preflight(ApiClient client, String path, String origin) {
    return client
        .anonymous()
        .call(
            "OPTIONS",
            path,
            "Origin",
            origin,
            "Access-Control-Request-Method",
            "PUT",
            "Access-Control-Request-Headers",
            "authorization, content-type, x-request-id, x-not-allowed");
  }

  @Test
  void a_preflight_without_a_token_is_answered_with_what_the_browser_needs() {
    Reply reply = preflight(api, path("dogs") + "/rex", ORIGIN);

    assertThat(reply.status()).isEqualTo(204);
    assertThat(reply.header("Access-Control-Allow-Origin")).isEqualTo("*");
    assertThat(reply.header("Access-Control-Allow-Methods"))
        .isEqualTo("GET, POST, PUT, DELETE, OPTIONS");
    assertThat(reply.header("Access-Control-Allow-Headers"))
        .isEqualTo("Authorization, Content-Type, X-Request-Id");
    assertThat(reply.header("Access-Control-Max-Age")).isEqualTo("3600");
    assertThat(reply.header("Access-Control-Allow-Credentials")).isNull();
    assertThat(reply.header("X-Request-Id")).isNotBlank();
  }

  @Test
  void a_preflight_to_a_superuser_path_needs_no_token_either() {
    Reply reply = preflight(api, "/system/index/rebuild", ORIGIN);

    assertThat(reply.status()).isEqualTo(204);
    assertThat(reply.header("Access-Control-Allow-Origin")).isEqualTo("*");
  }

  @Test
  void an_actual_cross_origin_request_may_read_the_response_and_its_request_id() {
    api.post(path("dogs"), "{\"name\":\"rex\"}");

    Reply reply = api.call("GET", path("dogs") + "/rex", "Origin", ORIGIN);

    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.header("Access-Control-Allow-Origin")).isEqualTo("*");
    assertThat(reply.header("Access-Control-Expose-Headers"))
        .contains("X-Request-Id", "Retry-After");
    assertThat(reply.header("Access-Control-Allow-Credentials")).isNull();
  }

  @Test
  void an_error_to_a_cross_origin_request_is_readable_too() {
    Reply reply =
        api.anonymous()
            .call("GET", path("dogs"), "Origin", ORIGIN, "Authorization", "Bearer nonsense");

    assertThat(reply.status()).isEqualTo(401);
    assertThat(reply.header("Access-Control-Allow-Origin")).isEqualTo("*");
    assertThat(reply.header("Access-Control-Expose-Headers")).contains("X-Request-Id");
  }

  @Test
  void a_request_without_an_origin_gets_no_cors_headers() {
    Reply reply = api.get("/status");

    assertThat(reply.header("Access-Control-Allow-Origin")).isNull();
    assertThat(reply.header("Access-Control-Expose-Headers")).isNull();
  }

  @Test
  void a_listed_origin_is_echoed_and_answers_vary_by_origin() {
    Reply preflight = preflight(listed, path("dogs"), ORIGIN);
    Reply actual = listed.call("GET", "/status", "Origin", ORIGIN);

    assertThat(preflight.status()).isEqualTo(204);
    assertThat(preflight.header("Access-Control-Allow-Origin")).isEqualTo(ORIGIN);
    assertThat(preflight.headers().get("Vary")).contains("Origin");
    assertThat(actual.header("Access-Control-Allow-Origin")).isEqualTo(ORIGIN);
    assertThat(actual.headers().get("Vary")).contains("Origin");
    assertThat(actual.header("Access-Control-Allow-Credentials")).isNull();
  }

  @Test
  void a_preflight_from_an_origin_not_listed_is_refused_without_cors_headers() {
    Reply reply = preflight(listed, path("dogs"), OTHER_ORIGIN);

    assertThat(reply.status()).isEqualTo(403);
    assertThat(reply.json().path("error").asText()).isEqualTo("forbidden");
    assertThat(reply.json().path("error_id").asText()).isEqualTo(reply.header("X-Request-Id"));
    assertThat(reply.headers().keySet())
        .noneMatch(name -> name.toLowerCase().startsWith("access-control-"));
  }

  @Test
  void an_actual_request_from_an_origin_not_listed_gets_no_cors_headers() {
    Reply reply = listed.call("GET", "/status", "Origin", OTHER_ORIGIN);

    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.headers().keySet())
        .noneMatch(name -> name.toLowerCase().startsWith("access-control-"));
  }
}
