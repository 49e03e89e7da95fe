package io.meridian.rest.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.traffic.TrafficService;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.TwoNodeIT;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /management/orgs/{org}/apps/{app}/metrics} on real servers: an application's requests
 * counted as they are served, errors by class, summed with a second node's, and shown only to the
 * organization's admins and the superuser.
 */
class AppMetricsIT extends TwoNodeIT {

  private String metricsPath() {
    return "/management/orgs/" + org + "/apps/" + app + "/metrics";
  }

  private JsonNode metrics(ApiClient client, String query) {
    Reply reply = client.get(metricsPath() + query);
    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    return reply.json().path("data");
  }

  private ApiClient admin() {
    return api.anonymous().withToken(organization.adminToken());
  }

  private void expect(Reply reply, int status) {
    assertThat(reply.status()).as(reply.body()).isEqualTo(status);
  }

  @Test
  void counts_the_applications_requests_and_its_errors_by_class() {
    expect(api.post(path("things"), "{\"name\":\"lamp\"}"), 200);
    for (int i = 0; i < 3; i++) {
      expect(api.get(path("things/lamp")), 200);
    }
    expect(api.get(path("things/missing-1")), 404);
    expect(api.get(path("things/missing-2")), 404);

    JsonNode data = metrics(admin(), "");

    JsonNode totals = data.path("totals");
    assertThat(totals.path("requests").asLong()).isEqualTo(6);
    assertThat(totals.path("errors_4xx").asLong()).isEqualTo(2);
    assertThat(totals.path("errors_5xx").asLong()).isZero();
    assertThat(totals.path("latency_mean_ms").asDouble()).isPositive();
    assertThat(totals.path("latency_max_ms").asDouble())
        .isGreaterThanOrEqualTo(totals.path("latency_mean_ms").asDouble());
    assertThat(data.path("minutes").asInt()).isEqualTo(30);
    assertThat(data.path("bucket_seconds").asInt()).isEqualTo(10);
    JsonNode buckets = data.path("buckets");
    assertThat(buckets.size()).isEqualTo(180);
    long counted = 0;
    for (JsonNode bucket : buckets) {
      counted += bucket.path("requests").asLong();
    }
    assertThat(counted).isEqualTo(6);
    long last = buckets.get(buckets.size() - 1).path("t").asLong();
    assertThat(last).isBetween(System.currentTimeMillis() - 20_000, System.currentTimeMillis());
  }

  @Test
  void another_applications_requests_are_not_counted() {
    expect(api.get(path("things/missing")), 404);
    String other = "app" + UUID.randomUUID().toString().substring(0, 8);
    Identities.Credentials otherCredentials =
        Identities.application(api.anonymous(), organization, other);
    ApiClient otherApp =
        api.anonymous()
            .withToken(Identities.clientToken(api.anonymous(), org, other, otherCredentials));
    expect(otherApp.get("/" + org + "/" + other + "/things"), 200);

    assertThat(metrics(admin(), "?minutes=5").path("totals").path("requests").asLong())
        .isEqualTo(1);
  }

  @Test
  void sums_the_requests_every_node_served() {
    expect(api.get(path("things")), 200);
    ApiClient onSecond = second.withToken(api.token());
    expect(onSecond.get(path("things")), 200);
    expect(onSecond.get(path("things/missing")), 404);
    secondNodeBean(TrafficService.class).store(); // what its writer does every interval

    JsonNode totals = metrics(admin(), "?minutes=10").path("totals");

    assertThat(totals.path("requests").asLong()).isEqualTo(3);
    assertThat(totals.path("errors_4xx").asLong()).isEqualTo(1);
  }

  @Test
  void the_superuser_may_read_them() {
    ApiClient superuser = api.anonymous().withToken(Identities.superuserToken(api.anonymous()));

    assertThat(metrics(superuser, "?minutes=1").path("buckets").size()).isEqualTo(6);
  }

  @Test
  void another_organizations_admin_is_refused() {
    Identities.Organization other =
        Identities.organization(
            api.anonymous(), "org" + UUID.randomUUID().toString().substring(0, 8));

    Reply reply = api.anonymous().withToken(other.adminToken()).get(metricsPath());

    expect(reply, 403);
    assertThat(reply.body()).doesNotContain("requests");
  }

  @Test
  void an_anonymous_caller_must_sign_in() {
    expect(api.anonymous().get(metricsPath()), 401);
  }

  @Test
  void the_applications_own_credentials_are_refused() {
    expect(api.get(metricsPath()), 403);
  }

  @Test
  void minutes_out_of_range_or_not_a_whole_number_are_refused() {
    for (String minutes : new String[] {"0", "61", "-5", "abc", "1.5", "", "99999999999"}) {
      Reply reply = admin().get(metricsPath() + "?minutes=" + minutes);
      assertThat(reply.status()).as(minutes + ": " + reply.body()).isEqualTo(400);
      assertThat(reply.error()).isEqualTo("bad_request");
    }
  }

  @Test
  void an_unknown_application_is_not_found() {
    Reply reply = admin().get("/management/orgs/" + org + "/apps/nosuchapp/metrics");

    assertThat(reply.status()).as(reply.body()).isEqualTo(404);
  }
}
