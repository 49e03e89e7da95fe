package io.meridian.rest.edge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.AppAccess;
import io.meridian.rest.support.Eventually;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.MeridianIT;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Threats: a caller who is not the application's administrator reads where its devices' events go
 * (the webhook), redirects them, turns device secrets off, or reads a device's secret and so
 * impersonates the device; the webhook's signing key leaks after it was shown; bad settings are
 * half applied. Settings and secrets are for application administrators (its client credentials,
 * its organization's admins), reads included, whatever a permission says.
 */
class EdgeSettingsIT extends MeridianIT {
  private static final String HOOK = "https://hooks.example.com/meridian";

  private AppAccess access;

  @BeforeEach
  void access() {
    access = new AppAccess(api, org, app);
  }

  private String settings() {
    return path("devices/_settings");
  }

  private JsonNode read(ApiClient client) {
    Reply reply = client.get(settings());
    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    return reply.json().path("data");
  }

  private JsonNode change(ApiClient client, String body) {
    Reply reply = client.put(settings(), body);
    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    return reply.json().path("data");
  }

  @Test
  void an_administrator_changes_the_settings_and_sees_the_webhook_key_once() {
    JsonNode defaults = read(api);
    JsonNode hooked = change(api, "{\"webhook_url\":\"" + HOOK + "\"}");
    JsonNode readBack = read(api);
    JsonNode opened = change(api, "{\"device_secret_required\":false}");
    JsonNode regenerated = change(api, "{\"regenerate_webhook_key\":true}");
    JsonNode byOrganizationAdmin = read(api.withToken(organization.adminToken()));

    assertThat(defaults.path("device_secret_required").asBoolean()).isTrue();
    assertThat(defaults.path("webhook_url").isNull()).isTrue();
    assertThat(Base64.getDecoder().decode(hooked.path("webhook_key").asText())).hasSize(32);
    assertThat(hooked.path("webhook_url").asText()).isEqualTo(HOOK);
    assertThat(readBack.has("webhook_key")).isFalse();
    assertThat(readBack.path("webhook_url").asText()).isEqualTo(HOOK);
    assertThat(opened.has("webhook_key")).isFalse();
    assertThat(opened.path("device_secret_required").asBoolean()).isFalse();
    assertThat(regenerated.path("webhook_key").asText())
        .hasSize(44)
        .isNotEqualTo(hooked.path("webhook_key").asText());
    assertThat(byOrganizationAdmin.path("device_secret_required").asBoolean()).isFalse();
    assertThat(byOrganizationAdmin.toString()).doesNotContain("webhook_key");
  }

  @Test
  void a_user_with_every_permission_may_neither_read_nor_change_settings_nor_read_secrets() {
    change(api, "{\"webhook_url\":\"" + HOOK + "\"}");
    String before = secret(api, "sensor-1");
    access.user("fred");
    access.grant("users/fred", "get,put,post,delete:/devices/**");
    ApiClient fred = access.signIn("fred");
    assertThat(fred.get(path("devices")).status()).isEqualTo(200);

    Reply read = fred.get(settings());
    Reply changed = fred.put(settings(), "{\"webhook_url\":\"https://attacker.example/x\"}");
    Reply turnedOff = fred.put(settings(), "{\"device_secret_required\":false}");
    Reply secret = fred.get(path("devices/sensor-1/secret"));
    Reply rotated = fred.post(path("devices/sensor-1/secret"), "");
    Reply revoked = fred.delete(path("devices/sensor-1/secret"));
    Reply guestRotated = api.anonymous().post(path("devices/sensor-1/secret"), "");
    Reply guestRead = api.anonymous().get(settings());
    Reply guestSecret = api.anonymous().get(path("devices/sensor-1/secret"));

    assertThat(read.status()).as(read.body()).isEqualTo(403);
    assertThat(changed.status()).as(changed.body()).isEqualTo(403);
    assertThat(turnedOff.status()).as(turnedOff.body()).isEqualTo(403);
    assertThat(secret.status()).as(secret.body()).isEqualTo(403);
    assertThat(rotated.status()).as(rotated.body()).isEqualTo(403);
    assertThat(revoked.status()).as(revoked.body()).isEqualTo(403);
    assertThat(guestRotated.status()).as(guestRotated.body()).isIn(401, 403);
    assertThat(guestRead.status()).as(guestRead.body()).isIn(401, 403);
    assertThat(guestSecret.status()).as(guestSecret.body()).isIn(401, 403);
    for (Reply refused :
        List.of(
            read,
            changed,
            turnedOff,
            secret,
            rotated,
            revoked,
            guestRotated,
            guestRead,
            guestSecret)) {
      assertThat(refused.body()).doesNotContain(HOOK).doesNotContain("\"secret\"");
    }
    assertThat(read(api).path("webhook_url").asText()).isEqualTo(HOOK);
    assertThat(secret(api, "sensor-1")).isEqualTo(before);
  }

  @Test
  void another_organizations_admin_reaches_neither_settings_nor_secrets() {
    Identities.Organization other = Identities.organization(api.anonymous(), org + "x");
    ApiClient stranger = api.withToken(other.adminToken());

    Reply read = stranger.get(settings());
    Reply changed = stranger.put(settings(), "{\"device_secret_required\":false}");
    Reply secret = stranger.get(path("devices/sensor-1/secret"));

    assertThat(read.status()).as(read.body()).isIn(403, 404);
    assertThat(changed.status()).as(changed.body()).isIn(403, 404);
    assertThat(secret.status()).as(secret.body()).isIn(403, 404);
    assertThat(read(api).path("device_secret_required").asBoolean()).isTrue();
  }

  @Test
  void bad_settings_are_a_400_and_change_nothing() {
    change(api, "{\"device_secret_required\":true,\"webhook_url\":\"" + HOOK + "\"}");
    List<String> bad =
        List.of(
            "{\"heartbeat\":60}",
            "{\"device_secret_required\":\"false\"}",
            "{\"device_secret_required\":false,\"webhook_url\":\"ftp://example.com/x\"}",
            "{\"webhook_url\":\"https://user:password@example.com/x\"}",
            "{\"webhook_url\":\"/relative\"}",
            "{\"webhook_url\":\"https://example.com/x#fragment\"}",
            "{\"webhook_url\":\"https://example.com/" + "a".repeat(2_001) + "\"}",
            "{\"webhook_url\":null,\"regenerate_webhook_key\":true}",
            "{\"regenerate_webhook_key\":\"yes\"}",
            "[true]",
            "\"settings\"",
            "{\"device_secret_required\":");

    for (String body : bad) {
      Reply refused = api.put(settings(), body);
      assertThat(refused.status()).as(body + " -> " + refused.body()).isEqualTo(400);
      assertThat(refused.error()).as(body).isIn("illegal_argument", "json_parse");
      assertThat(refused.json().path("error_description").asText()).isNotBlank();
      assertThat(refused.body()).doesNotContain("Exception").doesNotContain("io.meridian");
    }

    JsonNode after = read(api);
    assertThat(after.path("device_secret_required").asBoolean()).isTrue();
    assertThat(after.path("webhook_url").asText()).isEqualTo(HOOK);
  }

  @Test
  void a_devices_secret_is_stable_its_own_and_changes_with_the_applications_credentials() {
    String first = secret(api, "sensor-1");
    String again = secret(api, "sensor-1");
    String other = secret(api, "sensor-2");
    ApiClient admin = api.withToken(organization.adminToken());
    Reply regenerated = admin.post("/management/orgs/" + org + "/apps/" + app + "/credentials", "");
    assertThat(regenerated.status()).as(regenerated.body()).isEqualTo(200);

    assertThat(first).matches("[A-Za-z0-9_-]{43}").isEqualTo(again).isNotEqualTo(other);
    Eventually.within(
        Duration.ofSeconds(5), () -> assertThat(secret(admin, "sensor-1")).isNotEqualTo(first));
  }

  @Test
  void a_device_id_that_cannot_be_one_is_a_400() {
    List<String> bad = List.of("d".repeat(65), "a b", "-leading", "a\u0001b", "caf\u00e9");

    for (String device : bad) {
      Reply refused = api.get(path("devices/" + ApiClient.encode(device) + "/secret"));
      assertThat(refused.status()).as(device + " -> " + refused.body()).isEqualTo(400);
      assertThat(refused.error()).as(device).isEqualTo("illegal_argument");
    }
    assertThat(secret(api, "d".repeat(64))).hasSize(43);
    assertThat(secret(api, "sensor.1_a:b-c")).hasSize(43);
  }

  private String secret(ApiClient client, String device) {
    Reply reply = client.get(path("devices/" + device + "/secret"));
    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    assertThat(reply.json().path("data").path("device").asText()).isEqualTo(device);
    return reply.json().path("data").path("secret").asText();
  }
}
