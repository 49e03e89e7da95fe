package io.meridian.rest.request;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.MeridianIT;
import org.junit.jupiter.api.Test;

/** Every response carries an X-Request-Id, the client's if sane, and error bodies quote it. */
class RequestIdIT extends MeridianIT {
  private static final String GENERATED = "[0-9a-f]{16}";

  @Test
  void a_sane_id_sent_by_the_client_is_echoed() {
    Reply reply = api.get("/status", "X-Request-Id", "client-id_1.2:3");

    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.header("X-Request-Id")).isEqualTo("client-id_1.2:3");
  }

  @Test
  void an_id_is_generated_when_the_client_sends_none() {
    Reply first = api.get("/status");
    Reply second = api.get("/status");

    assertThat(first.header("X-Request-Id")).matches(GENERATED);
    assertThat(second.header("X-Request-Id"))
        .matches(GENERATED)
        .isNotEqualTo(first.header("X-Request-Id"));
  }

  @Test
  void an_insane_id_is_replaced_by_a_generated_one() {
    assertThat(api.get("/status", "X-Request-Id", "x".repeat(500)).header("X-Request-Id"))
        .matches(GENERATED);
    assertThat(api.get("/status", "X-Request-Id", "two words").header("X-Request-Id"))
        .matches(GENERATED);
    assertThat(api.get("/status", "X-Request-Id", "semi;colon<script>").header("X-Request-Id"))
        .matches(GENERATED);
  }

  @Test
  void a_successful_entity_request_carries_the_id() {
    Reply reply = api.post(path("dogs"), "{\"name\":\"rex\"}");

    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.header("X-Request-Id")).matches(GENERATED);
  }

  @Test
  void a_401_from_the_access_filter_carries_the_id_as_error_id() {
    Reply reply =
        api.get(path("dogs"), "Authorization", "Bearer not-a-token", "X-Request-Id", "id-401");

    assertThat(reply.status()).isEqualTo(401);
    assertThat(reply.header("X-Request-Id")).isEqualTo("id-401");
    assertThat(reply.json().path("error_id").asText()).isEqualTo("id-401");
  }

  @Test
  void a_404_of_an_unknown_path_carries_the_id_as_error_id() {
    Reply reply = api.get("/no-such-thing", "X-Request-Id", "id-404");

    assertThat(reply.status()).isEqualTo(404);
    assertThat(reply.header("X-Request-Id")).isEqualTo("id-404");
    assertThat(reply.json().path("error_id").asText()).isEqualTo("id-404");
  }

  @Test
  void a_404_of_a_missing_entity_quotes_the_generated_id() {
    Reply reply = api.get(path("dogs") + "/nobody");

    assertThat(reply.status()).isEqualTo(404);
    assertThat(reply.header("X-Request-Id")).matches(GENERATED);
    assertThat(reply.json().path("error_id").asText()).isEqualTo(reply.header("X-Request-Id"));
  }

  @Test
  void a_405_carries_the_id_as_error_id() {
    Reply reply = api.call("DELETE", "/status", "X-Request-Id", "id-405");

    assertThat(reply.status()).isEqualTo(405);
    assertThat(reply.header("X-Request-Id")).isEqualTo("id-405");
    assertThat(reply.json().path("error_id").asText()).isEqualTo("id-405");
  }

  @Test
  void a_415_carries_the_id_as_error_id() {
    Reply reply = api.send("POST", path("dogs"), "name=rex", "text/plain");

    assertThat(reply.status()).isEqualTo(415);
    assertThat(reply.header("X-Request-Id")).matches(GENERATED);
    assertThat(reply.json().path("error_id").asText()).isEqualTo(reply.header("X-Request-Id"));
  }

  @Test
  void an_error_body_keeps_the_usergrid_fields_before_error_id() {
    Reply reply = api.get(path("dogs") + "/nobody");

    assertThat(reply.json().fieldNames())
        .toIterable()
        .containsExactly("error", "error_description", "timestamp", "duration", "error_id");
  }
}
