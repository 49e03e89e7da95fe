package io.meridian.rest.status;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.MeridianIT;
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
  void lb_status_is_200_with_no_body_while_the_node_can_serve() {
    Reply reply = api.get("/lb-status");

    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.body()).isEmpty();
  }
}
