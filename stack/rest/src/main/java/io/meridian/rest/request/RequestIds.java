package io.meridian.rest.request;

import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.MDC;

/**
 * The id of each request: the client's {@code X-Request-Id} when it is a sane one, else a fresh
 * one. It is held in the logging MDC under {@link #MDC_KEY} for the thread serving the request, so
 * every log line of the request carries it, and error bodies quote it as {@code error_id}.
 *
 * <p>Generated ids are 16 random hex digits from {@link ThreadLocalRandom}: an id must be unique
 * enough to find a request's lines, not unguessable, and {@code UUID.randomUUID()} would draw from
 * a contended {@code SecureRandom} on every request.
 */
public final class RequestIds {
  public static final String HEADER = "X-Request-Id";
  public static final String MDC_KEY = "request_id";
  static final int MAX_LENGTH = 64;

  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private RequestIds() {}

  /** The id of the request this thread serves, or null outside a request. */
  public static String current() {
    return MDC.get(MDC_KEY);
  }

  /**
   * The id to use for a request that sent {@code offered} (null when it sent none): the offered one
   * if it is 1 to 64 characters of {@code [A-Za-z0-9._:-]}, else a generated one. Anything else
   * could forge log lines (line breaks) or bloat them, so it is ignored rather than cleaned up.
   */
  public static String choose(String offered) {
    return isSane(offered) ? offered : generate();
  }

  static boolean isSane(String id) {
    if (id == null || id.isEmpty() || id.length() > MAX_LENGTH) {
      return false;
    }
    for (int i = 0; i < id.length(); i++) {
      char c = id.charAt(i);
      boolean allowed =
          c >= 'a' && c <= 'z'
              || c >= 'A' && c <= 'Z'
              || c >= '0' && c <= '9'
              || c == '.'
              || c == '_'
              || c == ':'
              || c == '-';
      if (!allowed) {
        return false;
      }
    }
    return true;
  }

  static String generate() {
    long random = ThreadLocalRandom.current().nextLong();
    char[] id = new char[16];
    for (int i = 15; i >= 0; i--) {
      id[i] = HEX[(int) (random & 0xf)];
      random >>>= 4;
    }
    return new String(id);
  }
}
