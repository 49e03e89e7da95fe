package io.meridian.rest.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.MeridianIT;
import io.meridian.rest.support.TestServers;
import org.junit.jupiter.api.Test;

class MetricsIT extends MeridianIT {
  private static final String ENTITY_ROUTE =
      "meridian_http_server_requests_seconds_count{method=\"GET\","
          + "route=\"/{org}/{app}/{collection}/{entity}\",status=\"2xx\"}";

  @Test
  void returns_401_without_a_token() {
    Reply reply = api.anonymous().get("/metrics");

    assertThat(reply.status()).isEqualTo(401);
    assertThat(reply.error()).isEqualTo("unauthorized");
    assertThat(reply.json().has("error_description")).isTrue();
    assertThat(reply.json().has("timestamp")).isTrue();
  }

  @Test
  void returns_401_for_a_wrong_scrape_token() {
    Reply reply = api.anonymous().withToken(TestServers.SCRAPE_TOKEN + "x").get("/metrics");

    assertThat(reply.status()).isEqualTo(401);
    assertThat(reply.json().path("error").asText()).isNotBlank();
  }

  @Test
  void returns_403_for_an_application_token() {
    Reply reply = api.get("/metrics");

    assertThat(reply.status()).isEqualTo(403);
    assertThat(reply.error()).isEqualTo("forbidden");
  }

  @Test
  void accepts_a_superuser_access_token() {
    ApiClient superuser = api.withToken(Identities.superuserToken(api));

    assertThat(superuser.get("/metrics").status()).isEqualTo(200);
  }

  @Test
  void labels_requests_by_route_template_and_shows_driver_and_jvm_metrics() {
    String uuid = api.post(path("dogs"), "{\"name\":\"rex\"}").entity().path("uuid").asText();
    for (int i = 0; i < 3; i++) {
      assertThat(api.get(path("dogs") + "/" + uuid).status()).isEqualTo(200);
    }

    Reply reply = scrape();

    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.contentType()).startsWith("text/plain");
    String text = reply.body();
    assertThat(text).contains(ENTITY_ROUTE);
    assertThat(text).doesNotContain(uuid).doesNotContain(org);
    assertThat(text)
        .contains("meridian_http_server_requests_seconds_bucket{")
        .contains("meridian_cassandra_session_cql_requests_seconds_count")
        .contains("meridian_elasticsearch_requests_seconds_count{operation=\"bulk\"")
        .contains("meridian_index_pending_changes")
        .contains("meridian_feed_staleness_seconds{feed=\"access\"}")
        .contains("meridian_auth_token_verifications_total{outcome=\"valid\"}")
        .contains("jvm_memory_used_bytes")
        .contains("jvm_gc_")
        .contains("process_cpu_usage")
        .contains("tomcat_threads_busy_threads");
  }

  @Test
  void counts_requests_refused_before_matching_as_unmatched() {
    assertThat(api.anonymous().withToken("not-a-token").get(path("dogs")).status()).isEqualTo(401);

    assertThat(scrape().body())
        .contains("route=\"UNMATCHED\",status=\"4xx\"")
        .doesNotContain("route=\"/" + org);
  }

  private Reply scrape() {
    return api.anonymous().withToken(TestServers.SCRAPE_TOKEN).get("/metrics");
  }
}
