package io.meridian.core.identity.permission;

import java.util.Locale;
import java.util.Optional;

/** The HTTP verbs a permission can grant, in the order the canonical form lists them. */
public enum Verb {
  GET,
  PUT,
  POST,
  DELETE;

  /**
   * The verb a request with this HTTP method needs: case-insensitive, {@code HEAD} needs {@code
   * GET} (it reads the same resource), and any other method (OPTIONS, PATCH, ...) needs a verb no
   * permission can grant, so it is empty.
   */
  public static Optional<Verb> ofMethod(String httpMethod) {
    String name = asciiUpperCase(httpMethod);
    if ("HEAD".equals(name)) {
      return Optional.of(GET);
    }
    return named(name);
  }

  /** The verb written this way in a permission ({@code get}, {@code PUT}, ...), if any. */
  static Optional<Verb> named(String text) {
    String name = asciiUpperCase(text);
    if (name == null) {
      return Optional.empty();
    }
    for (Verb verb : values()) {
      if (verb.name().equals(name)) {
        return Optional.of(verb);
      }
    }
    return Optional.empty();
  }

  /** The lowercase name used in a permission's canonical form. */
  String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Only ASCII counts: Unicode case mapping would turn {@code "poſt"} (long s) into {@code "POST"},
   * and no client sends such a method by mistake.
   */
  private static String asciiUpperCase(String text) {
    if (text == null) {
      return null;
    }
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) > 0x7f) {
        return null;
      }
    }
    return text.toUpperCase(Locale.ROOT);
  }
}
