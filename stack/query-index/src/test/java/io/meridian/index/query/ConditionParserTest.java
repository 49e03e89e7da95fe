package io.meridian.index.query;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.index.query.Condition.And;
import io.meridian.index.query.Condition.Comparison;
import io.meridian.index.query.Condition.Contains;
import io.meridian.index.query.Condition.Not;
import io.meridian.index.query.Condition.Or;
import io.meridian.index.query.Condition.Within;
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

/** The where clause: comparisons, literals, logic, contains and within. */
class ConditionParserTest {

  private static Condition where(String ql) {
    return QueryParser.parse(ql).where().orElseThrow();
  }

  private static Comparison eq(String property, Value value) {
    return new Comparison(property, Operator.EQ, value);
  }

  private static Comparison eq(String property, long value) {
    return eq(property, new LongValue(value));
  }

  @ParameterizedTest
  @CsvSource({
    "=, EQ",
    "eq, EQ",
    "EQ, EQ",
    "<, LT",
    "lt, LT",
    "LT, LT",
    "<=, LTE",
    "lte, LTE",
    ">, GT",
    "gt, GT",
    "Gt, GT",
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
    assertThat(where("a='x'")).isEqualTo(eq("a", new StringValue("x", false)));
  }

  @ParameterizedTest
  @CsvSource({
    "42, 42",
    "-7, -7",
    "0, 0",
    "9223372036854775807, 9223372036854775807",
    "-9223372036854775808, -9223372036854775808"
  })
  void integers_become_longs(String literal, long expected) {
    assertThat(where("a = " + literal)).isEqualTo(eq("a", expected));
  }

  @ParameterizedTest
  @CsvSource({
    "1.5, 1.5",
    "-0.25, -0.25",
    "2e3, 2000",
    "10e10, 1e11",
    "1.5E-3, 0.0015",
    "-1.5e+2, -150",
    "5., 5",
    ".5, 0.5",
    "-.5, -0.5"
  })
  void decimals_and_exponents_become_doubles(String literal, double expected) {
    assertThat(where("a = " + literal)).isEqualTo(eq("a", new DoubleValue(expected)));
  }

  @Test
  void booleans_are_keywords_in_any_case() {
    assertThat(where("a = true")).isEqualTo(eq("a", new BooleanValue(true)));
    assertThat(where("a = FALSE")).isEqualTo(eq("a", new BooleanValue(false)));
    assertThat(where("a eq True")).isEqualTo(eq("a", new BooleanValue(true)));
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
  void quoted_uuids_stay_strings() {
    assertThat(where("owner = '6f1c3e2a-9b7d-11ee-8c90-0242ac120002'"))
        .isEqualTo(eq("owner", new StringValue("6f1c3e2a-9b7d-11ee-8c90-0242ac120002", false)));
  }

  @Test
  void escaped_quotes_and_backslashes_stay_in_strings() {
    assertThat(where("a = 'it\\'s'")).isEqualTo(eq("a", new StringValue("it's", false)));
    assertThat(where("a = 'back\\\\slash'"))
        .isEqualTo(eq("a", new StringValue("back\\slash", false)));
    assertThat(where("a = ''")).isEqualTo(eq("a", new StringValue("", false)));
    assertThat(where("a = 'Mixed Case'")).isEqualTo(eq("a", new StringValue("Mixed Case", false)));
  }

  @Test
  void trailing_star_makes_a_prefix_and_other_stars_are_literal() {
    assertThat(where("a = 'abc*'")).isEqualTo(eq("a", new StringValue("abc", true)));
    assertThat(where("a = '*'")).isEqualTo(eq("a", new StringValue("", true)));
    assertThat(where("a = 'a*c'")).isEqualTo(eq("a", new StringValue("a*c", false)));
    assertThat(where("a = 'abc\\*'")).isEqualTo(eq("a", new StringValue("abc*", false)));
    assertThat(where("a = 'abc**'")).isEqualTo(eq("a", new StringValue("abc*", true)));
  }

  @Test
  void dotted_paths_name_nested_properties() {
    assertThat(where("address.city = 'Oslo'"))
        .isEqualTo(eq("address.city", new StringValue("Oslo", false)));
    assertThat(where("first-name = 'Ann'"))
        .isEqualTo(eq("first-name", new StringValue("Ann", false)));
  }

  @Test
  void and_binds_tighter_than_or() {
    assertThat(where("a = 1 or b = 2 and c = 3"))
        .isEqualTo(new Or(List.of(eq("a", 1), new And(List.of(eq("b", 2), eq("c", 3))))));
  }

  @Test
  void symbolic_and_and_or_mean_the_keywords() {
    assertThat(where("a = 1 || b = 2 && c = 3")).isEqualTo(where("a = 1 or b = 2 and c = 3"));
    assertThat(where("a=1&&b=2")).isEqualTo(new And(List.of(eq("a", 1), eq("b", 2))));
  }

  @Test
  void chains_of_and_and_of_or_flatten_into_one_node() {
    assertThat(where("a = 1 and b = 2 AND c = 3"))
        .isEqualTo(new And(List.of(eq("a", 1), eq("b", 2), eq("c", 3))));
    assertThat(where("a = 1 or b = 2 || c = 3"))
        .isEqualTo(new Or(List.of(eq("a", 1), eq("b", 2), eq("c", 3))));
  }

  @Test
  void parentheses_override_precedence_and_nest() {
    assertThat(where("(a = 1 or b = 2) and c = 3"))
        .isEqualTo(new And(List.of(new Or(List.of(eq("a", 1), eq("b", 2))), eq("c", 3))));
    assertThat(where("((a = 1))")).isEqualTo(eq("a", 1));
  }

  @Test
  void not_applies_to_the_next_operand_and_nests() {
    assertThat(where("not a = 1 and b = 2"))
        .isEqualTo(new And(List.of(new Not(eq("a", 1)), eq("b", 2))));
    assertThat(where("not not a = 1")).isEqualTo(new Not(new Not(eq("a", 1))));
    assertThat(where("NOT (a = 1 or b = 2)"))
        .isEqualTo(new Not(new Or(List.of(eq("a", 1), eq("b", 2)))));
  }

  @Test
  void contains_takes_a_string() {
    assertThat(where("bio contains 'hiking'")).isEqualTo(new Contains("bio", "hiking"));
    assertThat(where("bio CONTAINS 'Big Dogs'")).isEqualTo(new Contains("bio", "Big Dogs"));
  }

  @Test
  void contains_keeps_a_trailing_star_only_for_a_prefix() {
    assertThat(where("bio contains 'hik*'")).isEqualTo(new Contains("bio", "hik*"));
    assertThat(where("bio contains 'hik**'")).isEqualTo(new Contains("bio", "hik*"));
    assertThat(where("bio contains 'hik\\*'")).isEqualTo(new Contains("bio", "hik"));
    assertThat(where("bio contains 'a*b'")).isEqualTo(new Contains("bio", "a*b"));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "loc within 1000 of 40.7, -74.0|1000|40.7|-74",
        "loc WITHIN 0.5 OF -33.86,151.2|0.5|-33.86|151.2",
        "loc within 1e3 of 90, 180|1000|90|180",
        "loc within 10 of -90, -180|10|-90|-180",
        "loc within 10 of 0, 0|10|0|0"
      })
  void within_takes_meters_latitude_and_longitude(
      String ql, double meters, double latitude, double longitude) {
    assertThat(where(ql)).isEqualTo(new Within("loc", meters, latitude, longitude));
  }

  @Test
  void within_combines_with_other_conditions() {
    assertThat(where("home.location within 50 of 1, 2 and not type = 'x'"))
        .isEqualTo(
            new And(
                List.of(
                    new Within("home.location", 50, 1, 2),
                    new Not(eq("type", new StringValue("x", false))))));
  }
}
