package io.meridian.rest.metrics;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.identity.Principal;
import io.meridian.core.identity.PrincipalKind;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.function.Function;

/**
 * Who may read the metrics: whoever presents the configured scrape token, or the superuser with an
 * access token. The scrape token is compared as SHA-256 digests with {@link MessageDigest#isEqual},
 * which takes the same time wherever the first difference lies, and digests have one length, so
 * neither the token's content nor its length leaks through timing.
 */
final class ScrapeAccess {
  private static final String BEARER = "Bearer ";

  /** Digest of the scrape token; null when none is configured. */
  private final byte[] scrapeToken;

  private final Function<String, Principal> authenticate;

  /**
   * @param authenticate the caller an access token stands for; throws a 401 {@link
   *     MeridianException} for a token that is not a valid one
   */
  ScrapeAccess(String scrapeToken, Function<String, Principal> authenticate) {
    this.scrapeToken =
        scrapeToken == null || scrapeToken.isBlank() ? null : digest(scrapeToken.trim());
    this.authenticate = authenticate;
  }

  /** Returns if the {@code Authorization} header grants access; else 401 or 403. */
  void require(String authorization) {
    if (authorization == null
        || authorization.length() <= BEARER.length()
        || !authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
      throw new MeridianException(
          ErrorCode.UNAUTHORIZED,
          "Send the scrape token or a superuser access token as 'Authorization: Bearer <token>'");
    }
    String token = authorization.substring(BEARER.length()).trim();
    if (isScrapeToken(token)) {
      return;
    }
    Principal caller = authenticate.apply(token);
    if (caller.kind() != PrincipalKind.SUPERUSER) {
      throw new MeridianException(
          ErrorCode.FORBIDDEN, "Only the scrape token or the superuser may read the metrics");
    }
  }

  boolean isScrapeToken(String token) {
    return scrapeToken != null && MessageDigest.isEqual(scrapeToken, digest(token));
  }

  private static byte[] digest(String text) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("Every JDK has SHA-256", e);
    }
  }
}
