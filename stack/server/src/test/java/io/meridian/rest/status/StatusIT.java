package io.meridian.rest.status;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.MeridianIT;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class StatusIT extends MeridianIT {

  @Test
  void status_reports_this_node_and_both_stores() {
    Reply reply = api.get("/status");

    assertThat(reply.status()).isEqualTo(200);
    JsonNode status = reply.json();
    assertThat(status.path("status").asText()).isEqualTo("ok");
    assertThat(status.path("uptime").asLong()).isPositive();
    assertThat(status.path("started").asLong()).isPositive();
    assertThat(status.path("version").asText()).isNotBlank();
    assertThat(status.at("/cassandra/state").asText()).isEqualTo("up");
    assertThat(status.at("/elasticsearch/state").asText()).isEqualTo("up");
  }

  @Test
  void status_reports_the_index_lag_of_this_node() {
    api.post(path("cats"), "{\"name\":\"tom\"}");

    JsonNode index = api.get("/status").json().path("index");

    assertThat(index.path("pending").isIntegralNumber()).isTrue();
    assertThat(index.path("lag_seconds").asLong(-1)).isBetween(0L, 60L);
  }

  @Test
  void anonymous_callers_share_one_store_check_per_second() {
    ApiClient anonymous = api.anonymous();
    Set<Long> checks = new HashSet<>();
    long started = System.nanoTime();
    int calls = 0;
    while (calls < 200 && System.nanoTime() - started < 1_500_000_000L) {
      Reply reply = anonymous.get("/status");
      assertThat(reply.status()).isEqualTo(200);
      checks.add(reply.json().path("checked").asLong());
      calls++;
    }
    long seconds = (System.nanoTime() - started) / 1_000_000_000L;

    assertThat(calls).isGreaterThan(10);
    assertThat(checks).allMatch(checked -> checked > 0);
    // One check per second of the loop, plus the one current when it began and one at its end.
    assertThat(checks).as("%d calls", calls).hasSizeLessThanOrEqualTo((int) seconds + 2);
  }

  @Test
  void lb_status_is_200_with_no_body_while_the_node_can_serve() {
    Reply reply = api.get("/lb-status");

    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.body()).isEmpty();
  }
}
