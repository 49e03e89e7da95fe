package io.meridian.index.query;

import io.meridian.core.common.MeridianException;
import io.meridian.index.query.Token.Kind;
import java.util.List;
import java.util.Set;

/**
 * The parsers' cursor over the tokens of one query, with the helpers that build the "Expected X at
 * position N but found Y" errors. Always ends with an {@link Kind#END} token, which {@link
 * #advance()} never moves past.
 */
final class TokenStream {
  /**
   * Words that cannot name a property because they would be ambiguous where a property may start.
   */
  private static final Set<String> RESERVED =
      Set.of("select", "where", "and", "or", "not", "order", "contains", "within");

  private final List<Token> tokens;
  private int current;

  TokenStream(List<Token> tokens) {
    this.tokens = tokens;
  }

  Token peek() {
    return tokens.get(current);
  }

  Token advance() {
    Token token = tokens.get(current);
    if (token.kind() != Kind.END) {
      current++;
    }
    return token;
  }

  /** True when the next token can start a property path. */
  boolean atPath() {
    Token token = peek();
    return token.kind() == Kind.IDENTIFIER && !RESERVED.contains(token.lowerText());
  }

  /** Consumes a property path (or alias), or fails describing {@code expected}. */
  String path(String expected) {
    if (!atPath()) {
      throw expected(expected, peek());
    }
    return advance().text();
  }

  Token expect(Kind kind, String expected) {
    if (peek().kind() != kind) {
      throw expected(expected, peek());
    }
    return advance();
  }

  void expectKeyword(String keyword, String expected) {
    if (!peek().isKeyword(keyword)) {
      throw expected(expected, peek());
    }
    advance();
  }

  static MeridianException expected(String what, Token found) {
    return Tokenizer.error(
        "Expected " + what + " at position " + found.position() + " but found " + found.describe());
  }
}
