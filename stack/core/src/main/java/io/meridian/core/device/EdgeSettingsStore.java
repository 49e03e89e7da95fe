package io.meridian.core.device;

import java.util.UUID;

/** Where applications' edge settings are kept ({@code edge_settings}). */
public interface EdgeSettingsStore {
  /**
   * An application's row.
   *
   * @param settings the settings as JSON text
   * @param webhookKey the webhook's signing key, wrapped ({@link EdgeSettingsService}); null when
   *     there is none
   */
  record Stored(String settings, byte[] webhookKey) {}

  /** The application's row, or null when it never had settings. */
  Stored load(UUID app);

  void save(UUID app, Stored stored);
}
