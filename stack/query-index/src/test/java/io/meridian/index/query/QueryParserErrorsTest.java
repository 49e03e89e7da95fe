package io.meridian.index.query;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every error of the parser and the tokenizer, with its position and what it expected. */
class QueryParserErrorsTest {
  private static final String OPERATORS =
      "an operator (=, <, <=, >, >=, eq, lt, lte, gt, gte, contains, within)";

  private static AbstractThrowableAssert<?, ? extends Throwable> parsing(String ql) {
    return assertThatThrownBy(() -> QueryParser.parse(ql))
        .isInstanceOf(MeridianException.class)
        .matches(e -> ((MeridianException) e).code() == ErrorCode.QUERY_PARSE);
  }

  @Test
  void rejects_missing_value_after_operator() {
    parsing("select * where age =")
        .hasMessage("Expected a value after '=' at position 21 but found end of query");
    parsing("select * where a=")
        .hasMessage("Expected a value after '=' at position 18 but found end of query");
    parsing("a gte and b = 1")
        .hasMessage("Expected a value after 'gte' at position 7 but found 'and'");
  }

  @Test
  void rejects_a_property_where_a_value_belongs() {
    parsing("a = b").hasMessage("Expected a value after '=' at position 5 but found 'b'");
  }

  @Test
  void rejects_missing_operator() {
    parsing("where name 'fred'")
        .hasMessage(
            "Expected " + OPERATORS + " after 'name' at position 12 but found string 'fred'");
    parsing("a")
        .hasMessage("Expected " + OPERATORS + " after 'a' at position 2 but found end of query");
  }

  @Test
  void rejects_missing_property() {
    parsing("select * where = 3")
        .hasMessage("Expected a property name, 'not' or '(' at position 16 but found '='");
    parsing("select * where")
        .hasMessage("Expected a property name, 'not' or '(' at position 15 but found end of query");
    parsing("where")
        .hasMessage("Expected a property name, 'not' or '(' at position 6 but found end of query");
    parsing("'fred' = name")
        .hasMessage("Expected a property name, 'not' or '(' at position 1 but found string 'fred'");
  }

  @Test
  void rejects_reserved_words_as_property_names() {
    parsing("and = 1")
        .hasMessage("Expected a property name, 'not' or '(' at position 1 but found 'and'");
    parsing("a = 1 and within = 2")
        .hasMessage("Expected a property name, 'not' or '(' at position 11 but found 'within'");
  }

  @Test
  void rejects_dangling_and_or_and_not() {
    parsing("a = 1 and")
        .hasMessage("Expected a property name, 'not' or '(' at position 10 but found end of query");
    parsing("a = 1 ||")
        .hasMessage("Expected a property name, 'not' or '(' at position 9 but found end of query");
    parsing("not")
        .hasMessage("Expected a property name, 'not' or '(' at position 4 but found end of query");
  }

  @Test
  void rejects_unclosed_parenthesis() {
    parsing("(a = 1 or b = 2")
        .hasMessage(
            "Expected ')' to close the '(' at position 1 at position 16 but found end of query");
    parsing("a = 1 and (b = 2 c = 3)")
        .hasMessage("Expected ')' to close the '(' at position 11 at position 18 but found 'c'");
  }

  @Test
  void rejects_trailing_tokens_after_a_condition() {
    parsing("a = 1)")
        .hasMessage("Expected 'and', 'or', 'order by' or end of query at position 6 but found ')'");
    parsing("a = 1 b = 2")
        .hasMessage("Expected 'and', 'or', 'order by' or end of query at position 7 but found 'b'");
  }

  @Test
  void rejects_trailing_tokens_after_a_selection() {
    parsing("select * , a")
        .hasMessage(
            "Expected 'where', a condition, 'order by' or end of query at position 10 but found ','");
    parsing("select a, b )")
        .hasMessage(
            "Expected ',', 'where', a condition, 'order by' or end of query at position 13 but"
                + " found ')'");
    parsing("select {x: a} 'y'")
        .hasMessage(
            "Expected 'where', a condition, 'order by' or end of query at position 15 but found"
                + " string 'y'");
  }

  @Test
  void rejects_empty_select_list() {
    parsing("select where a = 1")
        .hasMessage(
            "Expected '*', '{' or a property name after 'select' at position 8 but found 'where'");
    parsing("select")
        .hasMessage(
            "Expected '*', '{' or a property name after 'select' at position 7 but found end of"
                + " query");
    parsing("select a, where a = 1")
        .hasMessage("Expected a property name after ',' at position 11 but found 'where'");
  }

  @Test
  void rejects_malformed_aliased_selections() {
    parsing("select {}").hasMessage("Expected an alias after '{' at position 9 but found '}'");
    parsing("select {a b}")
        .hasMessage("Expected ':' after the alias 'a' at position 11 but found 'b'");
    parsing("select {a: }")
        .hasMessage("Expected a property name after ':' at position 12 but found '}'");
    parsing("select {a: b, }")
        .hasMessage("Expected an alias after ',' at position 15 but found '}'");
    parsing("select {a: b c: d}").hasMessage("Expected ',' or '}' at position 14 but found 'c'");
    parsing("select {a: b").hasMessage("Expected ',' or '}' at position 13 but found end of query");
  }

  @Test
  void rejects_an_alias_used_twice() {
    parsing("select {a: b, a: c}").hasMessage("Alias 'a' at position 15 is already used");
  }

  @Test
  void rejects_order_without_by() {
    parsing("a = 1 order a").hasMessage("Expected 'by' after 'order' at position 13 but found 'a'");
  }

  @Test
  void rejects_order_by_without_property() {
    parsing("order by")
        .hasMessage(
            "Expected a property name after 'order by' at position 9 but found end of query");
    parsing("order by a,")
        .hasMessage("Expected a property name after ',' at position 12 but found end of query");
  }

  @Test
  void rejects_trailing_tokens_after_order_by() {
    parsing("order by a desc b")
        .hasMessage("Expected ',' or end of query at position 17 but found 'b'");
    parsing("order by a where b = 1")
        .hasMessage("Expected ',' or end of query at position 12 but found 'where'");
  }

  @Test
  void rejects_unterminated_string() {
    parsing("name = 'fred").hasMessage("Unterminated string starting at position 8");
    parsing("name = 'it\\'").hasMessage("Unterminated string starting at position 8");
  }

  @Test
  void rejects_unexpected_character() {
    parsing("a = 1 # comment").hasMessage("Unexpected character '#' at position 7");
    parsing("a = \"x\"").hasMessage("Unexpected character '\"' at position 5");
    parsing("a = 1 & b = 2").hasMessage("Unexpected character '&' at position 7");
    parsing("a = 1 | b = 2").hasMessage("Unexpected character '|' at position 7");
    parsing("!a = 1").hasMessage("Unexpected character '!' at position 1");
  }

  @Test
  void rejects_malformed_property_paths() {
    parsing("a. = 1").hasMessage("Unexpected character '.' at position 2");
    parsing("a..b = 1").hasMessage("Unexpected character '.' at position 2");
  }

  @Test
  void rejects_numbers_out_of_range() {
    parsing("a = 99999999999999999999")
        .hasMessage("Integer 99999999999999999999 at position 5 is out of range");
    parsing("a > -9223372036854775809")
        .hasMessage("Integer -9223372036854775809 at position 5 is out of range");
    parsing("a = 1e999").hasMessage("Number 1e999 at position 5 is out of range");
  }

  @Test
  void rejects_ranges_over_booleans_and_uuids() {
    parsing("a > true").hasMessage("Only '=' can compare with a boolean at position 3");
    parsing("a lt 6f1c3e2a-9b7d-11ee-8c90-0242ac120002")
        .hasMessage("Only '=' can compare with a UUID at position 3");
  }

  @Test
  void rejects_contains_without_a_string_or_a_point() {
    parsing("bio contains x")
        .hasMessage(
            "Expected a string or a latitude after 'contains' at position 14 but found 'x'");
    parsing("bio contains")
        .hasMessage(
            "Expected a string or a latitude after 'contains' at position 13 but found end of"
                + " query");
    parsing("bio contains 3")
        .hasMessage("Expected ',' after the latitude at position 15 but found end of query");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "loc within of 1, 2|Expected a distance in meters after 'within' at position 12 but found 'of'",
        "loc within '5' of 1, 2|Expected a distance in meters after 'within' at position 12 but found string '5'",
        "loc within 5 1, 2|Expected 'of' after the distance at position 14 but found '1'",
        "loc within 5 of|Expected a latitude after 'of' at position 16 but found end of query",
        "loc within 5 of 1 2|Expected ',' after the latitude at position 19 but found '2'",
        "loc within 5 of 1|Expected ',' after the latitude at position 18 but found end of query",
        "loc within 5 of 1,|Expected a longitude after ',' at position 19 but found end of query",
        "loc within 5 of 1, x|Expected a longitude after ',' at position 20 but found 'x'"
      })
  void rejects_within_with_missing_pieces(String ql, String message) {
    parsing(ql).hasMessage(message);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "loc within 0 of 1, 2|Expected a distance greater than 0 meters at position 12 but found '0'",
        "loc within -5 of 1, 2|Expected a distance greater than 0 meters at position 12 but found '-5'",
        "loc within 1e999 of 1, 2|Expected a distance greater than 0 meters at position 12 but found '1e999'",
        "loc within 5 of 90.5, 2|Expected a latitude between -90 and 90 at position 17 but found '90.5'",
        "loc within 5 of -91, 2|Expected a latitude between -90 and 90 at position 17 but found '-91'",
        "loc within 5 of 1, 180.01|Expected a longitude between -180 and 180 at position 20 but found '180.01'",
        "loc within 5 of 1,-181|Expected a longitude between -180 and 180 at position 19 but found '-181'"
      })
  void rejects_within_values_out_of_range(String ql, String message) {
    parsing(ql).hasMessage(message);
  }

  @Test
  void rejects_nesting_deeper_than_the_limit() {
    String deep =
        "(".repeat(QueryParser.MAX_DEPTH + 1) + "a = 1" + ")".repeat(QueryParser.MAX_DEPTH + 1);

    parsing(deep)
        .hasMessage("Query nests deeper than 64 levels at position " + (QueryParser.MAX_DEPTH + 1));
  }

  @Test
  void accepts_nesting_up_to_the_limit() {
    String deepest =
        "(".repeat(QueryParser.MAX_DEPTH) + "a = 1" + ")".repeat(QueryParser.MAX_DEPTH);

    org.assertj.core.api.Assertions.assertThat(QueryParser.parse(deepest).where()).isPresent();
  }

  @Test
  void rejects_not_chains_deeper_than_the_limit() {
    parsing("not ".repeat(QueryParser.MAX_DEPTH + 1) + "a = 1")
        .hasMessage(
            "Query nests deeper than 64 levels at position " + (4 * QueryParser.MAX_DEPTH + 1));
  }
}
