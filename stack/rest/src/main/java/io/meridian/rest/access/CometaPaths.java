package io.meridian.rest.access;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.identity.Principal;
import io.meridian.core.identity.token.ClientCredentials;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.PathSegment;
import java.util.List;
import java.util.function.BiFunction;

/**
 * Cometa's application API, kept for applications written against it: {@code POST
 * /v1/applications/{app_key}/devices/{device_id}/send} and {@code GET /application/{app_key}},
 * authenticated by {@code Authorization: OAuth <secret>} where the key is the application's client
 * id and the secret its client secret. Only these exact shapes: an organization named {@code v1} or
 * {@code application} keeps every other path.
 */
public final class CometaPaths {
  private CometaPaths() {}

  static boolean matches(List<PathSegment> segments) {
    int size = segments.size();
    String first = size == 0 ? "" : segments.get(0).getPath();
    return size == 6
            && first.equals("v1")
            && segments.get(1).getPath().equals("applications")
            && segments.get(3).getPath().equals("devices")
            && segments.get(5).getPath().equals("send")
        || size == 2 && first.equals("application");
  }

  /** The application whose key the path names, if the OAuth header holds its secret; else 401. */
  static Principal authenticate(
      ContainerRequestContext request,
      List<PathSegment> segments,
      BiFunction<String, String, Principal> clients) {
    String key = segments.get(segments.size() == 2 ? 1 : 2).getPath();
    String header = request.getHeaderString("Authorization");
    String secret = null;
    if (header != null) {
      String trimmed = header.trim();
      if (trimmed.length() > 6 && trimmed.regionMatches(true, 0, "OAuth ", 0, 6)) {
        secret = trimmed.substring(6).trim();
      }
    }
    if (secret == null || ClientCredentials.parse(key) == null) {
      throw new MeridianException(
          ErrorCode.UNAUTHORIZED,
          "Send the application's client secret as 'Authorization: OAuth <secret>'");
    }
    return clients.apply(key, secret);
  }
}
