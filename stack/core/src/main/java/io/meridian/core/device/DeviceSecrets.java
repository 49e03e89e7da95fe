package io.meridian.core.device;

import io.meridian.core.identity.token.TokenCodec;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.Optional;
import java.util.UUID;
import java.util.function.ToLongFunction;

/**
 * Per-device secrets, derived and never stored: the HMAC-SHA256, under the cluster's original key
 * ({@link TokenCodec#sign}, as client secrets), of a label, the application, its token generation
 * and the device's id, in base64url. Regenerating the application's client credentials raises its
 * generation and so changes every device secret: whoever held the old client secret could read
 * them.
 */
public final class DeviceSecrets {
  private static final byte[] LABEL = "meridian device secret\0".getBytes(StandardCharsets.UTF_8);

  private final TokenCodec codec;
  private final ToLongFunction<UUID> generations;
  private final EdgeSettingsService settings;

  /**
   * @param generations an application's token generation ({@code TokenService::generation})
   */
  public DeviceSecrets(
      TokenCodec codec, ToLongFunction<UUID> generations, EdgeSettingsService settings) {
    this.codec = codec;
    this.generations = generations;
    this.settings = settings;
  }

  /** The device's secret in the application. */
  public String secret(UUID app, String device) {
    byte[] id = device.getBytes(StandardCharsets.UTF_8);
    ByteBuffer message = ByteBuffer.allocate(LABEL.length + 16 + 8 + id.length);
    message.put(LABEL);
    message.putLong(app.getMostSignificantBits()).putLong(app.getLeastSignificantBits());
    message.putLong(generations.applyAsLong(app));
    message.put(id);
    byte[] mac = codec.sign(message.array(), message.capacity());
    return Base64.getUrlEncoder().withoutPadding().encodeToString(mac);
  }

  /** Whether {@code presented} is the device's secret, in constant time with respect to it. */
  public boolean verify(UUID app, String device, String presented) {
    if (presented == null) {
      return false;
    }
    return MessageDigest.isEqual(
        secret(app, device).getBytes(StandardCharsets.UTF_8),
        presented.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * What the device proves by what it presented at attach, or empty if it may not attach: its own
   * secret is {@link DeviceCredential#DEVICE_SECRET}; nothing is {@link DeviceCredential#APP_KEY}
   * where the application allows open attachment; a wrong secret is refused whatever the setting (a
   * device with a stale secret learns it at once). Transports call this before they attach a
   * device.
   */
  public Optional<DeviceCredential> credential(UUID app, String device, String presentedSecret) {
    if (presentedSecret != null) {
      return verify(app, device, presentedSecret)
          ? Optional.of(DeviceCredential.DEVICE_SECRET)
          : Optional.empty();
    }
    return settings.settings(app).deviceSecretRequired()
        ? Optional.empty()
        : Optional.of(DeviceCredential.APP_KEY);
  }
}
