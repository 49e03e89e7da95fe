package io.meridian.rest.access;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * HTTP Basic credentials ({@code Authorization: Basic base64(username:password)}), read only where
 * they are accepted: the superuser's on {@code /system}, as Usergrid's operator tools send them.
 * Anywhere else the header is refused as any scheme but {@code Bearer} is.
 */
record BasicCredentials(String username, String password) {
  private static final String SCHEME = "Basic ";

  static boolean isBasic(String authorization) {
    if (authorization == null) {
      return false;
    }
    String trimmed = authorization.trim();
    return trimmed.regionMatches(true, 0, SCHEME, 0, SCHEME.length());
  }

  /** The credentials of a {@code Basic} header; 401 for one that holds no {@code user:password}. */
  static BasicCredentials of(String authorization) {
    String encoded = authorization.trim().substring(SCHEME.length()).trim();
    String decoded;
    try {
      decoded = new String(Base64.getDecoder().decode(encoded), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw malformed();
    }
    int colon = decoded.indexOf(':');
    if (colon <= 0) {
      throw malformed();
    }
    return new BasicCredentials(decoded.substring(0, colon), decoded.substring(colon + 1));
  }

  private static MeridianException malformed() {
    return new MeridianException(
        ErrorCode.UNAUTHORIZED, "Send 'Authorization: Basic base64(username:password)'");
  }

  @Override
  public String toString() {
    return "BasicCredentials[" + username + "]";
  }
}
