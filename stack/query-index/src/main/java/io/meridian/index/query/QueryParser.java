package io.meridian.index.query;

import io.meridian.core.common.MeridianException;
import io.meridian.core.query.Projection;
import io.meridian.index.query.Query.Direction;
import io.meridian.index.query.Query.Order;
import io.meridian.index.query.Token.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Recursive-descent parser for the Usergrid query language. Grammar (keywords case-insensitive):
 *
 * <pre>
 * query      := [ 'select' selection ] [ 'where' ] [ or ] [ 'order' 'by' order { ',' order } ]
 * selection  := '*' | path { ',' path }
 * or         := and { 'or' and }
 * and        := not { 'and' not }
 * not        := 'not' not | '(' or ')' | comparison
 * comparison := path operator value | path 'contains' string
 * operator   := '=' | 'eq' | '<' | 'lt' | '<=' | 'lte' | '>' | 'gt' | '>=' | 'gte'
 * value      := string | integer | decimal | 'true' | 'false' | uuid
 * order      := path [ 'asc' | 'desc' ]
 * </pre>
 *
 * Errors are {@link MeridianException}s with {@code QUERY_PARSE} naming the 1-based column.
 */
public final class QueryParser {
  /** Bounds recursion so a hostile query cannot overflow the stack (or Elasticsearch's). */
  static final int MAX_DEPTH = 64;

  private static final Set<String> RESERVED =
      Set.of("select", "where", "and", "or", "not", "order", "contains");
  private static final String OPERATORS = "an operator (=, <, <=, >, >=, eq, lt, lte, gt, gte)";

  private final List<Token> tokens;
  private int current;
  private int depth;

  private QueryParser(List<Token> tokens) {
    this.tokens = tokens;
  }

  /** Parses {@code ql}; null or blank means {@code select *}. */
  public static Query parse(String ql) {
    if (ql == null || ql.isBlank()) {
      return Query.selectAll();
    }
    return new QueryParser(Tokenizer.tokenize(ql)).query();
  }

  private Query query() {
    Optional<Projection> select = Optional.empty();
    boolean selected = peek().isKeyword("select");
    if (selected) {
      advance();
      select = selection();
    }
    Optional<Condition> where = Optional.empty();
    if (peek().isKeyword("where")) {
      advance();
      where = Optional.of(or());
    } else if (!selected && !peek().isKeyword("order") && peek().kind() != Kind.END) {
      where = Optional.of(or());
    }
    List<Order> orderBy = List.of();
    if (peek().isKeyword("order")) {
      advance();
      expectKeyword("by", "'by' after 'order'");
      orderBy = orders();
    }
    if (peek().kind() != Kind.END) {
      String expected =
          where.isPresent()
              ? "'and', 'or', 'order by' or end of query"
              : "'where', 'order by' or end of query";
      throw expected(orderBy.isEmpty() ? expected : "',' or end of query", peek());
    }
    return new Query(select, where, orderBy);
  }

  private Optional<Projection> selection() {
    if (peek().kind() == Kind.STAR) {
      advance();
      return Optional.empty();
    }
    List<Projection.Field> fields = new ArrayList<>();
    String first = path("'*' or a property name after 'select'");
    fields.add(new Projection.Field(first, first));
    while (peek().kind() == Kind.COMMA) {
      advance();
      String next = path("a property name after ','");
      fields.add(new Projection.Field(next, next));
    }
    return Optional.of(new Projection(fields, false));
  }

  private List<Order> orders() {
    List<Order> orders = new ArrayList<>();
    orders.add(order("a property name after 'order by'"));
    while (peek().kind() == Kind.COMMA) {
      advance();
      orders.add(order("a property name after ','"));
    }
    return orders;
  }

  private Order order(String expected) {
    String property = path(expected);
    Direction direction = Direction.ASC;
    if (peek().isKeyword("asc") || peek().isKeyword("desc")) {
      direction = Direction.valueOf(advance().text().toUpperCase(Locale.ROOT));
    }
    return new Order(property, direction);
  }

  private Condition or() {
    List<Condition> operands = new ArrayList<>(List.of(and()));
    while (peek().isKeyword("or")) {
      advance();
      operands.add(and());
    }
    return operands.size() == 1 ? operands.get(0) : new Condition.Or(operands);
  }

  private Condition and() {
    List<Condition> operands = new ArrayList<>(List.of(not()));
    while (peek().isKeyword("and")) {
      advance();
      operands.add(not());
    }
    return operands.size() == 1 ? operands.get(0) : new Condition.And(operands);
  }

  private Condition not() {
    Token token = peek();
    if (token.isKeyword("not") || token.kind() == Kind.LEFT_PAREN) {
      if (++depth > MAX_DEPTH) {
        throw Tokenizer.error(
            "Query nests deeper than " + MAX_DEPTH + " levels at position " + token.position());
      }
      advance();
      Condition result;
      if (token.kind() == Kind.LEFT_PAREN) {
        result = or();
        expect(Kind.RIGHT_PAREN, "')' to close the '(' at position " + token.position());
      } else {
        result = new Condition.Not(not());
      }
      depth--;
      return result;
    }
    return comparison();
  }

  private Condition comparison() {
    String property = path("a property name, 'not' or '('");
    Token operator = peek();
    if (operator.isKeyword("contains")) {
      advance();
      Token text = peek();
      if (text.kind() != Kind.STRING) {
        throw expected("a string after 'contains'", text);
      }
      advance();
      return new Condition.Contains(property, text.text() + (text.wildcard() ? "*" : ""));
    }
    Operator op = operator(operator);
    if (op == null) {
      throw expected(OPERATORS + " after '" + property + "'", operator);
    }
    advance();
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
    Token token = peek();
    Value value =
        switch (token.kind()) {
          case STRING -> new Value.StringValue(token.text(), token.wildcard());
          case INTEGER -> integer(token);
          case DECIMAL -> new Value.DoubleValue(Double.parseDouble(token.text()));
          case UUID -> new Value.UuidValue(UUID.fromString(token.text()));
          case IDENTIFIER ->
              token.isKeyword("true") || token.isKeyword("false")
                  ? new Value.BooleanValue(token.isKeyword("true"))
                  : null;
          default -> null;
        };
    if (value == null) {
      throw expected(expected, token);
    }
    advance();
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

  private String path(String expected) {
    Token token = peek();
    if (token.kind() != Kind.IDENTIFIER || RESERVED.contains(token.lowerText())) {
      throw expected(expected, token);
    }
    advance();
    return token.text();
  }

  private void expectKeyword(String keyword, String expected) {
    if (!peek().isKeyword(keyword)) {
      throw expected(expected, peek());
    }
    advance();
  }

  private void expect(Kind kind, String expected) {
    if (peek().kind() != kind) {
      throw expected(expected, peek());
    }
    advance();
  }

  private Token peek() {
    return tokens.get(current);
  }

  private Token advance() {
    Token token = tokens.get(current);
    if (token.kind() != Kind.END) {
      current++;
    }
    return token;
  }

  private static MeridianException expected(String what, Token found) {
    return Tokenizer.error(
        "Expected " + what + " at position " + found.position() + " but found " + found.describe());
  }
}
