package io.meridian.local;

import java.util.Locale;

/** JVM-style sizes ("512m", "1g") and their human-readable form. */
final class Sizes {

  private Sizes() {}

  static long parseBytes(String size) {
    if (size == null || !size.trim().matches("(?i)\\d+[kmg]?")) {
      throw new IllegalArgumentException(
          "Invalid heap size '" + size + "': use a JVM size such as 512m or 1g");
    }
    String text = size.trim().toLowerCase(Locale.ROOT);
    char unit = text.charAt(text.length() - 1);
    long multiplier =
        switch (unit) {
          case 'k' -> 1L << 10;
          case 'm' -> 1L << 20;
          case 'g' -> 1L << 30;
          default -> 1L;
        };
    String digits = Character.isDigit(unit) ? text : text.substring(0, text.length() - 1);
    return Long.parseLong(digits) * multiplier;
  }

  static String human(long bytes) {
    return String.format(Locale.ROOT, "%.1f GB", bytes / (double) (1L << 30));
  }
}
