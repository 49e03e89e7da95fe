package io.meridian.core.device;

import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import io.meridian.core.device.DeviceKeyStore.DeviceKey;
import io.meridian.core.identity.token.AccessEvent;
import io.meridian.core.identity.token.AccessFeed;
import io.meridian.core.identity.token.TokenCodec;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.ToLongFunction;

/**
 * Per-device secrets, derived and never stored: the HMAC-SHA256, under the cluster's original key
 * ({@link TokenCodec#sign}, as client secrets), of a label, the application, its token generation,
 * the device's id and the device's own generation, in base64url. Regenerating the application's
 * client credentials raises its generation and so changes every device secret: whoever held the old
 * client secret could read them. Rotating one device's secret raises that device's generation;
 * revoking it refuses the device whatever it presents until its secret is rotated again.
 *
 * <p>What was rotated or revoked is stored per application ({@link DeviceKeyStore}) and cached
 * whole on every node; a change is published on the {@link AccessFeed} ({@link
 * AccessEvent.Kind#DEVICE_KEYS}), which makes every node read the application's rows again within
 * the feed's bound and then tells the {@link #onChange listeners} (which detach the devices whose
 * attachment no longer holds).
 */
public final class DeviceSecrets {
  private static final byte[] LABEL = "meridian device secret\0".getBytes(StandardCharsets.UTF_8);

  /** What a device proved at attach, and under which generation of its secret. */
  public record Proof(DeviceCredential credential, long generation) {}

  /**
   * A device's secret as an administrator sees it.
   *
   * @param secret the secret to install, or null when it is revoked
   */
  public record Current(String device, String secret, long generation, boolean revoked) {}

  private final TokenCodec codec;
  private final ToLongFunction<UUID> generations;
  private final EdgeSettingsService settings;
  private final DeviceKeyStore keys;
  private final AccessFeed feed;
  private final LoadingCache<UUID, Map<String, DeviceKey>> cache;
  private final List<Consumer<UUID>> listeners = new CopyOnWriteArrayList<>();

  /**
   * @param generations an application's token generation ({@code TokenService::generation})
   */
  public DeviceSecrets(
      TokenCodec codec,
      ToLongFunction<UUID> generations,
      EdgeSettingsService settings,
      DeviceKeyStore keys,
      AccessFeed feed) {
    this.codec = codec;
    this.generations = generations;
    this.settings = settings;
    this.keys = keys;
    this.feed = feed;
    this.cache = Caffeine.newBuilder().maximumSize(100_000).build(keys::load);
    feed.subscribe(
        event -> {
          if (event.kind() == AccessEvent.Kind.DEVICE_KEYS) {
            cache.invalidate(event.target());
            listeners.forEach(listener -> listener.accept(event.target()));
          }
        });
  }

  /**
   * Calls {@code listener} with an application each time a device secret of it changed, on this
   * node or another, after this node reads the new state.
   */
  public void onChange(Consumer<UUID> listener) {
    listeners.add(listener);
  }

  /** The device's secret in the application, or null while it is revoked. */
  public String secret(UUID app, String device) {
    DeviceKey key = key(app, device);
    return key.revoked() ? null : derive(app, device, key.generation());
  }

  /** The device's secret and its state. */
  public Current current(UUID app, String device) {
    DeviceKey key = key(app, device);
    return current(app, device, key);
  }

  /**
   * Gives the device a new secret: the old one is refused from now on here and within the access
   * feed's bound on every node, where a device attached with it is detached. A revoked device is
   * restored with the new secret.
   */
  public Current rotate(UUID app, String device) {
    DeviceKey next = new DeviceKey(fresh(app, device).generation() + 1, false);
    return change(app, device, next);
  }

  /**
   * Refuses the device whatever it presents (its secret, or the key alone under open attachment)
   * until its secret is rotated; a device attached anywhere is detached.
   */
  public Current revoke(UUID app, String device) {
    DeviceKey next = new DeviceKey(fresh(app, device).generation(), true);
    return change(app, device, next);
  }

  /**
   * Whether {@code presented} is the device's current secret, in constant time with respect to it.
   */
  public boolean verify(UUID app, String device, String presented) {
    String secret = secret(app, device);
    if (presented == null || secret == null) {
      return false;
    }
    return MessageDigest.isEqual(
        secret.getBytes(StandardCharsets.UTF_8), presented.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * What the device proves by what it presented at attach, or empty if it may not attach: its own
   * secret is {@link DeviceCredential#DEVICE_SECRET}; nothing is {@link DeviceCredential#APP_KEY}
   * where the application allows open attachment; a wrong secret is refused whatever the setting (a
   * device with a stale secret learns it at once), and so is a revoked device. While this node
   * cannot confirm it has seen every rotation and revocation (the access feed is stale and cannot
   * catch up), it refuses with 503 rather than trust its cache. Transports call this before they
   * attach a device.
   */
  public Optional<Proof> credential(UUID app, String device, String presentedSecret) {
    feed.requireFresh(); // a node that may have missed a revocation admits no one (503)
    DeviceKey key = key(app, device);
    if (key.revoked()) {
      return Optional.empty();
    }
    if (presentedSecret != null) {
      return verify(app, device, presentedSecret)
          ? Optional.of(new Proof(DeviceCredential.DEVICE_SECRET, key.generation()))
          : Optional.empty();
    }
    return settings.settings(app).deviceSecretRequired()
        ? Optional.empty()
        : Optional.of(new Proof(DeviceCredential.APP_KEY, key.generation()));
  }

  /**
   * Whether an attached session still holds as this node knows the device's secret now: not once
   * the device was revoked, nor once the secret it attached with was rotated (a session attached
   * with the key alone is not affected by a rotation).
   */
  public boolean holds(DeviceSession session) {
    DeviceKey key = key(session.app(), session.device());
    if (key.revoked()) {
      return false;
    }
    return session.credential() != DeviceCredential.DEVICE_SECRET
        || session.secretGeneration() == key.generation();
  }

  private Current change(UUID app, String device, DeviceKey next) {
    keys.save(app, device, next);
    feed.publish(new AccessEvent(AccessEvent.Kind.DEVICE_KEYS, app));
    return current(app, device, next);
  }

  private Current current(UUID app, String device, DeviceKey key) {
    return new Current(
        device,
        key.revoked() ? null : derive(app, device, key.generation()),
        key.generation(),
        key.revoked());
  }

  private DeviceKey key(UUID app, String device) {
    return cache.get(app).getOrDefault(device, DeviceKey.ORIGINAL);
  }

  /** The stored state, read now: a change starts from what another node may just have written. */
  private DeviceKey fresh(UUID app, String device) {
    return keys.load(app).getOrDefault(device, DeviceKey.ORIGINAL);
  }

  /**
   * Generation 0 leaves the device's generation out of the message, so secrets derived before
   * devices had generations stay valid; device ids hold no NUL, so the two shapes never meet.
   */
  private String derive(UUID app, String device, long generation) {
    byte[] id = device.getBytes(StandardCharsets.UTF_8);
    int length = LABEL.length + 16 + 8 + id.length + (generation == 0 ? 0 : 9);
    ByteBuffer message = ByteBuffer.allocate(length);
    message.put(LABEL);
    message.putLong(app.getMostSignificantBits()).putLong(app.getLeastSignificantBits());
    message.putLong(generations.applyAsLong(app));
    message.put(id);
    if (generation != 0) {
      message.put((byte) 0).putLong(generation);
    }
    byte[] mac = codec.sign(message.array(), message.capacity());
    return Base64.getUrlEncoder().withoutPadding().encodeToString(mac);
  }
}
