package io.meridian.core.secret;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HexFormat;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The operator's key-encryption keys (KEKs): the current one wraps secrets at rest with
 * AES-256-GCM, the previous one (during a rotation) only unwraps them. A wrapped value is a 12-byte
 * random nonce followed by the ciphertext and its 16-byte tag; the secret's name is the associated
 * data, so a wrapped value copied to another name does not unwrap. Each key is known by an id, the
 * first 8 bytes of a SHA-256 over a fixed label and the key, stored beside the wrapped value: it
 * says which key to unwrap with and reveals nothing of the key.
 */
public final class KeyEncryption {
  public static final int KEY_LENGTH = 32;
  private static final int NONCE_LENGTH = 12;
  private static final int TAG_BITS = 128;

  private static final KeyEncryption NONE = new KeyEncryption(null, null);

  private final Key current;
  private final Key previous;
  private final SecureRandom random = new SecureRandom();

  private record Key(String id, SecretKeySpec spec) {}

  private KeyEncryption(Key current, Key previous) {
    this.current = current;
    this.previous = previous;
  }

  /** Secrets stay in plain text; a wrapped secret cannot be read. */
  public static KeyEncryption none() {
    return NONE;
  }

  /**
   * @param current the key that wraps, 32 bytes
   * @param previous the key being rotated away from, 32 bytes, or null
   */
  public static KeyEncryption of(byte[] current, byte[] previous) {
    if (current == null) {
      if (previous != null) {
        throw new IllegalArgumentException(
            "A previous key-encryption key needs a current one to re-wrap the secrets with");
      }
      return NONE;
    }
    Key currentKey = key(current);
    Key previousKey = previous == null ? null : key(previous);
    if (previousKey != null && previousKey.id().equals(currentKey.id())) {
      previousKey = null;
    }
    return new KeyEncryption(currentKey, previousKey);
  }

  /** Whether secrets are to be wrapped at all. */
  public boolean enabled() {
    return current != null;
  }

  /** The id of the key that wraps now, or null when none is configured. */
  public String currentId() {
    return current == null ? null : current.id();
  }

  /** A secret's value wrapped under the current key. */
  public byte[] wrap(String name, byte[] secret) {
    if (current == null) {
      throw new IllegalStateException("No key-encryption key is configured");
    }
    byte[] nonce = new byte[NONCE_LENGTH];
    random.nextBytes(nonce);
    byte[] sealed = cipher(Cipher.ENCRYPT_MODE, current, name, nonce, secret, 0, secret.length);
    byte[] wrapped = Arrays.copyOf(nonce, NONCE_LENGTH + sealed.length);
    System.arraycopy(sealed, 0, wrapped, NONCE_LENGTH, sealed.length);
    return wrapped;
  }

  /**
   * The secret a wrapped value holds.
   *
   * @param keyId the id stored beside the value
   * @throws IllegalStateException if no configured key has that id, or the value does not unwrap
   *     under it (altered, or copied from another name)
   */
  public byte[] unwrap(String name, String keyId, byte[] wrapped) {
    Key key = byId(keyId);
    if (key == null) {
      throw new IllegalStateException(
          "Secret '"
              + name
              + "' is encrypted with the key-encryption key "
              + keyId
              + ", which is neither the configured key ("
              + (current == null ? "none" : current.id())
              + ") nor the previous one ("
              + (previous == null ? "none" : previous.id())
              + "); configure that key as meridian.secrets.previous-key-encryption-key");
    }
    if (wrapped.length <= NONCE_LENGTH) {
      throw new IllegalStateException("Secret '" + name + "' is not a wrapped value");
    }
    byte[] nonce = Arrays.copyOf(wrapped, NONCE_LENGTH);
    return cipher(
        Cipher.DECRYPT_MODE,
        key,
        name,
        nonce,
        wrapped,
        NONCE_LENGTH,
        wrapped.length - NONCE_LENGTH);
  }

  private Key byId(String keyId) {
    if (current != null && current.id().equals(keyId)) {
      return current;
    }
    if (previous != null && previous.id().equals(keyId)) {
      return previous;
    }
    return null;
  }

  private static byte[] cipher(
      int mode, Key key, String name, byte[] nonce, byte[] input, int offset, int length) {
    try {
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(mode, key.spec(), new GCMParameterSpec(TAG_BITS, nonce));
      cipher.updateAAD(name.getBytes(StandardCharsets.UTF_8));
      return cipher.doFinal(input, offset, length);
    } catch (AEADBadTagException e) {
      throw new IllegalStateException(
          "Secret '" + name + "' does not decrypt with key-encryption key " + key.id(), e);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("AES-GCM is part of every JDK", e);
    }
  }

  private static Key key(byte[] bytes) {
    if (bytes.length != KEY_LENGTH) {
      throw new IllegalArgumentException(
          "A key-encryption key is " + KEY_LENGTH + " bytes, this one is " + bytes.length);
    }
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update("meridian key-encryption key id\0".getBytes(StandardCharsets.UTF_8));
      String id = HexFormat.of().formatHex(Arrays.copyOf(sha.digest(bytes), 8));
      return new Key(id, new SecretKeySpec(bytes.clone(), "AES"));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }
}
