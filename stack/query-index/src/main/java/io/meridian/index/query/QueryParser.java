package io.meridian.index.query;

import io.meridian.core.common.MeridianException;
import io.meridian.core.query.Projection;
import io.meridian.index.query.Query.Direction;
import io.meridian.index.query.Query.Order;
import io.meridian.index.query.Token.Kind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Recursive-descent parser for the Usergrid query language. Grammar (keywords case-insensitive):
 *
 * <pre>
 * query      := [ 'select' selection ] [ 'where' ] [ or ] [ 'order' 'by' order { ',' order } ]
 * selection  := '*' | path { ',' path } | '{' alias ':' path { ',' alias ':' path } '}'
 * or         := and { ( 'or' | '||' ) and }
 * and        := not { ( 'and' | '&&' ) not }
 * not        := 'not' not | '(' or ')' | comparison
 * comparison := path operator value
 *             | path 'contains' string
 *             | path 'contains' number ',' number
 *             | path 'within' number 'of' number ',' number
 * operator   := '=' | 'eq' | '<' | 'lt' | '<=' | 'lte' | '>' | 'gt' | '>=' | 'gte'
 * value      := string | integer | decimal | 'true' | 'false' | uuid
 * order      := path [ 'asc' | 'desc' ]
 * </pre>
 *
 * As in Usergrid, {@code where} is optional even after a selection ({@code select * a = 1}). The
 * condition parsing lives in {@link ConditionParser}, which also admits a point containment ({@code
 * contains} with a latitude and a longitude) only once and only and-ed at the top. Errors are
 * {@link MeridianException}s with {@code QUERY_PARSE} naming the 1-based column and what was
 * expected there.
 */
public final class QueryParser {
  /** Bounds the nesting of parentheses and {@code not}. */
  static final int MAX_DEPTH = 64;

  private final TokenStream tokens;

  private QueryParser(List<Token> tokens) {
    this.tokens = new TokenStream(tokens);
  }

  /** Parses {@code ql}; null or blank means {@code select *}. */
  public static Query parse(String ql) {
    if (ql == null || ql.isBlank()) {
      return Query.selectAll();
    }
    return new QueryParser(Tokenizer.tokenize(ql)).query();
  }

  private Query query() {
    Optional<Projection> projection = Optional.empty();
    boolean selected = tokens.peek().isKeyword("select");
    if (selected) {
      tokens.advance();
      projection = selection();
    }
    Optional<Condition> where = Optional.empty();
    if (tokens.peek().isKeyword("where")) {
      tokens.advance();
      where = Optional.of(new ConditionParser(tokens).or());
    } else if (conditionFollows(selected)) {
      where = Optional.of(new ConditionParser(tokens).or());
    }
    List<Order> orderBy = List.of();
    if (tokens.peek().isKeyword("order")) {
      tokens.advance();
      tokens.expectKeyword("by", "'by' after 'order'");
      orderBy = orders();
    }
    if (tokens.peek().kind() != Kind.END) {
      throw TokenStream.expected(trailing(projection, where, orderBy), tokens.peek());
    }
    return new Query(projection, where, orderBy);
  }

  /**
   * Without a selection anything but {@code order} must be a condition, so that the condition
   * parser reports what is wrong with it; after one, only what can start a condition is one.
   */
  private boolean conditionFollows(boolean selected) {
    if (selected) {
      return ConditionParser.startsCondition(tokens);
    }
    return !tokens.peek().isKeyword("order") && tokens.peek().kind() != Kind.END;
  }

  /** What could have followed the last clause, for the error about a token that cannot. */
  private String trailing(
      Optional<Projection> projection, Optional<Condition> where, List<Order> orderBy) {
    if (!orderBy.isEmpty()) {
      return "',' or end of query";
    }
    if (where.isPresent()) {
      return "'and', 'or', 'order by' or end of query";
    }
    boolean list = projection.isPresent() && !projection.get().aliased();
    return (list ? "',', " : "") + "'where', a condition, 'order by' or end of query";
  }

  private Optional<Projection> selection() {
    if (tokens.peek().kind() == Kind.STAR) {
      tokens.advance();
      return Optional.empty();
    }
    if (tokens.peek().kind() == Kind.LEFT_BRACE) {
      tokens.advance();
      return Optional.of(aliasedSelection());
    }
    List<Projection.Field> fields = new ArrayList<>();
    String first = tokens.path("'*', '{' or a property name after 'select'");
    fields.add(new Projection.Field(first, first));
    while (tokens.peek().kind() == Kind.COMMA) {
      tokens.advance();
      String next = tokens.path("a property name after ','");
      fields.add(new Projection.Field(next, next));
    }
    return Optional.of(new Projection(fields, false));
  }

  /** {@code {alias: path, ...}} after the opening brace. */
  private Projection aliasedSelection() {
    List<Projection.Field> fields = new ArrayList<>();
    Set<String> aliases = new HashSet<>();
    String after = "'{'";
    while (true) {
      Token aliasToken = tokens.peek();
      String alias = tokens.path("an alias after " + after);
      if (!aliases.add(alias)) {
        // The result is an object keyed by alias: a second use would silently hide the first.
        throw Tokenizer.error(
            "Alias '" + alias + "' at position " + aliasToken.position() + " is already used");
      }
      tokens.expect(Kind.COLON, "':' after the alias '" + alias + "'");
      fields.add(new Projection.Field(tokens.path("a property name after ':'"), alias));
      if (tokens.peek().kind() != Kind.COMMA) {
        break;
      }
      tokens.advance();
      after = "','";
    }
    tokens.expect(Kind.RIGHT_BRACE, "',' or '}'");
    return new Projection(fields, true);
  }

  private List<Order> orders() {
    List<Order> orders = new ArrayList<>();
    orders.add(order("a property name after 'order by'"));
    while (tokens.peek().kind() == Kind.COMMA) {
      tokens.advance();
      orders.add(order("a property name after ','"));
    }
    return orders;
  }

  private Order order(String expected) {
    String property = PropertyNames.fold(tokens.path(expected));
    Direction direction = Direction.ASC;
    if (tokens.peek().isKeyword("asc") || tokens.peek().isKeyword("desc")) {
      direction = Direction.valueOf(tokens.advance().text().toUpperCase(Locale.ROOT));
    }
    return new Order(property, direction);
  }
}
