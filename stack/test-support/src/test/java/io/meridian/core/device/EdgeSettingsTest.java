package io.meridian.core.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.benmanes.caffeine.cache.Ticker;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import io.meridian.testing.device.MemoryEdgeSettingsStore;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class EdgeSettingsTest {
  private static final UUID APP = UUID.randomUUID();
  private static final byte[] DATA_KEY = new byte[32];

  private final MemoryEdgeSettingsStore store = new MemoryEdgeSettingsStore();
  private final AtomicLong nanos = new AtomicLong();
  private final EdgeSettingsService service =
      new EdgeSettingsService(store, DATA_KEY, Duration.ofSeconds(5), nanos::get);

  private static JsonNode json(String text) {
    try {
      return Json.MAPPER.readTree(text);
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
  }

  private static String refusal(EdgeSettings settings, String update) {
    try {
      settings.updatedBy(json(update));
    } catch (MeridianException e) {
      assertThat(e.code()).isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
      return e.description();
    }
    throw new AssertionError("accepted " + update);
  }

  @Test
  void an_update_changes_only_the_members_it_names_and_null_removes_the_webhook() {
    EdgeSettings open = EdgeSettings.DEFAULTS.updatedBy(json("{\"device_secret_required\":false}"));
    EdgeSettings hooked =
        open.updatedBy(json("{\"webhook_url\":\"https://hooks.example.com/in?x=1\"}"));
    EdgeSettings unhooked = hooked.updatedBy(json("{\"webhook_url\":null}"));

    assertThat(EdgeSettings.DEFAULTS).isEqualTo(new EdgeSettings(true, null));
    assertThat(open).isEqualTo(new EdgeSettings(false, null));
    assertThat(hooked)
        .isEqualTo(new EdgeSettings(false, URI.create("https://hooks.example.com/in?x=1")));
    assertThat(unhooked).isEqualTo(new EdgeSettings(false, null));
  }

  @Test
  void refuses_unknown_members_wrong_types_and_anything_but_an_object() {
    EdgeSettings settings = EdgeSettings.DEFAULTS;

    assertThat(refusal(settings, "{\"heartbeat\":60}"))
        .contains("Unknown edge setting 'heartbeat'");
    assertThat(refusal(settings, "{\"device_secret_required\":\"yes\"}")).contains("true or false");
    assertThat(refusal(settings, "{\"webhook_url\":42}")).contains("http or https");
    assertThat(refusal(settings, "{\"regenerate_webhook_key\":1}")).contains("true or false");
    assertThat(refusal(settings, "[]")).contains("JSON object");
    assertThat(refusal(settings, "\"x\"")).contains("JSON object");
  }

  @Test
  void a_webhook_is_an_absolute_http_or_https_url_without_credentials() {
    EdgeSettings settings = EdgeSettings.DEFAULTS;

    assertThat(refusal(settings, "{\"webhook_url\":\"ftp://example.com/x\"}"))
        .contains("http or https");
    assertThat(refusal(settings, "{\"webhook_url\":\"/relative\"}")).contains("http or https");
    assertThat(refusal(settings, "{\"webhook_url\":\"javascript:alert(1)\"}"))
        .contains("http or https");
    assertThat(refusal(settings, "{\"webhook_url\":\"https://user:pw@example.com/\"}"))
        .contains("credentials");
    assertThat(refusal(settings, "{\"webhook_url\":\"https://example.com/#x\"}"))
        .contains("fragment");
    assertThat(refusal(settings, "{\"webhook_url\":\"http://exa mple.com/\"}"))
        .contains("not a URL");
    assertThat(refusal(settings, "{\"webhook_url\":\"https:///path\"}")).contains("host");
    assertThat(
            refusal(
                settings, "{\"webhook_url\":\"https://example.com/" + "a".repeat(2_000) + "\"}"))
        .contains("longer than");
    assertThat(EdgeSettings.webhookUrl("HTTP://Example.com:8443/a").getPort()).isEqualTo(8443);
  }

  @Test
  void setting_a_webhook_makes_a_key_once_stored_sealed_and_regenerated_on_request() {
    EdgeSettingsService.Updated first =
        service.update(APP, json("{\"webhook_url\":\"https://example.com/hook\"}"));
    EdgeSettingsService.Updated unchanged =
        service.update(APP, json("{\"device_secret_required\":true}"));
    EdgeSettingsService.Updated regenerated =
        service.update(APP, json("{\"regenerate_webhook_key\":true}"));

    assertThat(first.newWebhookKey()).hasSize(32);
    assertThat(unchanged.newWebhookKey()).isNull();
    assertThat(regenerated.newWebhookKey()).hasSize(32).isNotEqualTo(first.newWebhookKey());
    assertThat(service.webhookKey(APP)).isEqualTo(regenerated.newWebhookKey());
    assertThat(service.settings(APP))
        .isEqualTo(new EdgeSettings(true, URI.create("https://example.com/hook")));
    byte[] stored = store.rows.get(APP).webhookKey();
    assertThat(new String(stored, StandardCharsets.ISO_8859_1))
        .doesNotContain(new String(regenerated.newWebhookKey(), StandardCharsets.ISO_8859_1));
    assertThat(store.rows.get(APP).settings()).doesNotContain("key");
  }

  @Test
  void removing_the_webhook_drops_its_key_and_a_new_webhook_gets_a_new_one() {
    byte[] first =
        service.update(APP, json("{\"webhook_url\":\"https://example.com/hook\"}")).newWebhookKey();
    service.update(APP, json("{\"webhook_url\":null}"));
    byte[] second =
        service
            .update(APP, json("{\"webhook_url\":\"https://example.com/other\"}"))
            .newWebhookKey();

    assertThat(second).hasSize(32).isNotEqualTo(first);
  }

  @Test
  void a_refused_update_stores_nothing() {
    service.update(APP, json("{\"device_secret_required\":true}"));
    int saves = store.saves.get();

    assertThatThrownBy(
            () ->
                service.update(
                    APP, json("{\"device_secret_required\":false,\"webhook_url\":\"ftp://x\"}")))
        .isInstanceOf(MeridianException.class);
    assertThatThrownBy(() -> service.update(APP, json("{\"regenerate_webhook_key\":true}")))
        .isInstanceOf(MeridianException.class)
        .hasMessageContaining("needs a webhook_url");

    assertThat(store.saves.get()).isEqualTo(saves);
    assertThat(service.settings(APP).deviceSecretRequired()).isTrue();
  }

  @Test
  void settings_are_read_once_per_cache_period_and_a_change_here_applies_at_once() {
    UUID other = UUID.randomUUID();
    service.settings(other);
    service.settings(other);
    int afterTwoReads = store.loads.get();
    store.rows.put(
        other,
        new EdgeSettingsStore.Stored(
            "{\"device_secret_required\":false,\"webhook_url\":null}", null));

    boolean cached = service.settings(other).deviceSecretRequired();
    nanos.addAndGet(Duration.ofSeconds(6).toNanos());
    boolean reread = service.settings(other).deviceSecretRequired();

    assertThat(afterTwoReads).isEqualTo(1);
    assertThat(cached).isTrue();
    assertThat(reread).isFalse();
  }

  @Test
  void a_key_sealed_for_one_application_does_not_open_for_another() {
    service.update(APP, json("{\"webhook_url\":\"https://example.com/hook\"}"));
    UUID other = UUID.randomUUID();
    store.rows.put(other, store.rows.get(APP));
    EdgeSettingsService fresh =
        new EdgeSettingsService(store, DATA_KEY, Duration.ofSeconds(5), Ticker.systemTicker());

    assertThatThrownBy(() -> fresh.webhookKey(other)).isInstanceOf(IllegalStateException.class);
  }
}
