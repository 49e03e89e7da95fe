package io.meridian.index.query;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;

class QueryParserErrorsTest {

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
  }

  @Test
  void rejects_a_property_where_a_value_belongs() {
    parsing("a = b").hasMessage("Expected a value after '=' at position 5 but found 'b'");
  }

  @Test
  void rejects_missing_operator() {
    parsing("where name 'fred'")
        .hasMessage(
            "Expected an operator (=, <, <=, >, >=, eq, lt, lte, gt, gte) after 'name' at position"
                + " 12 but found string 'fred'");
  }

  @Test
  void rejects_missing_property() {
    parsing("select * where = 3")
        .hasMessage("Expected a property name, 'not' or '(' at position 16 but found '='");
    parsing("select * where")
        .hasMessage("Expected a property name, 'not' or '(' at position 15 but found end of query");
  }

  @Test
  void rejects_reserved_words_as_property_names() {
    parsing("and = 1")
        .hasMessage("Expected a property name, 'not' or '(' at position 1 but found 'and'");
  }

  @Test
  void rejects_dangling_and() {
    parsing("a = 1 and")
        .hasMessage("Expected a property name, 'not' or '(' at position 10 but found end of query");
  }

  @Test
  void rejects_unclosed_parenthesis() {
    parsing("(a = 1 or b = 2")
        .hasMessage(
            "Expected ')' to close the '(' at position 1 at position 16 but found end of query");
  }

  @Test
  void rejects_extra_closing_parenthesis() {
    parsing("a = 1)")
        .hasMessage("Expected 'and', 'or', 'order by' or end of query at position 6 but found ')'");
  }

  @Test
  void rejects_a_condition_after_select_without_where() {
    parsing("select * a = 1")
        .hasMessage("Expected 'where', 'order by' or end of query at position 10 but found 'a'");
  }

  @Test
  void rejects_empty_select_list() {
    parsing("select where a = 1")
        .hasMessage(
            "Expected '*' or a property name after 'select' at position 8 but found 'where'");
    parsing("select a, where a = 1")
        .hasMessage("Expected a property name after ',' at position 11 but found 'where'");
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
  }

  @Test
  void rejects_malformed_property_paths() {
    parsing("a. = 1").hasMessage("Unexpected character '.' at position 2");
  }

  @Test
  void rejects_integers_out_of_range() {
    parsing("a = 99999999999999999999")
        .hasMessage("Integer 99999999999999999999 at position 5 is out of range");
  }

  @Test
  void rejects_ranges_over_booleans_and_uuids() {
    parsing("a > true").hasMessage("Only '=' can compare with a boolean at position 3");
    parsing("a lt 6f1c3e2a-9b7d-11ee-8c90-0242ac120002")
        .hasMessage("Only '=' can compare with a UUID at position 3");
  }

  @Test
  void rejects_contains_without_a_string() {
    parsing("bio contains 3")
        .hasMessage("Expected a string after 'contains' at position 14 but found '3'");
  }

  @Test
  void rejects_nesting_deeper_than_the_limit() {
    String deep =
        "(".repeat(QueryParser.MAX_DEPTH + 1) + "a = 1" + ")".repeat(QueryParser.MAX_DEPTH + 1);

    parsing(deep)
        .hasMessage("Query nests deeper than 64 levels at position " + (QueryParser.MAX_DEPTH + 1));
  }

  @Test
  void rejects_not_chains_deeper_than_the_limit() {
    parsing("not ".repeat(QueryParser.MAX_DEPTH + 1) + "a = 1")
        .hasMessageStartingWith("Query nests deeper than 64 levels at position ");
  }
}
