package io.meridian.core.identity.token;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.identity.Principal;
import io.meridian.core.identity.PrincipalKind;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.UUID;

/**
 * Client credentials of applications and organizations, as Usergrid shapes them: the id is a prefix
 * ({@code YXA6} for an application, {@code b3U6} for an organization) and the owner's uuid; the
 * secret is an HMAC of the owner and its token generation under the cluster key.
 *
 * <p>So no secret is stored anywhere: it is derived when shown or checked, and regenerating one
 * raises the owner's generation, which also revokes every token the old secret obtained.
 */
public final class ClientCredentials {
  static final String APPLICATION_PREFIX = "YXA6";
  static final String ORGANIZATION_PREFIX = "b3U6";
  private static final int SECRET_BYTES = 20;

  private final TokenCodec codec;
  private final TokenService tokens;

  public ClientCredentials(TokenCodec codec, TokenService tokens) {
    this.codec = codec;
    this.tokens = tokens;
  }

  public record Pair(String clientId, String clientSecret) {}

  /** The owner's current credentials. */
  public Pair current(PrincipalKind kind, UUID owner) {
    return new Pair(clientId(kind, owner), secret(kind, owner, tokens.generation(owner)));
  }

  /** New credentials: the old secret and every token it obtained stop working on every node. */
  public void regenerate(UUID owner) {
    tokens.revokeAll(owner);
  }

  /**
   * The application or organization these credentials belong to; 401 {@code unauthorized} for
   * anything else, in constant time with respect to the secret.
   */
  public Principal authenticate(String clientId, String clientSecret) {
    Owner owner = parse(clientId);
    if (owner == null || clientSecret == null) {
      throw rejected();
    }
    String expected = secret(owner.kind(), owner.id(), tokens.generation(owner.id()));
    if (!MessageDigest.isEqual(
        expected.getBytes(StandardCharsets.UTF_8), clientSecret.getBytes(StandardCharsets.UTF_8))) {
      throw rejected();
    }
    return new Principal(owner.kind(), owner.id(), owner.id(), null);
  }

  /** The owner a client id names, or null when it is not a client id. */
  public static Owner parse(String clientId) {
    if (clientId == null || clientId.length() != 4 + 22) {
      return null;
    }
    PrincipalKind kind;
    if (clientId.startsWith(APPLICATION_PREFIX)) {
      kind = PrincipalKind.APPLICATION;
    } else if (clientId.startsWith(ORGANIZATION_PREFIX)) {
      kind = PrincipalKind.ORGANIZATION;
    } else {
      return null;
    }
    try {
      ByteBuffer bytes = ByteBuffer.wrap(Base64.getUrlDecoder().decode(clientId.substring(4)));
      return new Owner(kind, new UUID(bytes.getLong(), bytes.getLong()));
    } catch (IllegalArgumentException | java.nio.BufferUnderflowException e) {
      return null;
    }
  }

  public record Owner(PrincipalKind kind, UUID id) {}

  static String clientId(PrincipalKind kind, UUID owner) {
    return prefix(kind) + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes(owner));
  }

  private String secret(PrincipalKind kind, UUID owner, long generation) {
    ByteBuffer message = ByteBuffer.allocate(1 + 16 + 8 + 13);
    message.put((byte) kind.code()).put(bytes(owner)).putLong(generation);
    message.put("client-secret".getBytes(StandardCharsets.US_ASCII));
    byte[] mac = codec.sign(message.array(), message.capacity());
    byte[] secret = new byte[SECRET_BYTES];
    System.arraycopy(mac, 0, secret, 0, SECRET_BYTES);
    return prefix(kind) + Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
  }

  private static String prefix(PrincipalKind kind) {
    return switch (kind) {
      case APPLICATION -> APPLICATION_PREFIX;
      case ORGANIZATION -> ORGANIZATION_PREFIX;
      default -> throw new IllegalArgumentException("No client credentials for " + kind);
    };
  }

  private static byte[] bytes(UUID uuid) {
    return ByteBuffer.allocate(16)
        .putLong(uuid.getMostSignificantBits())
        .putLong(uuid.getLeastSignificantBits())
        .array();
  }

  private static MeridianException rejected() {
    return new MeridianException(ErrorCode.UNAUTHORIZED, "Invalid client credentials");
  }
}
