package io.meridian.core.identity.permission;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The rules a permission's path pattern must follow, and its canonical form. Everything that could
 * make a pattern mean more than it appears to say is rejected rather than interpreted: relative
 * segments, percent escapes (the path being matched is already decoded), the {@code {name}}
 * variables other Ant matchers accept as "any segment", empty segments and invisible characters.
 */
final class PatternSyntax {
  static final int MAX_LENGTH = 512;
  static final String USER = "${user}";
  static final String ANY_DEPTH = "**";
  static final String ANY_SEGMENT = "*";

  private PatternSyntax() {}

  /** The pattern in canonical form: trimmed, lowercase but for {@code ${user}}, no trailing '/'. */
  static String canonical(String pattern) {
    List<String> segments = segments(pattern);
    return "/" + String.join("/", segments);
  }

  /** The canonical segments of a pattern; empty for the application root {@code /}. */
  static List<String> segments(String pattern) {
    if (pattern == null) {
      throw new MeridianException(ErrorCode.ILLEGAL_ARGUMENT, "A permission pattern is required");
    }
    String text = pattern.strip();
    if (text.length() > MAX_LENGTH) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "Invalid permission pattern: longer than " + MAX_LENGTH + " characters");
    }
    if (!text.startsWith("/")) {
      throw invalid(text, "it must start with '/'");
    }
    String body = text.substring(1);
    if (body.isEmpty()) {
      return List.of();
    }
    if (body.endsWith("/")) {
      body = body.substring(0, body.length() - 1);
    }
    List<String> segments = new ArrayList<>();
    for (String segment : body.split("/", -1)) {
      segments.add(segment(text, segment));
    }
    return List.copyOf(segments);
  }

  private static String segment(String pattern, String raw) {
    if (raw.isEmpty()) {
      throw invalid(pattern, "empty segment ('//')");
    }
    if (raw.equals(USER)) {
      return raw;
    }
    String segment = raw.toLowerCase(Locale.ROOT);
    if (segment.equals(".") || segment.equals("..")) {
      throw invalid(pattern, "segments '.' and '..' are not allowed");
    }
    for (int i = 0; i < segment.length(); ) {
      int c = segment.codePointAt(i);
      checkCharacter(pattern, c);
      i += Character.charCount(c);
    }
    if (segment.contains(ANY_DEPTH) && !segment.equals(ANY_DEPTH)) {
      throw invalid(pattern, "'**' must be a whole segment");
    }
    return segment;
  }

  private static void checkCharacter(String pattern, int c) {
    if (c == '\\' || c == '%' || c == ';' || c == '#' || c == '{' || c == '}') {
      throw invalid(pattern, "character '" + Character.toString(c) + "' is not allowed");
    }
    if (c == '$') {
      throw invalid(pattern, "'$' is only allowed as the whole segment '${user}'");
    }
    int type = Character.getType(c);
    // Invisible characters (zero-width space, BOM, lone surrogates) would let two patterns that
    // look the same differ, which hides what a role really grants.
    if (Character.isISOControl(c) || type == Character.FORMAT || type == Character.SURROGATE) {
      throw invalid(pattern, "control, invisible or unpaired surrogate characters are not allowed");
    }
    if (Character.isWhitespace(c) || Character.isSpaceChar(c)) {
      throw invalid(pattern, "whitespace is not allowed");
    }
  }

  private static MeridianException invalid(String pattern, String problem) {
    return new MeridianException(
        ErrorCode.ILLEGAL_ARGUMENT, "Invalid permission pattern '" + pattern + "': " + problem);
  }
}
