package io.meridian.core.device;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import com.github.benmanes.caffeine.cache.Ticker;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import io.meridian.core.secret.KeyEncryption;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.UUID;

/**
 * Applications' edge settings and their webhooks' signing keys. A key is 32 random bytes made when
 * a webhook is first set (or on request), stored sealed with AES-256-GCM under the cluster's edge
 * data key (a secret of the {@link io.meridian.core.secret.SecretStore}, itself wrapped under the
 * operator's key-encryption key when one is set) with the application as associated data; it is
 * handed out once, in the answer to the update that made it.
 *
 * <p>Each node caches what it read for {@code cacheFor}: a change made on another node applies here
 * within that time, one made here at once.
 */
public final class EdgeSettingsService {
  static final int KEY_BYTES = 32;

  /** An application's settings and its webhook's key in clear (null without a webhook). */
  public record Current(EdgeSettings settings, byte[] webhookKey) {}

  /**
   * The settings after an update, with the webhook key the update made (null when it made none):
   * the only time a key is shown.
   */
  public record Updated(EdgeSettings settings, byte[] newWebhookKey) {}

  private final EdgeSettingsStore store;
  private final KeyEncryption sealing;
  private final SecureRandom random = new SecureRandom();
  private final LoadingCache<UUID, Current> cache;

  public EdgeSettingsService(
      EdgeSettingsStore store, byte[] dataKey, Duration cacheFor, Ticker ticker) {
    this.store = store;
    this.sealing = KeyEncryption.of(dataKey, null);
    this.cache =
        Caffeine.newBuilder()
            .maximumSize(100_000)
            .expireAfterWrite(cacheFor)
            .ticker(ticker)
            .build(this::read);
  }

  public EdgeSettings settings(UUID app) {
    return cache.get(app).settings();
  }

  /** The application's webhook signing key, or null when it has no webhook. */
  public byte[] webhookKey(UUID app) {
    return cache.get(app).webhookKey();
  }

  public Current current(UUID app) {
    return cache.get(app);
  }

  /**
   * Applies a client's update ({@link EdgeSettings#updatedBy}): a webhook set where there was none,
   * or {@code "regenerate_webhook_key": true}, makes a new key; removing the webhook drops its key.
   * Nothing is stored when the update is refused.
   */
  public Updated update(UUID app, JsonNode update) {
    Current current = read(app);
    EdgeSettings next = current.settings().updatedBy(update);
    boolean regenerate = EdgeSettings.regeneratesKey(update);
    if (regenerate && next.webhookUrl() == null) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "'" + EdgeSettings.REGENERATE_WEBHOOK_KEY + "' needs a webhook_url");
    }
    byte[] key = next.webhookUrl() == null ? null : current.webhookKey();
    byte[] fresh = null;
    if (next.webhookUrl() != null && (key == null || regenerate)) {
      fresh = new byte[KEY_BYTES];
      random.nextBytes(fresh);
      key = fresh;
    }
    store.save(
        app,
        new EdgeSettingsStore.Stored(
            Json.write(next.toJson()), key == null ? null : sealing.wrap(name(app), key)));
    cache.invalidate(app);
    return new Updated(next, fresh);
  }

  private Current read(UUID app) {
    EdgeSettingsStore.Stored stored = store.load(app);
    if (stored == null) {
      return new Current(EdgeSettings.DEFAULTS, null);
    }
    byte[] key =
        stored.webhookKey() == null
            ? null
            : sealing.unwrap(name(app), sealing.currentId(), stored.webhookKey());
    return new Current(EdgeSettings.fromStored(stored.settings()), key);
  }

  private static String name(UUID app) {
    return "edge-webhook/" + app;
  }
}
