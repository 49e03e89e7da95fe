package io.meridian.index.query;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.index.query.Token.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Splits query text into tokens; every token knows its 1-based column for error messages. */
final class Tokenizer {
  private static final Pattern UUID_LITERAL =
      Pattern.compile(
          "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
              + "(?![0-9A-Za-z_.-])");

  /**
   * Usergrid's number forms: {@code 5}, {@code -5}, {@code 5.5}, {@code 5.}, {@code .5} and an
   * optional exponent ({@code 10e10}, {@code 1.5E-3}). Groups 1 and 2 are set for a decimal point,
   * group 3 for an exponent: any of them makes the literal a decimal.
   */
  private static final Pattern NUMBER =
      Pattern.compile("-?(?:[0-9]+(\\.[0-9]*)?|(\\.)[0-9]+)([eE][+-]?[0-9]+)?(?![0-9A-Za-z_.])");

  /**
   * Dot-separated segments; as in Usergrid a segment may contain {@code -} after its first
   * character ({@code first-name}), but a path never starts or ends with a dot.
   */
  private static final Pattern IDENTIFIER =
      Pattern.compile("[A-Za-z_][A-Za-z0-9_-]*(\\.[A-Za-z_][A-Za-z0-9_-]*)*");

  private final String text;
  private int index;

  private Tokenizer(String text) {
    this.text = text;
  }

  static List<Token> tokenize(String text) {
    return new Tokenizer(text).all();
  }

  private List<Token> all() {
    List<Token> tokens = new ArrayList<>();
    while (true) {
      while (index < text.length() && Character.isWhitespace(text.charAt(index))) {
        index++;
      }
      if (index >= text.length()) {
        tokens.add(new Token(Kind.END, "", text.length() + 1));
        return tokens;
      }
      tokens.add(next());
    }
  }

  private Token next() {
    char c = text.charAt(index);
    int position = index + 1;
    switch (c) {
      case '(':
        index++;
        return new Token(Kind.LEFT_PAREN, "(", position);
      case ')':
        index++;
        return new Token(Kind.RIGHT_PAREN, ")", position);
      case ',':
        index++;
        return new Token(Kind.COMMA, ",", position);
      case ':':
        index++;
        return new Token(Kind.COLON, ":", position);
      case '{':
        index++;
        return new Token(Kind.LEFT_BRACE, "{", position);
      case '}':
        index++;
        return new Token(Kind.RIGHT_BRACE, "}", position);
      case '&':
      case '|':
        if (index + 1 < text.length() && text.charAt(index + 1) == c) {
          index += 2;
          return new Token(c == '&' ? Kind.AND : Kind.OR, String.valueOf(c).repeat(2), position);
        }
        throw error("Unexpected character '" + c + "' at position " + position);
      case '*':
        index++;
        return new Token(Kind.STAR, "*", position);
      case '\'':
        return string();
      case '=':
        index++;
        return new Token(Kind.OPERATOR, "=", position);
      case '<':
      case '>':
        boolean orEqual = index + 1 < text.length() && text.charAt(index + 1) == '=';
        index += orEqual ? 2 : 1;
        return new Token(Kind.OPERATOR, orEqual ? c + "=" : String.valueOf(c), position);
      default:
        break;
    }
    Token token = match(UUID_LITERAL, Kind.UUID);
    if (token == null) {
      token = number();
    }
    if (token == null) {
      token = match(IDENTIFIER, Kind.IDENTIFIER);
    }
    if (token == null) {
      throw error("Unexpected character '" + c + "' at position " + position);
    }
    return token;
  }

  private Token match(Pattern pattern, Kind kind) {
    Matcher matcher = pattern.matcher(text).region(index, text.length());
    if (!matcher.lookingAt()) {
      return null;
    }
    Token token = new Token(kind, matcher.group(), index + 1);
    index = matcher.end();
    return token;
  }

  private Token number() {
    Matcher matcher = NUMBER.matcher(text).region(index, text.length());
    if (!matcher.lookingAt()) {
      return null;
    }
    boolean decimal =
        matcher.group(1) != null || matcher.group(2) != null || matcher.group(3) != null;
    Token token = new Token(decimal ? Kind.DECIMAL : Kind.INTEGER, matcher.group(), index + 1);
    index = matcher.end();
    return token;
  }

  /**
   * A single-quoted string; a backslash makes the next character literal ({@code \'}, {@code \*}).
   */
  private Token string() {
    int position = index + 1;
    StringBuilder value = new StringBuilder();
    boolean wildcard = false;
    index++;
    while (index < text.length()) {
      char c = text.charAt(index++);
      if (c == '\'') {
        return new Token(Kind.STRING, value.toString(), position, wildcard);
      }
      if (wildcard) {
        // The star was not the last character after all: it is literal text.
        value.append('*');
        wildcard = false;
      }
      if (c == '\\' && index < text.length()) {
        value.append(text.charAt(index++));
      } else if (c == '*') {
        wildcard = true;
      } else {
        value.append(c);
      }
    }
    throw error("Unterminated string starting at position " + position);
  }

  static MeridianException error(String message) {
    return new MeridianException(ErrorCode.QUERY_PARSE, message);
  }
}
