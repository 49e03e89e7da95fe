package io.meridian.rest.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.MeridianIT;
import java.time.Duration;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Threat: denial of service by requests that are cheap to send and expensive to answer. Each is
 * refused with a 4xx (never a 500, which would mean it reached a store or blew a stack) or answered
 * with bounded work, and the server keeps answering afterwards. The time bound is generous (a
 * loaded CI machine); what it catches is work that grows without limit, not a slow path.
 */
class CheapRequestsIT extends MeridianIT {
  private static final Duration BOUND = Duration.ofSeconds(20);

  @BeforeEach
  void a_fence() {
    api.post(
        path("zones"),
        "{\"name\":\"square\",\"geometry\":{\"type\":\"Polygon\",\"coordinates\":"
            + "[[[0,0],[1,0],[1,1],[0,1],[0,0]]]}}");
  }

  private Reply timed(Supplier<Reply> request) {
    long started = System.nanoTime();
    Reply reply = request.get();
    Duration took = Duration.ofNanos(System.nanoTime() - started);
    assertThat(took).as("answered in %s: %s", took, reply.body()).isLessThan(BOUND);
    assertThat(reply.status()).as(reply.body()).isLessThan(500);
    assertThat(api.get(path("zones/square")).status()).isEqualTo(200);
    return reply;
  }

  private static void assertRefused(Reply reply) {
    assertThat(reply.status()).as(reply.body()).isBetween(400, 499);
    assertThat(reply.json().path("error").asText()).isNotBlank();
  }

  private String lookup(String ql) {
    return "{\"points\":[{\"latitude\":0.5,\"longitude\":0.5}],\"ql\":" + quoted(ql) + "}";
  }

  private static String quoted(String text) {
    return io.meridian.core.common.Json.MAPPER.getNodeFactory().textNode(text).toString();
  }

  @Test
  void a_query_nested_ten_thousand_deep_is_refused() {
    String ql = "(".repeat(10_000) + "name = 'x'" + ")".repeat(10_000);
    assertRefused(timed(() -> api.post(path("zones/_contains"), lookup(ql))));
  }

  @Test
  void a_query_of_thousands_of_alternatives_is_refused_or_bounded() {
    StringBuilder ql = new StringBuilder("name = 'a0'");
    for (int i = 1; i < 20_000; i++) {
      ql.append(" or name = 'a").append(i).append('\'');
    }
    timed(() -> api.post(path("zones/_contains"), lookup(ql.toString())));
  }

  @Test
  void a_query_too_long_for_a_url_is_refused_with_json() {
    String ql = ApiClient.encode("name = '" + "x".repeat(200_000) + "'");
    assertRefused(timed(() -> api.get(path("zones?ql=" + ql))));
  }

  @Test
  void a_huge_wildcard_prefix_is_refused_or_bounded() {
    String ql = "name = '" + "a".repeat(30_000) + "*'";
    timed(() -> api.post(path("zones/_contains"), lookup(ql)));
  }

  @Test
  void a_batch_of_a_million_points_is_refused() {
    StringBuilder points = new StringBuilder("{\"points\":[");
    for (int i = 0; i < 100_000; i++) {
      points.append(i == 0 ? "" : ",").append("[0.5,0.5]");
    }
    points.append("]}");
    assertRefused(timed(() -> api.post(path("zones/_contains"), points.toString())));
  }

  @Test
  void a_huge_limit_or_radius_is_refused_or_bounded() {
    assertRefused(timed(() -> api.get(path("zones?limit=100000000"))));
    timed(
        () ->
            api.get(
                path(
                    "zones?limit=1000&ql="
                        + ApiClient.encode(
                            "select * where location within 40000000 of 0.5, 0.5"))));
  }

  @Test
  void deeply_nested_json_is_refused_everywhere() {
    String deep = "[".repeat(100_000) + "]".repeat(100_000);
    assertRefused(timed(() -> api.post(path("things"), deep)));
    assertRefused(timed(() -> api.post(path("zones/_contains"), "{\"points\":" + deep + "}")));
    assertRefused(
        timed(() -> api.anonymous().post("/management/orgs", "{\"organization\":" + deep + "}")));
  }
}
