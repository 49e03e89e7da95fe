package io.meridian.core.push;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProvidersTest {
  private final FcmProvider fcm =
      new FcmProvider(
          new FcmProvider.Connection(
              URI.create("https://fcm.example"),
              URI.create("https://token.example"),
              Duration.ofSeconds(1)));
  private final ApnsProvider apns =
      new ApnsProvider(new ApnsProvider.Connection(null, 443, List.of(), 1, Duration.ofSeconds(1)));

  @Test
  void a_string_payload_is_the_apns_alert() throws Exception {
    JsonNode body = Json.MAPPER.readTree(ApnsProvider.body(Json.MAPPER.valueToTree("Hi \"you\"")));
    assertThat(body.path("aps").path("alert").asText()).isEqualTo("Hi \"you\"");
  }

  @Test
  void an_fcm_message_carries_the_token_the_collapse_key_and_a_ttl() throws Exception {
    Instant expire = Instant.now().plusSeconds(120);
    JsonNode message =
        Json.MAPPER
            .readTree(
                FcmProvider.message(
                    "tok", Json.MAPPER.readTree("{\"data\":{\"a\":\"1\"}}"), "n-1", expire))
            .path("message");
    assertThat(message.path("token").asText()).isEqualTo("tok");
    assertThat(message.path("data").path("a").asText()).isEqualTo("1");
    assertThat(message.path("android").path("collapse_key").asText()).isEqualTo("n-1");
    assertThat(message.path("android").path("ttl").asText()).matches("1(19|20)s");
    JsonNode text =
        Json.MAPPER.readTree(
            FcmProvider.message("tok", Json.MAPPER.valueToTree("hello"), "n", null));
    assertThat(text.path("message").path("notification").path("body").asText()).isEqualTo("hello");
  }

  @Test
  void payloads_a_provider_would_refuse_are_400s() {
    assertThatThrownBy(() -> apns.validatePayload("a", Json.MAPPER.valueToTree("x".repeat(5000))))
        .isInstanceOf(MeridianException.class)
        .hasMessageContaining("at most 4096");
    assertThatThrownBy(() -> apns.validatePayload("a", Json.MAPPER.valueToTree(3)))
        .isInstanceOf(MeridianException.class);
    assertThatThrownBy(
            () -> fcm.validatePayload("g", Json.object().set("data", Json.object().put("n", 1))))
        .isInstanceOf(MeridianException.class)
        .hasMessageContaining("not a string");
    assertThatThrownBy(() -> fcm.validatePayload("g", Json.object().put("topic", "all")))
        .isInstanceOf(MeridianException.class);
    fcm.validatePayload("g", Json.object().set("notification", Json.object().put("title", "t")));
  }

  @Test
  void retries_back_off_exponentially_within_the_cap_and_honour_retry_after() {
    PushWorker.Settings settings =
        new PushWorker.Settings(
            Duration.ofSeconds(1),
            Duration.ofSeconds(30),
            500,
            64,
            5,
            Duration.ofMillis(100),
            Duration.ofSeconds(2));
    PushWorker worker =
        new PushWorker(
            null,
            null,
            null,
            null,
            null,
            null,
            java.util.Map.of(),
            java.time.Clock.systemUTC(),
            "me",
            settings);
    try {
      for (int attempt = 1; attempt <= 10; attempt++) {
        long base = Math.min(100L << (attempt - 1), 2000);
        assertThat(worker.backoff(attempt, null)).isBetween(base / 2, base);
      }
      assertThat(worker.backoff(1, Duration.ofSeconds(1))).isGreaterThanOrEqualTo(1000);
      assertThat(worker.backoff(1, Duration.ofHours(1))).isEqualTo(2000);
    } finally {
      worker.close();
    }
  }
}
