package io.meridian.rest.cors;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;

/**
 * Which origins may call the API and which request headers they may send. Either any origin ({@code
 * *}, answered with {@code Access-Control-Allow-Origin: *}) or a list of exact origins ({@code
 * https://app.example.com}, answered by echoing the request's {@code Origin}); an empty list turns
 * cross-origin access off. Credentials are never allowed: tokens travel in the {@code
 * Authorization} header, which needs no credentials mode, and {@code *} with credentials is what
 * browsers refuse for good reason.
 */
public final class CorsPolicy {
  private final boolean anyOrigin;
  private final Set<String> origins;
  private final Map<String, String> headersByLowerCase;

  private CorsPolicy(boolean anyOrigin, Set<String> origins, Map<String, String> headers) {
    this.anyOrigin = anyOrigin;
    this.origins = origins;
    this.headersByLowerCase = headers;
  }

  /** Fails on an origin that is neither {@code *} nor {@code scheme://host[:port]}. */
  public static CorsPolicy of(List<String> allowedOrigins, List<String> allowedHeaders) {
    boolean any = false;
    Set<String> origins = new HashSet<>();
    for (String configured : allowedOrigins) {
      String origin = configured.trim();
      if (origin.isEmpty()) {
        continue;
      }
      if (origin.equals("*")) {
        any = true;
        continue;
      }
      origins.add(normalise(origin));
    }
    Map<String, String> headers = new HashMap<>();
    for (String header : allowedHeaders) {
      if (!header.isBlank()) {
        headers.put(header.trim().toLowerCase(Locale.ROOT), header.trim());
      }
    }
    return new CorsPolicy(any, any ? Set.of() : Set.copyOf(origins), Map.copyOf(headers));
  }

  private static String normalise(String origin) {
    String lower = origin.toLowerCase(Locale.ROOT);
    if (lower.endsWith("/")) {
      lower = lower.substring(0, lower.length() - 1);
    }
    int scheme = lower.indexOf("://");
    if (scheme <= 0 || lower.indexOf('/', scheme + 3) >= 0 || scheme + 3 == lower.length()) {
      throw new IllegalArgumentException(
          "meridian.cors.allowed-origins: '"
              + origin
              + "' is not '*' or an origin such as https://app.example.com[:port]");
    }
    return lower;
  }

  /**
   * The {@code Access-Control-Allow-Origin} value for a request from {@code origin}, or null if
   * that origin may not call the API.
   */
  public String allowOrigin(String origin) {
    if (anyOrigin) {
      return "*";
    }
    if (origins.isEmpty()) {
      return null;
    }
    // Browsers send origins in lower case; the second lookup only serves hand-written requests.
    return origins.contains(origin) || origins.contains(origin.toLowerCase(Locale.ROOT))
        ? origin
        : null;
  }

  /**
   * Whether answers differ by the request's {@code Origin}, which caches must then be told with
   * {@code Vary: Origin}: with a list of origins, whether a response allows its origin depends on
   * the origin.
   */
  public boolean variesByOrigin() {
    return !anyOrigin && !origins.isEmpty();
  }

  /**
   * The {@code Access-Control-Allow-Headers} value for a preflight's {@code
   * Access-Control-Request-Headers}: the requested headers that are allowed, in the case the
   * configuration spells them; empty when none are.
   */
  public String allowHeaders(String requested) {
    if (requested == null || requested.isBlank()) {
      return "";
    }
    StringJoiner allowed = new StringJoiner(", ");
    for (String header : requested.split(",")) {
      String known = headersByLowerCase.get(header.trim().toLowerCase(Locale.ROOT));
      if (known != null) {
        allowed.add(known);
      }
    }
    return allowed.toString();
  }
}
