package io.meridian.rest.socket;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The request URI of a socket request: the socket's base, its organization and application, the
 * client's path inside it and its query, every part percent-encoded from plain text.
 *
 * <p>The path cannot leave the application: every segment is encoded whole, so no character of it
 * ({@code /}, {@code ?}, {@code #}, {@code ;}, {@code %}) can end the segment or start a query, a
 * fragment or matrix parameters; dot segments and backslashes are refused, as the access filter
 * refuses them over HTTP; and a path that does not start with exactly one slash ({@code
 * http://host/x}, {@code //host/x}, {@code x}) is refused. Runs of slashes inside it and a trailing
 * slash are served as one and none, as {@code CanonicalPaths} serves them over HTTP.
 *
 * <p>Credentials in the query are refused: a request over the socket acts with the connection's
 * token, never another ({@code client_id} and {@code client_secret} stay allowed on the {@code
 * /token} path, where they are the client credentials grant, not the caller's credentials).
 */
final class SocketUris {
  static final String BAD_PATH = "The path has an empty, '.' or '..' segment or an encoded slash";
  private static final Set<String> CREDENTIALS =
      Set.of("access_token", "client_id", "client_secret");
  private static final Set<String> METHODS = Set.of("GET", "POST", "PUT", "DELETE");
  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  private SocketUris() {}

  /**
   * The HTTP base of {@code base}: its scheme ({@code ws} read as {@code http}, {@code wss} as
   * {@code https}) and authority, path {@code /}, no query or fragment; so the handshake's own URI
   * will do.
   */
  static URI base(URI base) {
    String scheme = base.getScheme();
    if (scheme == null || base.getRawAuthority() == null) {
      throw new IllegalArgumentException("The base URI must be absolute: " + base);
    }
    String http =
        switch (scheme.toLowerCase(Locale.ROOT)) {
          case "ws", "http" -> "http";
          case "wss", "https" -> "https";
          default -> throw new IllegalArgumentException("Not an HTTP or WebSocket URI: " + base);
        };
    return URI.create(http + "://" + base.getRawAuthority() + "/");
  }

  static boolean isMethod(String method) {
    return method != null && METHODS.contains(method);
  }

  static String method(String method) {
    if (!isMethod(method)) {
      throw bad("The method must be GET, POST, PUT or DELETE");
    }
    return method;
  }

  static URI requestUri(
      URI base,
      String organization,
      String application,
      String path,
      Map<String, List<String>> query) {
    StringBuilder uri = new StringBuilder(base.toString().length() + 128).append(base);
    appendEncoded(uri, organization);
    uri.append('/');
    appendEncoded(uri, application);
    String last = appendPath(uri, path);
    appendQuery(uri, query, last.equals("token"));
    return URI.create(uri.toString());
  }

  /** Appends the path's segments, each after a slash; the last segment, or "" when none. */
  private static String appendPath(StringBuilder uri, String path) {
    if (path == null || !path.startsWith("/") || path.startsWith("//")) {
      throw bad("The path must start with a single '/' and stay inside the application");
    }
    String last = "";
    int start = 1;
    while (start <= path.length()) {
      int end = path.indexOf('/', start);
      if (end < 0) {
        end = path.length();
      }
      String segment = path.substring(start, end);
      start = end + 1;
      if (segment.isEmpty()) {
        continue;
      }
      if (segment.equals(".") || segment.equals("..") || segment.indexOf('\\') >= 0) {
        throw bad(BAD_PATH);
      }
      uri.append('/');
      appendEncoded(uri, segment);
      last = segment;
    }
    return last;
  }

  private static void appendQuery(
      StringBuilder uri, Map<String, List<String>> query, boolean tokenPath) {
    char separator = '?';
    for (Map.Entry<String, List<String>> parameter : query.entrySet()) {
      String name = parameter.getKey();
      if (name == null || name.isEmpty() || parameter.getValue() == null) {
        throw bad("Every query parameter needs a name and a value");
      }
      if (CREDENTIALS.contains(name) && !(tokenPath && !name.equals("access_token"))) {
        throw bad(
            "A request over the socket uses the connection's credentials: drop '" + name + "'");
      }
      for (String value : parameter.getValue()) {
        if (value == null) {
          throw bad("Query parameter values are strings");
        }
        uri.append(separator);
        separator = '&';
        appendEncoded(uri, name);
        uri.append('=');
        appendEncoded(uri, value);
      }
    }
  }

  /**
   * Appends {@code text} as UTF-8 with every byte but the RFC 3986 unreserved characters
   * percent-encoded: nothing in it can be read as a delimiter, in a path or in a query.
   */
  static void appendEncoded(StringBuilder out, String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (unreserved(c)) {
        out.append(c);
        continue;
      }
      int end = Character.isHighSurrogate(c) && i + 1 < text.length() ? i + 2 : i + 1;
      for (byte b : text.substring(i, end).getBytes(StandardCharsets.UTF_8)) {
        out.append('%').append(HEX[(b >> 4) & 0xf]).append(HEX[b & 0xf]);
      }
      i = end - 1;
    }
  }

  private static boolean unreserved(char c) {
    return c >= 'a' && c <= 'z'
        || c >= 'A' && c <= 'Z'
        || c >= '0' && c <= '9'
        || c == '-'
        || c == '.'
        || c == '_'
        || c == '~';
  }

  private static MeridianException bad(String description) {
    return new MeridianException(ErrorCode.BAD_REQUEST, description);
  }
}
