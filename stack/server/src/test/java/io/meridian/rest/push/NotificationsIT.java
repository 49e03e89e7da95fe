package io.meridian.rest.push;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.Eventually;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.SharedResources;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Notifiers, devices and notifications through the noop provider: what is checked before anything
 * is queued, what the queue does with a notification, and what a notification and its receipts show
 * after.
 */
@ResourceLock(SharedResources.PUSH_QUEUE)
class NotificationsIT extends PushServersIT {
  private static final String SECRET = "-----BEGIN PRIVATE KEY-----sEcReT-" + UUID.randomUUID();

  @Autowired private CqlSession session;

  @BeforeEach
  void noopNotifier() {
    ApiClient.Reply created =
        api.post(
            path("notifiers"),
            "{\"name\":\"noop1\",\"provider\":\"noop\",\"serviceAccount\":{\"private_key\":\""
                + SECRET
                + "\"}}");
    assertThat(created.status()).as(created.body()).isEqualTo(200);
  }

  @Test
  void a_notifier_never_shows_its_credentials_and_stores_them_encrypted() {
    ApiClient.Reply one = api.get(path("notifiers/noop1"));
    ApiClient.Reply listed = api.get(path("notifiers"));
    ApiClient.Reply queried = api.get(path("notifiers?ql=select%20*%20where%20provider%3D'noop'"));
    for (ApiClient.Reply reply : List.of(one, listed, queried)) {
      assertThat(reply.status()).as(reply.body()).isEqualTo(200);
      assertThat(reply.body())
          .contains("noop1")
          .doesNotContain("sEcReT")
          .doesNotContain("serviceAccount");
    }
    UUID notifier = UUID.fromString(one.entity().path("uuid").asText());
    UUID application = UUID.fromString(one.json().path("application").asText());
    Row row =
        session
            .execute(
                "SELECT value FROM push_credentials WHERE app_id = ? AND notifier = ?",
                application,
                notifier)
            .one();
    assertThat(row).isNotNull();
    ByteBuffer value = row.getByteBuffer("value");
    byte[] bytes = new byte[value.remaining()];
    value.get(bytes);
    assertThat(new String(bytes, StandardCharsets.ISO_8859_1)).doesNotContain("sEcReT");
    Row entity =
        session
            .execute(
                "SELECT body FROM entities WHERE app_id = ? AND uuid = ?", application, notifier)
            .one();
    assertThat(entity.getString("body")).doesNotContain("sEcReT");
  }

  @Test
  void a_notifier_needs_a_known_provider_and_a_name() {
    assertBadRequest(api.post(path("notifiers"), "{\"name\":\"x\",\"provider\":\"gcm\"}"));
    assertBadRequest(api.post(path("notifiers"), "{\"name\":\"x\"}"));
    assertBadRequest(api.post(path("notifiers"), "{\"provider\":\"noop\"}"));
    assertBadRequest(api.put(path("notifiers"), "{\"serviceAccount\":{\"private_key\":\"x\"}}"));
    assertBadRequest(api.put(path("notifiers/noop1"), "{\"provider\":\"apple\"}"));
    assertThat(api.get(path("notifiers")).uuids()).hasSize(1);
  }

  @Test
  void a_notification_to_a_device_is_sent_once_with_its_receipt_and_statistics() {
    String device = device("d1", "tok-1");
    ApiClient.Reply sent =
        api.post(
            path("devices/" + device + "/notifications"), "{\"payloads\":{\"noop1\":\"hello\"}}");
    assertThat(sent.status()).as(sent.body()).isEqualTo(200);
    assertThat(sent.entity().path("type").asText()).isEqualTo("notification");
    assertThat(sent.entity().path("state").asText()).isEqualTo("CREATED");
    JsonNode finished = finished(sent.entity().path("uuid").asText());
    assertThat(finished.path("expectedCount").asInt()).isEqualTo(1);
    assertThat(finished.path("statistics").path("sent").asInt()).isEqualTo(1);
    assertThat(finished.path("statistics").path("errors").asInt()).isZero();
    assertThat(finished.path("started").asLong()).isPositive();
    assertThat(finished.path("finished").asLong())
        .isGreaterThanOrEqualTo(finished.path("started").asLong());
    ApiClient.Reply receipts =
        api.get(path("notifications/" + finished.path("uuid").asText() + "/receipts"));
    assertThat(receipts.status()).as(receipts.body()).isEqualTo(200);
    assertThat(receipts.json().path("entities")).hasSize(1);
    JsonNode receipt = receipts.entity();
    assertThat(receipt.path("deviceId").asText()).isEqualTo(device);
    assertThat(receipt.path("state").asText()).isEqualTo("sent");
    assertThat(receipt.path("notifier").asText()).isEqualTo("noop1");
    assertThat(receipt.path("sent").asLong()).isPositive();
  }

  @Test
  void users_groups_queries_and_every_device_reach_their_devices() {
    String phone = device("phone", "tok-p");
    String tablet = device("tablet", "tok-t");
    device("other", "tok-o");
    api.post(path("devices"), "{\"name\":\"silent\"}"); // no token: never a task
    String user = Identities.user(api, org, app, "alice");
    assertThat(api.post(path("users/" + user + "/devices/" + phone), "").status()).isEqualTo(200);
    assertThat(api.post(path("users/" + user + "/devices/" + tablet), "").status()).isEqualTo(200);
    assertThat(api.post(path("groups"), "{\"path\":\"team\",\"name\":\"team\"}").status())
        .isEqualTo(200);
    assertThat(api.post(path("groups/team/users/" + user), "").status()).isEqualTo(200);

    assertThat(sentCount(api.post(path("users/alice/notifications"), payload()))).isEqualTo(2);
    assertThat(sentCount(api.post(path("groups/team/notifications"), payload()))).isEqualTo(2);
    assertThat(
            sentCount(
                api.post(
                    path(
                        "devices;ql="
                            + ApiClient.encode("select * where name = 'other'")
                            + "/notifications"),
                    payload())))
        .isEqualTo(1);
    assertThat(sentCount(api.post(path("devices/*/notifications"), payload()))).isEqualTo(3);
  }

  @Test
  void a_query_or_every_device_never_reaches_another_tenants_devices() {
    device("our-phone", "tok-ours");
    String otherOrg = "org" + UUID.randomUUID().toString().substring(0, 8);
    Identities.Organization other = Identities.organization(api.anonymous(), otherOrg);
    Identities.Credentials otherApp = Identities.application(api.anonymous(), other, "phones");
    ApiClient tenant = api.withToken(Identities.clientToken(api, otherOrg, "phones", otherApp));
    // A token for a notifier of this application's name: a notification reaching it would be sent.
    ApiClient.Reply theirs =
        tenant.post(
            "/" + otherOrg + "/phones/devices",
            "{\"name\":\"their-phone\",\"noop1.notifier.id\":\"tok-theirs\"}");
    assertThat(theirs.status()).as(theirs.body()).isEqualTo(200);
    String uuid = theirs.entity().path("uuid").asText();

    for (String ql :
        List.of("select * where name = 'their-phone'", "select * where uuid = " + uuid)) {
      String target = path("devices;ql=" + ApiClient.encode(ql) + "/notifications");
      assertThat(sentCount(api.post(target, payload()))).as(ql).isZero();
    }
    assertThat(sentCount(api.post(path("devices/*/notifications"), payload()))).isEqualTo(1);
    ApiClient.Reply theirNotifications = tenant.get("/" + otherOrg + "/phones/notifications");
    assertThat(theirNotifications.json().path("entities")).isEmpty();
  }

  @Test
  void a_scheduled_notification_waits_for_its_time() {
    device("d1", "tok-1");
    long deliver = System.currentTimeMillis() + 4_000;
    ApiClient.Reply sent =
        api.post(
            path("devices/d1/notifications"),
            "{\"payloads\":{\"noop1\":\"later\"},\"deliver\":" + deliver + "}");
    assertThat(sent.status()).as(sent.body()).isEqualTo(200);
    assertThat(sent.entity().path("state").asText()).isEqualTo("SCHEDULED");
    String uuid = sent.entity().path("uuid").asText();
    JsonNode finished = finished(uuid);
    assertThat(finished.path("started").asLong()).isGreaterThanOrEqualTo(deliver);
  }

  @Test
  void bad_notifications_are_refused_and_change_nothing() {
    String device = device("d1", "tok-1");
    String url = path("devices/" + device + "/notifications");
    long past = System.currentTimeMillis() - 1000;
    long future = System.currentTimeMillis() + 60_000;
    List<ApiClient.Reply> replies = new ArrayList<>();
    replies.add(api.post(url, "{\"payloads\":{\"nobody\":\"hi\"}}"));
    replies.add(api.post(url, "{\"payloads\":{\"noop1\":5}}"));
    replies.add(api.post(url, "{\"payloads\":{\"noop1\":\"\"}}"));
    replies.add(api.post(url, "{\"payloads\":{}}"));
    replies.add(api.post(url, "{\"payloads\":\"hi\"}"));
    replies.add(api.post(url, "{\"message\":\"hi\"}"));
    replies.add(api.post(url, "[1,2]"));
    replies.add(api.post(url, "{\"payloads\":{\"noop1\":\"hi\"},\"expire\":" + past + "}"));
    replies.add(
        api.post(
            url,
            "{\"payloads\":{\"noop1\":\"hi\"},\"deliver\":"
                + future
                + ",\"expire\":"
                + (future - 1)
                + "}"));
    replies.add(api.post(url, "{\"payloads\":{\"noop1\":\"hi\"},\"deliver\":\"tomorrow\"}"));
    replies.add(api.post(path("notifications"), "{\"payloads\":{\"noop1\":\"hi\"}}"));
    replies.add(api.post(path("things/x/notifications"), "{\"payloads\":{\"noop1\":\"hi\"}}"));
    replies.add(
        api.post(
            path("devices;ql=" + ApiClient.encode("select * where") + "/notifications"),
            payload()));
    for (ApiClient.Reply reply : replies) {
      assertBadRequest(reply);
    }
    ApiClient.Reply missing =
        api.post(path("devices/" + UUID.randomUUID() + "/notifications"), payload());
    assertThat(missing.status()).as(missing.body()).isEqualTo(404);
    assertThat(missing.error()).isEqualTo("entity_not_found");
    assertNoNotifications();
    assertThat(api.put(path("notifications"), "{\"state\":\"FINISHED\"}").status()).isEqualTo(400);
  }

  @Test
  void only_administrators_send_notifications_or_manage_notifiers() {
    String device = device("d1", "tok-1");
    Identities.user(api, org, app, "bob");
    ApiClient bob = api.withToken(Identities.userToken(api, org, app, "bob"));
    ApiClient.Reply send = bob.post(path("devices/" + device + "/notifications"), payload());
    assertThat(send.status()).as(send.body()).isEqualTo(403);
    ApiClient.Reply byQuery = bob.post(path("devices;ql=select%20*/notifications"), payload());
    assertThat(byQuery.status()).as(byQuery.body()).isEqualTo(403);
    ApiClient.Reply notifier =
        bob.post(path("notifiers"), "{\"name\":\"mine\",\"provider\":\"noop\"}");
    assertThat(notifier.status()).as(notifier.body()).isEqualTo(403);
    ApiClient.Reply guest =
        api.anonymous().post(path("devices/" + device + "/notifications"), payload());
    assertThat(guest.status()).isIn(401, 403);
    assertNoNotifications();
    assertThat(api.get(path("notifiers")).uuids()).hasSize(1);
  }

  private int sentCount(ApiClient.Reply sent) {
    assertThat(sent.status()).as(sent.body()).isEqualTo(200);
    JsonNode finished = finished(sent.entity().path("uuid").asText());
    assertThat(finished.path("statistics").path("errors").asInt()).isZero();
    return finished.path("statistics").path("sent").asInt();
  }

  private JsonNode finished(String uuid) {
    return Eventually.within(
        Duration.ofSeconds(30),
        () -> {
          JsonNode notification = api.get(path("notifications/" + uuid)).entity();
          assertThat(notification.path("state").asText()).isEqualTo("FINISHED");
          return notification;
        });
  }

  private String device(String name, String token) {
    ApiClient.Reply created =
        api.post(
            path("devices"), "{\"name\":\"" + name + "\",\"noop1.notifier.id\":\"" + token + "\"}");
    assertThat(created.status()).as(created.body()).isEqualTo(200);
    return created.entity().path("uuid").asText();
  }

  /** No notification was ever written (a collection never written to lists as empty). */
  private void assertNoNotifications() {
    ApiClient.Reply listed = api.get(path("notifications"));
    assertThat(listed.status()).as(listed.body()).isEqualTo(200);
    assertThat(listed.json().path("entities")).isEmpty();
  }

  private static String payload() {
    return "{\"payloads\":{\"noop1\":\"hello\"}}";
  }

  private static void assertBadRequest(ApiClient.Reply reply) {
    assertThat(reply.status()).as(reply.body()).isEqualTo(400);
    assertThat(reply.json().path("error_description").asText()).isNotBlank();
    assertThat(reply.body()).doesNotContain("io.meridian").doesNotContain("Exception:");
  }
}
