package io.meridian.core.identity.permission;

/**
 * A pattern segment with {@code *} (any run of characters, possibly none) and {@code ?} (exactly
 * one character, a code point) inside it, matched against one path segment. Both are already
 * lowercase, so characters compare exactly.
 *
 * <p>Matching is the two-pointer wildcard algorithm: on a mismatch only the most recent {@code *}
 * is revisited, which is enough because every other token consumes exactly one character. Time is
 * at most pattern length times segment length, with no recursion and no allocation.
 */
final class Glob {
  private static final int ANY_RUN = -1;
  private static final int ANY_ONE = -2;

  private final int[] tokens;

  private Glob(int[] tokens) {
    this.tokens = tokens;
  }

  static boolean isGlob(String segment) {
    return segment.indexOf('*') >= 0 || segment.indexOf('?') >= 0;
  }

  static Glob compile(String segment) {
    int[] tokens =
        segment.codePoints().map(c -> c == '*' ? ANY_RUN : c == '?' ? ANY_ONE : c).toArray();
    return new Glob(tokens);
  }

  /** Whether this glob is only {@code *}s: it accepts any segment, even every entity at once. */
  boolean acceptsAnything() {
    for (int token : tokens) {
      if (token != ANY_RUN) {
        return false;
      }
    }
    return true;
  }

  boolean matches(String segment) {
    int token = 0;
    int at = 0;
    int lastRun = -1;
    int runStart = 0;
    while (at < segment.length()) {
      int c = segment.codePointAt(at);
      if (token < tokens.length && tokens[token] == ANY_RUN) {
        lastRun = token++;
        runStart = at;
      } else if (token < tokens.length && (tokens[token] == ANY_ONE || tokens[token] == c)) {
        token++;
        at += Character.charCount(c);
      } else if (lastRun >= 0) {
        token = lastRun + 1;
        runStart += Character.charCount(segment.codePointAt(runStart));
        at = runStart;
      } else {
        return false;
      }
    }
    while (token < tokens.length && tokens[token] == ANY_RUN) {
      token++;
    }
    return token == tokens.length;
  }
}
