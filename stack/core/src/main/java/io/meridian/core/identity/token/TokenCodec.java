package io.meridian.core.identity.token;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.identity.PrincipalKind;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Self-contained, signed access tokens: any node verifies one with the cluster's keys and no
 * storage. Layout (74 bytes, then a 20-byte HMAC-SHA256 prefix over them), base64url without
 * padding: signing key id, kind, subject, scope, generation, issued, expires, random id. The random
 * id and the MAC make tokens unguessable; the MAC is compared in constant time.
 *
 * <p>Signing keys rotate without invalidating every token at once: new tokens are signed with the
 * current key and name it in their first byte (key 1 is the cluster's original key, so every token
 * issued before rotation existed names it already); tokens naming another accepted key still
 * verify, and tokens naming a retired key do not. {@link #sign} (which derives client secrets)
 * always uses the original key, so rotating token keys leaves client credentials as they are.
 */
public final class TokenCodec {
  /** The id of the cluster's original key, which every token issued before rotation names. */
  public static final int ORIGINAL_KEY = 1;

  /** Key ids are one byte of the token, and 0 never names a key. */
  public static final int MAX_KEY_ID = 127;

  private static final int BODY = 1 + 1 + 16 + 16 + 8 + 8 + 8 + 16;
  private static final int MAC_LENGTH = 20;
  private static final int LENGTH = BODY + MAC_LENGTH;

  /** Longer strings are not even decoded. */
  private static final int MAX_TEXT = 200;

  private static final UUID NONE = new UUID(0, 0);

  private final ThreadLocal<Mac> original;

  /** Verifying MACs by key id; null where the id names no accepted key. */
  private final List<ThreadLocal<Mac>> verifiers;

  private final byte current;

  /** One key, the original, signing and verifying every token. */
  public TokenCodec(byte[] key) {
    this(key, Map.of(ORIGINAL_KEY, key), ORIGINAL_KEY);
  }

  /**
   * @param original the cluster's original key, which derives client secrets ({@link #sign})
   * @param accepted the keys tokens may be signed with, by id (1 to {@link #MAX_KEY_ID}; 1 is the
   *     original key's id, absent once it is retired for tokens)
   * @param current the id of the key new tokens are signed with; one of {@code accepted}
   */
  public TokenCodec(byte[] original, Map<Integer, byte[]> accepted, int current) {
    if (!accepted.containsKey(current)) {
      throw new IllegalArgumentException(
          "The current token signing key " + current + " must be among the accepted keys");
    }
    List<ThreadLocal<Mac>> byId = new ArrayList<>(Collections.nCopies(MAX_KEY_ID + 1, null));
    accepted.forEach(
        (id, key) -> {
          if (id < 1 || id > MAX_KEY_ID) {
            throw new IllegalArgumentException(
                "A token signing key id is 1 to " + MAX_KEY_ID + ", got " + id);
          }
          byId.set(id, macs(key));
        });
    this.original = macs(original);
    this.verifiers = byId;
    this.current = (byte) current;
  }

  private static ThreadLocal<Mac> macs(byte[] key) {
    SecretKeySpec spec = new SecretKeySpec(key.clone(), "HmacSHA256");
    return ThreadLocal.withInitial(
        () -> {
          try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(spec);
            return mac;
          } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is unavailable", e);
          }
        });
  }

  public String encode(AccessToken token) {
    ByteBuffer buffer = ByteBuffer.allocate(LENGTH);
    buffer.put(current).put((byte) token.kind().code());
    putUuid(buffer, token.subject());
    putUuid(buffer, token.scope() == null ? NONE : token.scope());
    buffer.putLong(token.generation()).putLong(token.issuedMillis()).putLong(token.expiresMillis());
    putUuid(buffer, token.id());
    byte[] bytes = buffer.array();
    System.arraycopy(mac(verifiers.get(current), bytes), 0, bytes, BODY, MAC_LENGTH);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  /**
   * The token's claims if the text is a token this cluster signed; 401 {@code
   * auth_bad_access_token} for anything else, without saying what was wrong. Expiry is the caller's
   * to check.
   */
  public AccessToken decode(String text) {
    if (text == null || text.isEmpty() || text.length() > MAX_TEXT) {
      throw invalid();
    }
    byte[] bytes;
    try {
      bytes = Base64.getUrlDecoder().decode(text);
    } catch (IllegalArgumentException e) {
      throw invalid();
    }
    if (bytes.length != LENGTH || bytes[0] < 1) {
      throw invalid();
    }
    ThreadLocal<Mac> key = verifiers.get(bytes[0]);
    if (key == null) {
      throw invalid(); // signed with a key this node does not know, or one that was retired
    }
    byte[] expected = mac(key, bytes);
    byte[] given = new byte[MAC_LENGTH];
    System.arraycopy(bytes, BODY, given, 0, MAC_LENGTH);
    byte[] truncated = new byte[MAC_LENGTH];
    System.arraycopy(expected, 0, truncated, 0, MAC_LENGTH);
    if (!MessageDigest.isEqual(truncated, given)) {
      throw invalid();
    }
    ByteBuffer buffer = ByteBuffer.wrap(bytes, 1, BODY - 1);
    PrincipalKind kind = PrincipalKind.ofCode(buffer.get());
    if (kind == null || kind == PrincipalKind.GUEST) {
      throw invalid();
    }
    UUID subject = getUuid(buffer);
    UUID scope = getUuid(buffer);
    long generation = buffer.getLong();
    long issued = buffer.getLong();
    long expires = buffer.getLong();
    UUID id = getUuid(buffer);
    return new AccessToken(
        kind, subject, NONE.equals(scope) ? null : scope, generation, issued, expires, id);
  }

  /** HMAC-SHA256 of the message, keyed with the cluster's original key, whatever the rotation. */
  public byte[] sign(byte[] message, int length) {
    return mac(original, message, length);
  }

  private static byte[] mac(ThreadLocal<Mac> key, byte[] bytes) {
    return mac(key, bytes, BODY);
  }

  private static byte[] mac(ThreadLocal<Mac> key, byte[] message, int length) {
    Mac mac = key.get();
    mac.update(message, 0, length);
    return mac.doFinal();
  }

  private static void putUuid(ByteBuffer buffer, UUID uuid) {
    buffer.putLong(uuid.getMostSignificantBits()).putLong(uuid.getLeastSignificantBits());
  }

  private static UUID getUuid(ByteBuffer buffer) {
    return new UUID(buffer.getLong(), buffer.getLong());
  }

  static MeridianException invalid() {
    return new MeridianException(ErrorCode.BAD_ACCESS_TOKEN, "The access token is not valid");
  }
}
