package io.meridian.rest.push;

import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import io.meridian.core.common.Json;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.Eventually;
import io.meridian.rest.support.SharedResources;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Google notifiers against a local FCM HTTP v1 endpoint and OAuth 2 token endpoint (WireMock): the
 * service account's signed assertion is exchanged for an access token, messages carry it, and FCM's
 * answers (UNREGISTERED, 429 with Retry-After) are acted on.
 */
@ResourceLock(SharedResources.PUSH_QUEUE)
class FcmIT extends PushServersIT {
  static final String PROJECT = FcmFake.PROJECT;
  static final String ACCESS_TOKEN = FcmFake.ACCESS_TOKEN;
  static final String SEND = FcmFake.SEND;
  static final WireMockServer WIRE = FCM.server;

  @Test
  void a_message_goes_to_fcm_v1_with_an_oauth_token_and_the_key_is_never_shown() {
    ApiClient.Reply notifier = api.post(path("notifiers"), notifier("fcm").toString());
    assertThat(notifier.status()).as(notifier.body()).isEqualTo(200);
    assertThat(notifier.body()).doesNotContain("PRIVATE KEY").doesNotContain("serviceAccount");
    String token = "tok-" + UUID.randomUUID();
    String device = device("fcm", token);
    JsonNode done =
        finished(
            api.post(
                path("devices/" + device + "/notifications"),
                "{\"payloads\":{\"fcm\":{\"notification\":{\"title\":\"Hi\",\"body\":\"There\"},"
                    + "\"data\":{\"order\":\"42\"}}}}"));
    assertThat(done.path("statistics").path("sent").asInt()).isEqualTo(1);
    assertThat(
            WIRE.findAll(
                postRequestedFor(urlEqualTo(SEND))
                    .withHeader("Authorization", equalTo("Bearer " + ACCESS_TOKEN))
                    .withRequestBody(matchingJsonPath("$.message.token", equalTo(token)))
                    .withRequestBody(matchingJsonPath("$.message.data.order", equalTo("42")))
                    .withRequestBody(
                        matchingJsonPath(
                            "$.message.android.collapse_key",
                            equalTo(done.path("uuid").asText())))))
        .hasSize(1);
    assertThat(WIRE.findAll(postRequestedFor(urlEqualTo("/token")))).isNotEmpty();
  }

  @Test
  void an_unregistered_token_is_marked_and_skipped_next_time() {
    api.post(path("notifiers"), notifier("fcm").toString());
    String device = device("fcm", "gone-token");
    JsonNode first = finished(api.post(path("devices/" + device + "/notifications"), payload()));
    assertThat(first.path("statistics").path("errors").asInt()).isEqualTo(1);
    JsonNode receipt =
        api.get(path("notifications/" + first.path("uuid").asText() + "/receipts")).entity();
    assertThat(receipt.path("state").asText()).isEqualTo("unregistered");
    assertThat(receipt.path("errorCode").asText()).isEqualTo("UNREGISTERED");
    Eventually.within(
        Duration.ofSeconds(10),
        () ->
            assertThat(
                    api.get(path("devices/" + device))
                        .entity()
                        .path("fcm.notifier.unregistered")
                        .asText())
                .isEqualTo("gone-token"));
    JsonNode second = finished(api.post(path("devices/" + device + "/notifications"), payload()));
    assertThat(second.path("expectedCount").asInt()).isZero();
  }

  @Test
  void a_429_is_retried_after_its_retry_after() {
    api.post(path("notifiers"), notifier("fcm").toString());
    String device = device("fcm", "busy-token");
    long before = System.currentTimeMillis();
    JsonNode done = finished(api.post(path("devices/" + device + "/notifications"), payload()));
    assertThat(done.path("statistics").path("sent").asInt()).isEqualTo(1);
    JsonNode receipt =
        api.get(path("notifications/" + done.path("uuid").asText() + "/receipts")).entity();
    assertThat(receipt.path("attempts").asInt()).isEqualTo(3);
    // Two Retry-After: 1 answers: at least two seconds between the first send and the last.
    assertThat(receipt.path("sent").asLong() - before).isGreaterThanOrEqualTo(2000);
  }

  @Test
  void bad_google_notifiers_and_payloads_are_refused() {
    ObjectNode noAccount = notifier("g1");
    noAccount.remove("serviceAccount");
    ObjectNode badAccount = notifier("g2");
    badAccount.putObject("serviceAccount").put("client_email", "x@y").put("private_key", "nope");
    for (ObjectNode body : new ObjectNode[] {noAccount, badAccount}) {
      ApiClient.Reply reply = api.post(path("notifiers"), body.toString());
      assertThat(reply.status()).as(reply.body()).isEqualTo(400);
      assertThat(reply.body()).doesNotContain("nope").doesNotContain("io.meridian");
    }
    api.post(path("notifiers"), notifier("fcm").toString());
    String device = device("fcm", "tok-x");
    for (String payload :
        new String[] {
          "{\"data\":{\"n\":1}}", "{\"topic\":\"all\"}", "{\"notification\":\"hi\"}", "[]"
        }) {
      ApiClient.Reply reply =
          api.post(
              path("devices/" + device + "/notifications"),
              "{\"payloads\":{\"fcm\":" + payload + "}}");
      assertThat(reply.status()).as(payload + " -> " + reply.body()).isEqualTo(400);
    }
  }

  private static ObjectNode notifier(String name) {
    ObjectNode body = Json.object();
    body.put("name", name);
    body.put("provider", "google");
    body.set(
        "serviceAccount",
        FcmFake.serviceAccount().put("token_uri", "https://attacker.example/token"));
    return body;
  }

  private String device(String notifier, String token) {
    ApiClient.Reply created =
        api.post(path("devices"), "{\"" + notifier + ".notifier.id\":\"" + token + "\"}");
    assertThat(created.status()).as(created.body()).isEqualTo(200);
    return created.entity().path("uuid").asText();
  }

  private JsonNode finished(ApiClient.Reply sent) {
    assertThat(sent.status()).as(sent.body()).isEqualTo(200);
    String uuid = sent.entity().path("uuid").asText();
    return Eventually.within(
        Duration.ofSeconds(30),
        () -> {
          JsonNode notification = api.get(path("notifications/" + uuid)).entity();
          assertThat(notification.path("state").asText()).isEqualTo("FINISHED");
          return notification;
        });
  }

  private static String payload() {
    return "{\"payloads\":{\"fcm\":\"hello\"}}";
  }
}
