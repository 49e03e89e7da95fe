package io.meridian.index.query;

/**
 * Lowercasing exactly as the index does it, so that the in-memory matcher and the canonical form
 * agree with Elasticsearch on which strings are equal.
 */
public final class LowercaseNormalizer {

  private LowercaseNormalizer() {}

  /**
   * What the {@code lowercase} normalizer and the standard analyzer (Lucene's {@code
   * LowerCaseFilter}) make of indexed text: each code point mapped on its own, without the
   * context-dependent rules of {@link String#toLowerCase(Locale)} (final sigma, dotted I).
   */
  public static String normalize(String text) {
    StringBuilder out = new StringBuilder(text.length());
    text.codePoints().map(Character::toLowerCase).forEach(out::appendCodePoint);
    return out.toString();
  }

  /** What a string literal of a query is compared as: normalized like the indexed values. */
  static String literal(String text) {
    return normalize(text);
  }
}
