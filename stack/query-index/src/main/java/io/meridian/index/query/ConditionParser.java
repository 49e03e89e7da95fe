package io.meridian.index.query;

import io.meridian.core.common.MeridianException;
import io.meridian.index.query.Token.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The where-clause half of the recursive-descent parser (see {@link QueryParser} for the grammar).
 * One instance parses one condition; not thread-safe.
 *
 * <p>A point containment ({@code contains <lat>, <lon>}) is only answered by an in-memory index,
 * which can narrow the candidates by it only when every result must satisfy it. So the parser
 * admits at most one, and only as a conjunct of the whole where clause: never under {@code or} or
 * {@code not}, at any depth. Parentheses alone do not matter: {@code (g contains 1, 2 and a = 1)
 * and b = 2} is still a conjunction.
 */
final class ConditionParser {
  private static final String OPERATORS =
      "an operator (=, <, <=, >, >=, eq, lt, lte, gt, gte, contains, within)";

  private static final String POINT_CONTAINMENT = "A point containment (`contains <lat>, <lon>`)";

  private final TokenStream tokens;
  private int depth;

  /** How many {@code not}s enclose the condition being parsed. */
  private int negations;

  /** Where the point containment parsed so far starts, or null: a query may have one. */
  private Token pointContainment;

  ConditionParser(TokenStream tokens) {
    this.tokens = tokens;
  }

  /** True when the next token can start a condition (a query may omit {@code where}). */
  static boolean startsCondition(TokenStream tokens) {
    Token token = tokens.peek();
    return tokens.atPath() || token.isKeyword("not") || token.kind() == Kind.LEFT_PAREN;
  }

  Condition or() {
    Token containedBefore = pointContainment;
    List<Condition> operands = new ArrayList<>(List.of(and()));
    while (tokens.peek().isOr()) {
      tokens.advance();
      operands.add(and());
    }
    if (operands.size() == 1) {
      return operands.get(0);
    }
    if (pointContainment != containedBefore) {
      throw misplaced(pointContainment, "'or'");
    }
    return new Condition.Or(operands);
  }

  private Condition and() {
    List<Condition> operands = new ArrayList<>(List.of(not()));
    while (tokens.peek().isAnd()) {
      tokens.advance();
      operands.add(not());
    }
    return operands.size() == 1 ? operands.get(0) : new Condition.And(operands);
  }

  private Condition not() {
    Token token = tokens.peek();
    if (!token.isKeyword("not") && token.kind() != Kind.LEFT_PAREN) {
      return comparison();
    }
    // Bounds recursion so a hostile query cannot overflow the stack (or Elasticsearch's).
    if (++depth > QueryParser.MAX_DEPTH) {
      throw Tokenizer.error(
          "Query nests deeper than "
              + QueryParser.MAX_DEPTH
              + " levels at position "
              + token.position());
    }
    tokens.advance();
    Condition result;
    if (token.kind() == Kind.LEFT_PAREN) {
      result = or();
      tokens.expect(Kind.RIGHT_PAREN, "')' to close the '(' at position " + token.position());
    } else {
      negations++;
      result = new Condition.Not(not());
      negations--;
    }
    depth--;
    return result;
  }

  private Condition comparison() {
    Token start = tokens.peek();
    String property = PropertyNames.fold(tokens.path("a property name, 'not' or '('"));
    Token operator = tokens.peek();
    if (operator.isKeyword("contains")) {
      tokens.advance();
      Token next = tokens.peek();
      if (next.kind() == Kind.INTEGER || next.kind() == Kind.DECIMAL) {
        return pointInside(property, start);
      }
      return contains(property);
    }
    if (operator.isKeyword("within")) {
      tokens.advance();
      return within(property);
    }
    Operator op = operator(operator);
    if (op == null) {
      throw TokenStream.expected(OPERATORS + " after '" + property + "'", operator);
    }
    tokens.advance();
    Value value = value("a value after '" + operator.text() + "'");
    if (op != Operator.EQ
        && (value instanceof Value.BooleanValue || value instanceof Value.UuidValue)) {
      throw Tokenizer.error(
          "Only '=' can compare with "
              + (value instanceof Value.BooleanValue ? "a boolean" : "a UUID")
              + " at position "
              + operator.position());
    }
    return new Condition.Comparison(property, op, value);
  }

  /**
   * The text keeps a trailing {@code *} exactly when the literal was a prefix ({@code 'wo*'}).
   * Escaped stars at the end are dropped: the analyzer treats a star as punctuation anyway, and
   * keeping one would make {@code 'wo\*'} read as a prefix.
   */
  private Condition contains(String property) {
    Token text = tokens.expect(Kind.STRING, "a string or a latitude after 'contains'");
    String words = text.text();
    int end = words.length();
    while (end > 0 && words.charAt(end - 1) == '*') {
      end--;
    }
    return new Condition.Contains(property, words.substring(0, end) + (text.wildcard() ? "*" : ""));
  }

  /**
   * {@code contains <lat>, <lon>} after the property; {@code start} is the property's token, which
   * placement errors point at.
   */
  private Condition pointInside(String property, Token start) {
    if (pointContainment != null) {
      throw Tokenizer.error(
          "A query may have only one point containment (`contains <lat>, <lon>`); a second one"
              + " starts at position "
              + start.position());
    }
    if (negations > 0) {
      throw misplaced(start, "'not'");
    }
    pointContainment = start;
    double latitude = latitude("a latitude after 'contains'");
    tokens.expect(Kind.COMMA, "',' after the latitude");
    return new Condition.PointInside(property, latitude, longitude());
  }

  private static MeridianException misplaced(Token start, String operator) {
    return Tokenizer.error(
        POINT_CONTAINMENT
            + " must be and-ed at the top of the where clause; the one at position "
            + start.position()
            + " is under "
            + operator);
  }

  private Condition within(String property) {
    Token distance = tokens.peek();
    double meters = number("a distance in meters after 'within'");
    if (!(meters > 0) || Double.isInfinite(meters)) {
      throw TokenStream.expected("a distance greater than 0 meters", distance);
    }
    tokens.expectKeyword("of", "'of' after the distance");
    double latitude = latitude("a latitude after 'of'");
    tokens.expect(Kind.COMMA, "',' after the latitude");
    return new Condition.Within(property, meters, latitude, longitude());
  }

  /**
   * A latitude in [-90, 90]. Adding 0.0 turns -0.0 into 0.0: they are the same coordinate, and the
   * canonical form must print equal queries equally.
   */
  private double latitude(String expected) {
    Token token = tokens.peek();
    double latitude = number(expected);
    if (!(Math.abs(latitude) <= 90)) {
      throw TokenStream.expected("a latitude between -90 and 90", token);
    }
    return latitude + 0.0;
  }

  /** A longitude in [-180, 180] after the latitude's comma; -0.0 becomes 0.0 as for latitudes. */
  private double longitude() {
    Token token = tokens.peek();
    double longitude = number("a longitude after ','");
    if (!(Math.abs(longitude) <= 180)) {
      throw TokenStream.expected("a longitude between -180 and 180", token);
    }
    return longitude + 0.0;
  }

  private double number(String expected) {
    Token token = tokens.peek();
    if (token.kind() != Kind.INTEGER && token.kind() != Kind.DECIMAL) {
      throw TokenStream.expected(expected, token);
    }
    tokens.advance();
    return Double.parseDouble(token.text());
  }

  private static Operator operator(Token token) {
    if (token.kind() != Kind.OPERATOR && token.kind() != Kind.IDENTIFIER) {
      return null;
    }
    return switch (token.lowerText()) {
      case "=", "eq" -> Operator.EQ;
      case "<", "lt" -> Operator.LT;
      case "<=", "lte" -> Operator.LTE;
      case ">", "gt" -> Operator.GT;
      case ">=", "gte" -> Operator.GTE;
      default -> null;
    };
  }

  private Value value(String expected) {
    Token token = tokens.peek();
    Value value =
        switch (token.kind()) {
          case STRING -> new Value.StringValue(token.text(), token.wildcard());
          case INTEGER -> integer(token);
          case DECIMAL -> decimal(token);
          case UUID -> new Value.UuidValue(UUID.fromString(token.text()));
          case IDENTIFIER ->
              token.isKeyword("true") || token.isKeyword("false")
                  ? new Value.BooleanValue(token.isKeyword("true"))
                  : null;
          default -> null;
        };
    if (value == null) {
      throw TokenStream.expected(expected, token);
    }
    tokens.advance();
    return value;
  }

  private static Value integer(Token token) {
    try {
      return new Value.LongValue(Long.parseLong(token.text()));
    } catch (NumberFormatException e) {
      throw Tokenizer.error(
          "Integer " + token.text() + " at position " + token.position() + " is out of range");
    }
  }

  /** Infinity has no JSON form, so Elasticsearch could not be asked about it. */
  private static Value decimal(Token token) {
    double value = Double.parseDouble(token.text());
    if (Double.isInfinite(value)) {
      throw Tokenizer.error(
          "Number " + token.text() + " at position " + token.position() + " is out of range");
    }
    return new Value.DoubleValue(value);
  }
}
