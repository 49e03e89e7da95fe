package io.meridian.rest.api;

import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The one place that decides which request parameters are credentials, and hides their values
 * wherever a request is echoed: in a response's {@code params}, {@code uri} and {@code path}, in
 * error descriptions that quote a path, and in log lines. A client may send a credential as a query
 * parameter ({@code ?access_token=}, {@code ?client_id=&client_secret=}) or a matrix parameter
 * ({@code ;access_token=}); its value becomes {@value #REDACTED}, its name stays so that the echo
 * still shows what was sent. Names compare without case.
 */
public final class SecretParameters {
  public static final String REDACTED = "***";

  private static final Set<String> NAMES =
      Set.of(
          "access_token",
          "refresh_token",
          "id_token",
          "token",
          "client_secret",
          "client_assertion",
          "password",
          "oldpassword",
          "newpassword",
          "passphrase",
          "secret",
          "code",
          "pin");

  private SecretParameters() {}

  /** Whether a parameter of this name carries a credential. */
  public static boolean isSecret(String name) {
    return name != null && NAMES.contains(name.toLowerCase(Locale.ROOT));
  }

  /** The parameters with every credential's values replaced by {@value #REDACTED}. */
  public static MultivaluedMap<String, String> redact(MultivaluedMap<String, String> params) {
    MultivaluedMap<String, String> redacted = new MultivaluedHashMap<>();
    for (Map.Entry<String, List<String>> param : params.entrySet()) {
      redacted.put(
          param.getKey(),
          isSecret(param.getKey())
              ? param.getValue().stream().map(value -> REDACTED).toList()
              : param.getValue());
    }
    return redacted;
  }

  /**
   * A URI as text (absolute or a path, raw or decoded, with or without a query) with the values of
   * secret query and matrix parameters replaced. Text, not {@link URI}: an echoed URI may hold
   * decoded characters that {@link URI} refuses.
   */
  public static String redactUri(String uri) {
    int query = uri.indexOf('?');
    if (query < 0) {
      return redactPath(uri);
    }
    return redactPath(uri.substring(0, query)) + "?" + redactPairs(uri.substring(query + 1), '&');
  }

  /** {@link #redactUri(String)} of a request's URI as the client sent it (still encoded). */
  public static String redact(URI uri) {
    return redactUri(uri.toString());
  }

  /** A path (raw or decoded) with the values of secret matrix parameters replaced. */
  public static String redactPath(String path) {
    if (path.indexOf(';') < 0) {
      return path;
    }
    String[] segments = path.split("/", -1);
    for (int i = 0; i < segments.length; i++) {
      int matrix = segments[i].indexOf(';');
      if (matrix >= 0) {
        segments[i] =
            segments[i].substring(0, matrix + 1)
                + redactPairs(segments[i].substring(matrix + 1), ';');
      }
    }
    return String.join("/", segments);
  }

  private static String redactPairs(String pairs, char separator) {
    String[] parts = pairs.split(String.valueOf(separator), -1);
    for (int i = 0; i < parts.length; i++) {
      int equals = parts[i].indexOf('=');
      String name = equals < 0 ? parts[i] : parts[i].substring(0, equals);
      if (equals >= 0 && isSecret(decode(name))) {
        parts[i] = name + "=" + REDACTED;
      }
    }
    return String.join(String.valueOf(separator), parts);
  }

  private static String decode(String name) {
    try {
      return URLDecoder.decode(name, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return name;
    }
  }
}
