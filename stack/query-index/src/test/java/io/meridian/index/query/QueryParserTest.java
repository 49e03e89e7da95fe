package io.meridian.index.query;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.index.query.Condition.And;
import io.meridian.index.query.Condition.Comparison;
import io.meridian.index.query.Condition.Contains;
import io.meridian.index.query.Condition.Not;
import io.meridian.index.query.Condition.Or;
import io.meridian.index.query.Query.Direction;
import io.meridian.index.query.Query.Order;
import io.meridian.index.query.Value.BooleanValue;
import io.meridian.index.query.Value.DoubleValue;
import io.meridian.index.query.Value.LongValue;
import io.meridian.index.query.Value.StringValue;
import io.meridian.index.query.Value.UuidValue;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class QueryParserTest {

  private static Condition where(String ql) {
    return QueryParser.parse(ql).where().orElseThrow();
  }

  private static Comparison eq(String property, Value value) {
    return new Comparison(property, Operator.EQ, value);
  }

  @ParameterizedTest
  @NullAndEmptySource
  @ValueSource(strings = {"   ", "select *", "SELECT *", "  select   *  "})
  void blank_and_select_star_select_everything(String ql) {
    assertThat(QueryParser.parse(ql)).isEqualTo(Query.selectAll());
  }

  @Test
  void select_lists_projected_properties() {
    Query query = QueryParser.parse("select name, address.city where age > 3");

    assertThat(query.projection().orElseThrow().fields())
        .extracting(f -> f.path())
        .containsExactly("name", "address.city");
    assertThat(query.where()).contains(new Comparison("age", Operator.GT, new LongValue(3)));
  }

  @Test
  void select_star_with_where_parses_the_condition() {
    assertThat(where("select * where name = 'fred'"))
        .isEqualTo(eq("name", new StringValue("fred", false)));
  }

  @Test
  void bare_where_clause_without_select_parses() {
    assertThat(where("name = 'fred'")).isEqualTo(eq("name", new StringValue("fred", false)));
    assertThat(where("where name = 'fred'")).isEqualTo(eq("name", new StringValue("fred", false)));
  }

  @ParameterizedTest
  @CsvSource({
    "=, EQ",
    "eq, EQ",
    "EQ, EQ",
    "<, LT",
    "lt, LT",
    "<=, LTE",
    "lte, LTE",
    ">, GT",
    "gt, GT",
    ">=, GTE",
    "gte, GTE"
  })
  void every_operator_spelling_is_recognised(String spelling, Operator operator) {
    assertThat(where("a " + spelling + " 1"))
        .isEqualTo(new Comparison("a", operator, new LongValue(1)));
  }

  @Test
  void operators_need_no_surrounding_spaces() {
    assertThat(where("a>=1")).isEqualTo(new Comparison("a", Operator.GTE, new LongValue(1)));
    assertThat(where("a<-2")).isEqualTo(new Comparison("a", Operator.LT, new LongValue(-2)));
  }

  @Test
  void literals_are_typed() {
    assertThat(where("a = 42")).isEqualTo(eq("a", new LongValue(42)));
    assertThat(where("a = -7")).isEqualTo(eq("a", new LongValue(-7)));
    assertThat(where("a = 1.5")).isEqualTo(eq("a", new DoubleValue(1.5)));
    assertThat(where("a = -0.25")).isEqualTo(eq("a", new DoubleValue(-0.25)));
    assertThat(where("a = 2e3")).isEqualTo(eq("a", new DoubleValue(2000)));
    assertThat(where("a = true")).isEqualTo(eq("a", new BooleanValue(true)));
    assertThat(where("a = FALSE")).isEqualTo(eq("a", new BooleanValue(false)));
    assertThat(where("a = 'x'")).isEqualTo(eq("a", new StringValue("x", false)));
  }

  @Test
  void bare_uuid_literals_parse_as_uuids() {
    UUID uuid = UUID.fromString("6f1c3e2a-9b7d-11ee-8c90-0242ac120002");

    assertThat(where("owner = 6f1c3e2a-9b7d-11ee-8c90-0242ac120002"))
        .isEqualTo(eq("owner", new UuidValue(uuid)));
    assertThat(where("owner = 6F1C3E2A-9B7D-11EE-8C90-0242AC120002"))
        .isEqualTo(eq("owner", new UuidValue(uuid)));
    assertThat(where("uuid = abcdef12-9b7d-11ee-8c90-0242ac120002"))
        .isEqualTo(
            eq("uuid", new UuidValue(UUID.fromString("abcdef12-9b7d-11ee-8c90-0242ac120002"))));
  }

  @Test
  void escaped_quotes_and_backslashes_stay_in_strings() {
    assertThat(where("a = 'it\\'s'")).isEqualTo(eq("a", new StringValue("it's", false)));
    assertThat(where("a = 'back\\\\slash'"))
        .isEqualTo(eq("a", new StringValue("back\\slash", false)));
    assertThat(where("a = ''")).isEqualTo(eq("a", new StringValue("", false)));
  }

  @Test
  void trailing_star_makes_a_prefix_and_other_stars_are_literal() {
    assertThat(where("a = 'abc*'")).isEqualTo(eq("a", new StringValue("abc", true)));
    assertThat(where("a = '*'")).isEqualTo(eq("a", new StringValue("", true)));
    assertThat(where("a = 'a*c'")).isEqualTo(eq("a", new StringValue("a*c", false)));
    assertThat(where("a = 'abc\\*'")).isEqualTo(eq("a", new StringValue("abc*", false)));
  }

  @Test
  void dotted_paths_name_nested_properties() {
    assertThat(where("address.city = 'Oslo'"))
        .isEqualTo(eq("address.city", new StringValue("Oslo", false)));
  }

  @Test
  void keywords_are_case_insensitive() {
    Query query = QueryParser.parse("SeLeCt * WhErE a = 1 AnD NOT b = 2 Or c = 3 ORDER BY a DESC");

    assertThat(query.where().orElseThrow()).isInstanceOf(Or.class);
    assertThat(query.orderBy()).containsExactly(new Order("a", Direction.DESC));
  }

  @Test
  void and_binds_tighter_than_or() {
    assertThat(where("a = 1 or b = 2 and c = 3"))
        .isEqualTo(
            new Or(
                List.of(
                    eq("a", new LongValue(1)),
                    new And(List.of(eq("b", new LongValue(2)), eq("c", new LongValue(3)))))));
  }

  @Test
  void chains_of_and_flatten_into_one_node() {
    assertThat(where("a = 1 and b = 2 and c = 3"))
        .isEqualTo(
            new And(
                List.of(
                    eq("a", new LongValue(1)),
                    eq("b", new LongValue(2)),
                    eq("c", new LongValue(3)))));
  }

  @Test
  void parentheses_override_precedence() {
    assertThat(where("(a = 1 or b = 2) and c = 3"))
        .isEqualTo(
            new And(
                List.of(
                    new Or(List.of(eq("a", new LongValue(1)), eq("b", new LongValue(2)))),
                    eq("c", new LongValue(3)))));
  }

  @Test
  void not_applies_to_the_next_operand_and_nests() {
    assertThat(where("not a = 1 and b = 2"))
        .isEqualTo(new And(List.of(new Not(eq("a", new LongValue(1))), eq("b", new LongValue(2)))));
    assertThat(where("not not a = 1")).isEqualTo(new Not(new Not(eq("a", new LongValue(1)))));
    assertThat(where("not (a = 1 or b = 2)"))
        .isEqualTo(new Not(new Or(List.of(eq("a", new LongValue(1)), eq("b", new LongValue(2))))));
  }

  @Test
  void contains_takes_a_string() {
    assertThat(where("bio contains 'hiking'")).isEqualTo(new Contains("bio", "hiking"));
  }

  @Test
  void order_by_takes_several_keys_with_optional_directions() {
    Query query = QueryParser.parse("select * where a = 1 order by b, c desc, d asc");

    assertThat(query.orderBy())
        .containsExactly(
            new Order("b", Direction.ASC),
            new Order("c", Direction.DESC),
            new Order("d", Direction.ASC));
  }

  @Test
  void order_by_alone_selects_everything() {
    Query query = QueryParser.parse("order by created desc");

    assertThat(query.where()).isEmpty();
    assertThat(query.orderBy()).containsExactly(new Order("created", Direction.DESC));
  }
}
