package io.meridian.index.query;

import java.util.Locale;

/**
 * One lexical token.
 *
 * @param text the token's value: identifiers and numbers as written, strings unescaped and without
 *     quotes (and without a trailing wildcard {@code *})
 * @param position 1-based column of the token's first character (one past the end for {@link
 *     Kind#END})
 * @param wildcard for strings: the literal ended with an unescaped {@code *}
 */
record Token(Kind kind, String text, int position, boolean wildcard) {

  enum Kind {
    IDENTIFIER,
    STRING,
    INTEGER,
    DECIMAL,
    UUID,
    OPERATOR,
    LEFT_PAREN,
    RIGHT_PAREN,
    COMMA,
    COLON,
    LEFT_BRACE,
    RIGHT_BRACE,
    STAR,
    /** {@code &&}, which means the same as the keyword {@code and}. */
    AND,
    /** {@code ||}, which means the same as the keyword {@code or}. */
    OR,
    END
  }

  Token(Kind kind, String text, int position) {
    this(kind, text, position, false);
  }

  /** True for an identifier spelled like {@code keyword}, ignoring case. */
  boolean isKeyword(String keyword) {
    return kind == Kind.IDENTIFIER && text.equalsIgnoreCase(keyword);
  }

  /** {@code and} or {@code &&}. */
  boolean isAnd() {
    return kind == Kind.AND || isKeyword("and");
  }

  /** {@code or} or {@code ||}. */
  boolean isOr() {
    return kind == Kind.OR || isKeyword("or");
  }

  String lowerText() {
    return text.toLowerCase(Locale.ROOT);
  }

  /** How an error message names this token. */
  String describe() {
    return switch (kind) {
      case END -> "end of query";
      case STRING -> "string '" + text + (wildcard ? "*" : "") + "'";
      default -> "'" + text + "'";
    };
  }
}
