package io.meridian.rest.asset;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one byte range of a {@code Range} header ({@code bytes=first-last}, {@code bytes=first-},
 * {@code bytes=-suffix}), within a file of {@code length} bytes. HTTP lets a server ignore a range
 * it cannot read; Meridian refuses it instead (416), so that a client never takes a whole file for
 * the part it asked for.
 *
 * @param first the first byte served
 * @param last the last byte served (inclusive)
 */
record ByteRange(long first, long last) {
  private static final Pattern RANGE = Pattern.compile("bytes=(\\d{0,19})-(\\d{0,19})");

  long length() {
    return last - first + 1;
  }

  /** The range asked for, or empty for the whole file (no header). */
  static Optional<ByteRange> parse(String header, long length) {
    if (header == null || header.isBlank()) {
      return Optional.empty();
    }
    Matcher matcher = RANGE.matcher(header.trim().toLowerCase(Locale.ROOT));
    if (!matcher.matches() || matcher.group(1).isEmpty() && matcher.group(2).isEmpty()) {
      throw unsatisfiable(
          "Range must be one range of bytes: bytes=first-last, bytes=first- or bytes=-count");
    }
    String first = matcher.group(1);
    String last = matcher.group(2);
    try {
      if (first.isEmpty()) {
        long suffix = Long.parseLong(last);
        if (suffix == 0) {
          throw unsatisfiable("The range bytes=-0 selects no byte");
        }
        return Optional.of(new ByteRange(Math.max(0, length - suffix), length - 1));
      }
      long start = Long.parseLong(first);
      long end = last.isEmpty() ? length - 1 : Math.min(Long.parseLong(last), length - 1);
      if (start >= length) {
        throw unsatisfiable("The range starts after the file's last byte (it has " + length + ")");
      }
      if (end < start) {
        throw unsatisfiable("The range ends before it starts");
      }
      return Optional.of(new ByteRange(start, end));
    } catch (NumberFormatException e) {
      throw unsatisfiable("The range's numbers are too large");
    }
  }

  private static MeridianException unsatisfiable(String description) {
    return new MeridianException(ErrorCode.RANGE_NOT_SATISFIABLE, description);
  }
}
