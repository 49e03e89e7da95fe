package io.meridian.core.identity.token;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;

/**
 * Reads an {@code Authorization} header the one way both the access filter and the real-time
 * upgrade (which runs before Jersey) read it: {@code Bearer <token>}, the scheme in any case; any
 * other scheme is a 401 rather than a guest, so a client that sent credentials never gets a guest's
 * answer without knowing.
 */
public final class BearerToken {
  private static final String SCHEME = "Bearer ";

  private BearerToken() {}

  /** The token of the header; null when there is no header (or a blank one). */
  public static String of(String authorization) {
    if (authorization == null || authorization.isBlank()) {
      return null;
    }
    String trimmed = authorization.trim();
    if (trimmed.length() > SCHEME.length()
        && trimmed.regionMatches(true, 0, SCHEME, 0, SCHEME.length())) {
      return trimmed.substring(SCHEME.length()).trim();
    }
    throw new MeridianException(
        ErrorCode.UNAUTHORIZED, "Send an access token as 'Authorization: Bearer <token>'");
  }
}
