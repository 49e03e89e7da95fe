package io.meridian.core.identity;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Locale;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The operators' account, from configuration only: there is no built-in password. Disabled when no
 * password hash is configured.
 *
 * <p>Its tokens are bound to its configured credential: their subject, {@link #id()}, is an HMAC of
 * the username and the configured password (or hash) under a cluster secret. Changing either, or
 * disabling the superuser, gives every node a different id (or none), so every earlier superuser
 * token stops working at once, with nothing written anywhere. The id is keyed because it travels in
 * every token in clear: a plain hash of a configured password could be brute-forced offline.
 *
 * @param passwordHash bcrypt hash of the configured password, or null when disabled
 * @param id the subject of its tokens; null when disabled
 */
public record Superuser(String username, String passwordHash, UUID id) {
  public static final Superuser DISABLED = new Superuser("superuser", null, null);

  /**
   * A configured superuser.
   *
   * @param credential what the operator configured: the password, or the hash when only a hash is
   *     configured; the same on every node, unlike a hash computed at start with a random salt
   * @param bindingKey a cluster-wide secret, the same on every node
   */
  public static Superuser configured(
      String username, String passwordHash, String credential, byte[] bindingKey) {
    if (passwordHash == null || credential == null) {
      throw new IllegalArgumentException("A configured superuser needs a password");
    }
    return new Superuser(username, passwordHash, bind(username, credential, bindingKey));
  }

  public boolean enabled() {
    return passwordHash != null;
  }

  public boolean named(String login) {
    return enabled() && login != null && login.equalsIgnoreCase(username);
  }

  /** Whether a superuser token of this subject was issued for the superuser as now configured. */
  public boolean issuedTo(UUID subject) {
    return enabled() && id != null && id.equals(subject);
  }

  private static UUID bind(String username, String credential, byte[] key) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      mac.update("meridian-superuser\0".getBytes(StandardCharsets.UTF_8));
      mac.update(username.toLowerCase(Locale.ROOT).getBytes(StandardCharsets.UTF_8));
      mac.update((byte) 0);
      ByteBuffer digest = ByteBuffer.wrap(mac.doFinal(credential.getBytes(StandardCharsets.UTF_8)));
      // Shaped as a version 8 (custom) UUID so it never collides with a time-based entity id.
      long high = (digest.getLong() & ~0xF000L) | 0x8000L;
      long low = (digest.getLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
      return new UUID(high, low);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is not available", e);
    }
  }

  @Override
  public String toString() {
    return "Superuser[" + username + (enabled() ? "" : ", disabled") + "]";
  }
}
