package io.meridian.core.identity.token;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.identity.PrincipalKind;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Self-contained, signed access tokens: any node verifies one with the cluster's key and no
 * storage. Layout (74 bytes, then a 20-byte HMAC-SHA256 prefix over them), base64url without
 * padding: version, kind, subject, scope, generation, issued, expires, random id. The random id and
 * the MAC make tokens unguessable; the MAC is compared in constant time.
 */
public final class TokenCodec {
  private static final byte VERSION = 1;
  private static final int BODY = 1 + 1 + 16 + 16 + 8 + 8 + 8 + 16;
  private static final int MAC_LENGTH = 20;
  private static final int LENGTH = BODY + MAC_LENGTH;

  /** Longer strings are not even decoded. */
  private static final int MAX_TEXT = 200;

  private static final UUID NONE = new UUID(0, 0);

  private final ThreadLocal<Mac> macs;

  public TokenCodec(byte[] key) {
    SecretKeySpec spec = new SecretKeySpec(key.clone(), "HmacSHA256");
    this.macs =
        ThreadLocal.withInitial(
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
    buffer.put(VERSION).put((byte) token.kind().code());
    putUuid(buffer, token.subject());
    putUuid(buffer, token.scope() == null ? NONE : token.scope());
    buffer.putLong(token.generation()).putLong(token.issuedMillis()).putLong(token.expiresMillis());
    putUuid(buffer, token.id());
    byte[] bytes = buffer.array();
    System.arraycopy(mac(bytes), 0, bytes, BODY, MAC_LENGTH);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  /**
   * The token's claims if the text is a token this cluster signed; 401 {@code bad_access_token} for
   * anything else, without saying what was wrong. Expiry is the caller's to check.
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
    if (bytes.length != LENGTH || bytes[0] != VERSION) {
      throw invalid();
    }
    byte[] expected = mac(bytes);
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

  /** HMAC-SHA256 of the body bytes, keyed with the cluster's token key. */
  public byte[] sign(byte[] message, int length) {
    Mac mac = macs.get();
    mac.update(message, 0, length);
    return mac.doFinal();
  }

  private byte[] mac(byte[] bytes) {
    return sign(bytes, BODY);
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
