package io.meridian.rest.push;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.Json;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.Eventually;
import io.meridian.rest.support.SharedResources;
import java.time.Duration;
import java.util.HexFormat;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Apple notifiers against an APNs fake speaking HTTP/2 over TLS (Pushy's MockApnsServer): both of
 * Apple's authentications, unregistered tokens, throttling with retries.
 */
@ResourceLock(SharedResources.PUSH_QUEUE)
class ApnsIT extends PushServersIT {
  @Test
  void token_authentication_delivers_once_and_never_shows_the_key() {
    ApiClient.Reply notifier = api.post(path("notifiers"), tokenNotifier("apns").toString());
    assertThat(notifier.status()).as(notifier.body()).isEqualTo(200);
    assertThat(notifier.body()).doesNotContain("PRIVATE KEY").doesNotContain("\"p8\"");
    assertThat(api.get(path("notifiers/apns")).body()).doesNotContain("PRIVATE KEY");
    String token = APNS.register(token());
    String device = device("apns", token);
    JsonNode done =
        finished(
            api.post(
                path("devices/" + device + "/notifications"),
                "{\"payloads\":{\"apns\":\"Hello from Meridian\"}}"));
    assertThat(done.path("statistics").path("sent").asInt()).isEqualTo(1);
    assertThat(APNS.accepted(token)).isEqualTo(1);
    assertThat(APNS.payloads()).anyMatch(p -> p.contains("\"alert\":\"Hello from Meridian\""));
  }

  @Test
  void certificate_authentication_delivers() {
    TestCertificates.Issued client = APNS.certificates.apnsClient(ApnsFake.TOPIC);
    ObjectNode body = Json.object();
    body.put("name", "apnscert");
    body.put("provider", "apple");
    body.put("topic", ApnsFake.TOPIC);
    body.put("p12Certificate", client.pkcs12("s3cret", APNS.certificates.authority));
    body.put("certificatePassword", "s3cret");
    ApiClient.Reply notifier = api.post(path("notifiers"), body.toString());
    assertThat(notifier.status()).as(notifier.body()).isEqualTo(200);
    assertThat(notifier.body()).doesNotContain("s3cret").doesNotContain("p12Certificate");
    String token = APNS.register(token());
    String device = device("apnscert", token);
    JsonNode done =
        finished(
            api.post(
                path("devices/" + device + "/notifications"),
                "{\"payloads\":{\"apnscert\":{\"aps\":{\"alert\":\"cert\",\"badge\":3}}}}"));
    assertThat(done.path("statistics").path("sent").asInt()).isEqualTo(1);
    assertThat(APNS.accepted(token)).isEqualTo(1);
  }

  @Test
  void an_unregistered_token_is_marked_on_its_device_and_never_sent_again() {
    api.post(path("notifiers"), tokenNotifier("apns").toString());
    String token = APNS.register(token());
    APNS.unregister(token);
    String device = device("apns", token);
    JsonNode first = finished(api.post(path("devices/" + device + "/notifications"), payload()));
    assertThat(first.path("statistics").path("errors").asInt()).isEqualTo(1);
    JsonNode receipt =
        api.get(path("notifications/" + first.path("uuid").asText() + "/receipts")).entity();
    assertThat(receipt.path("state").asText()).isEqualTo("unregistered");
    assertThat(receipt.path("errorCode").asText()).isEqualTo("Unregistered");
    Eventually.within(
        Duration.ofSeconds(10),
        () ->
            assertThat(
                    api.get(path("devices/" + device))
                        .entity()
                        .path("apns.notifier.unregistered")
                        .asText())
                .isEqualTo(token));
    JsonNode second = finished(api.post(path("devices/" + device + "/notifications"), payload()));
    assertThat(second.path("expectedCount").asInt()).isZero();
    assertThat(second.path("statistics").path("errors").asInt()).isZero();
    assertThat(APNS.accepted(token)).isZero();
  }

  @Test
  void a_throttled_send_is_retried_with_backoff_until_accepted() {
    api.post(path("notifiers"), tokenNotifier("apns").toString());
    String token = APNS.register(token());
    APNS.throttle(token, 2);
    String device = device("apns", token);
    JsonNode done = finished(api.post(path("devices/" + device + "/notifications"), payload()));
    assertThat(done.path("statistics").path("sent").asInt()).isEqualTo(1);
    JsonNode receipt =
        api.get(path("notifications/" + done.path("uuid").asText() + "/receipts")).entity();
    assertThat(receipt.path("state").asText()).isEqualTo("sent");
    assertThat(receipt.path("attempts").asInt()).isEqualTo(3);
    assertThat(APNS.accepted(token)).isEqualTo(1);
  }

  @Test
  void a_token_apns_does_not_know_fails_without_retries() {
    api.post(path("notifiers"), tokenNotifier("apns").toString());
    String device = device("apns", token()); // never registered with the fake: BadDeviceToken
    JsonNode done = finished(api.post(path("devices/" + device + "/notifications"), payload()));
    assertThat(done.path("statistics").path("errors").asInt()).isEqualTo(1);
    JsonNode receipt =
        api.get(path("notifications/" + done.path("uuid").asText() + "/receipts")).entity();
    assertThat(receipt.path("attempts").asInt()).isEqualTo(1);
  }

  @Test
  void bad_apple_notifiers_and_payloads_are_refused() {
    ObjectNode noTopic = tokenNotifier("a1");
    noTopic.remove("topic");
    ObjectNode badKey = tokenNotifier("a2");
    badKey.put("p8", "-----BEGIN PRIVATE KEY-----\nbm90IGEga2V5\n-----END PRIVATE KEY-----");
    ObjectNode both = tokenNotifier("a3");
    both.put("p12Certificate", "AAAA");
    ObjectNode neither = tokenNotifier("a4");
    neither.remove("p8");
    ObjectNode wrongPassword = Json.object();
    wrongPassword.put("name", "a5").put("provider", "apple").put("topic", ApnsFake.TOPIC);
    wrongPassword.put(
        "p12Certificate",
        APNS.certificates.apnsClient(ApnsFake.TOPIC).pkcs12("right", APNS.certificates.authority));
    wrongPassword.put("certificatePassword", "wrong");
    ObjectNode badEnvironment = tokenNotifier("a6").put("environment", "staging");
    for (ObjectNode body :
        new ObjectNode[] {noTopic, badKey, both, neither, wrongPassword, badEnvironment}) {
      ApiClient.Reply reply = api.post(path("notifiers"), body.toString());
      assertThat(reply.status()).as(reply.body()).isEqualTo(400);
      assertThat(reply.body()).doesNotContain("PRIVATE KEY").doesNotContain("io.meridian");
    }
    assertThat(api.get(path("notifiers")).json().path("entities")).isEmpty(); // none was created
    api.post(path("notifiers"), tokenNotifier("apns").toString());
    String device = device("apns", APNS.register(token()));
    ApiClient.Reply tooLarge =
        api.post(
            path("devices/" + device + "/notifications"),
            "{\"payloads\":{\"apns\":\"" + "x".repeat(5000) + "\"}}");
    assertThat(tooLarge.status()).as(tooLarge.body()).isEqualTo(400);
  }

  private ObjectNode tokenNotifier(String name) {
    ObjectNode body = Json.object();
    body.put("name", name);
    body.put("provider", "apple");
    body.put("environment", "development");
    body.put("topic", ApnsFake.TOPIC);
    body.put("keyId", ApnsFake.KEY_ID);
    body.put("teamId", ApnsFake.TEAM_ID);
    body.put("p8", APNS.p8());
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
    return "{\"payloads\":{\"apns\":\"hello\"}}";
  }

  private static String token() {
    UUID a = UUID.randomUUID();
    UUID b = UUID.randomUUID();
    byte[] bytes = new byte[32];
    java.nio.ByteBuffer.wrap(bytes)
        .putLong(a.getMostSignificantBits())
        .putLong(a.getLeastSignificantBits())
        .putLong(b.getMostSignificantBits())
        .putLong(b.getLeastSignificantBits());
    return HexFormat.of().formatHex(bytes);
  }
}
