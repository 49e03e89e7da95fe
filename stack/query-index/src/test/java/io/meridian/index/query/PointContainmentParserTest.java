package io.meridian.index.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.index.query.Condition.And;
import io.meridian.index.query.Condition.Comparison;
import io.meridian.index.query.Condition.Contains;
import io.meridian.index.query.Condition.Not;
import io.meridian.index.query.Condition.PointInside;
import io.meridian.index.query.Query.Direction;
import io.meridian.index.query.Query.Order;
import java.util.List;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code contains <lat>, <lon>}: its forms, its ranges and where a query may hold one. */
class PointContainmentParserTest {
  private static final String MISPLACED =
      "A point containment (`contains <lat>, <lon>`) must be and-ed at the top of the where"
          + " clause; the one at position ";

  private static Condition where(String ql) {
    return QueryParser.parse(ql).where().orElseThrow();
  }

  private static AbstractThrowableAssert<?, ? extends Throwable> parsing(String ql) {
    return assertThatThrownBy(() -> QueryParser.parse(ql))
        .isInstanceOf(MeridianException.class)
        .matches(e -> ((MeridianException) e).code() == ErrorCode.QUERY_PARSE);
  }

  @Test
  void parses_a_point_containment_and_ed_with_a_comparison_and_ordered() {
    Query query =
        QueryParser.parse(
            "select * where geometry contains 37.77, -122.41 and category = 'food'"
                + " order by priority desc");

    assertThat(query.where())
        .contains(
            new And(
                List.of(
                    new PointInside("geometry", 37.77, -122.41),
                    new Comparison(
                        "category", Operator.EQ, new Value.StringValue("food", false)))));
    assertThat(query.orderBy()).containsExactly(new Order("priority", Direction.DESC));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "g contains 37.77, -122.41|37.77|-122.41",
        "g contains 37.77,-122.41|37.77|-122.41",
        "g CONTAINS   37.77 ,   -122.41|37.77|-122.41",
        "g contains 37, -122|37|-122",
        "g contains -90, 180|-90|180",
        "g contains 90, -180|90|-180",
        "g contains .5, 5.|0.5|5",
        "g contains 1e1, -1.5E2|10|-150",
        "g contains 0, 0|0|0"
      })
  void reads_latitude_and_longitude_as_integers_decimals_or_exponents(
      String ql, double latitude, double longitude) {
    assertThat(where(ql)).isEqualTo(new PointInside("g", latitude, longitude));
  }

  @Test
  void reads_negative_zero_as_zero_so_equal_points_are_equal() {
    assertThat(where("g contains -0.0, -0")).isEqualTo(new PointInside("g", 0.0, 0.0));
    assertThat(Math.copySign(1.0, ((PointInside) where("g contains -0.0, 1")).latitude()))
        .isEqualTo(1.0);
  }

  @Test
  void reads_dotted_property_paths() {
    assertThat(where("zone.area contains 1, 2")).isEqualTo(new PointInside("zone.area", 1, 2));
  }

  @Test
  void keeps_reading_a_string_after_contains_as_text() {
    assertThat(where("bio contains 'hiking'")).isEqualTo(new Contains("bio", "hiking"));
    assertThat(where("bio contains '37.77, -122.41'"))
        .isEqualTo(new Contains("bio", "37.77, -122.41"));
    assertThat(where("bio contains 'hik*' and g contains 1, 2"))
        .isEqualTo(new And(List.of(new Contains("bio", "hik*"), new PointInside("g", 1, 2))));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "g contains 1, 2",
        "(g contains 1, 2)",
        "g contains 1, 2 and a = 1",
        "a = 1 and g contains 1, 2",
        "a = 1 && g contains 1, 2 and b = 2",
        "(g contains 1, 2) and a = 1",
        "(a = 1 and g contains 1, 2) and b = 2",
        "not a = 1 and g contains 1, 2",
        "(a = 1 or b = 2) and g contains 1, 2",
        "g contains 1, 2 and not (a = 1 or b = 2)",
        "g contains 1, 2 and loc within 5 of 1, 2"
      })
  void accepts_a_point_containment_and_ed_at_the_top(String ql) {
    assertThat(QueryParser.parse(ql).where()).isPresent();
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '#',
      value = {
        "g contains 1, 2 or a = 1#1#or",
        "a = 1 or g contains 1, 2#10#or",
        "a = 1 || g contains 1, 2#10#or",
        "a = 1 and (b = 2 or g contains 1, 2)#21#or",
        "(g contains 1, 2 and a = 1) or b = 2#2#or",
        "a = 1 and (b = 2 or (c = 3 and g contains 1, 2))#32#or",
        "not g contains 1, 2#5#not",
        "not (a = 1 and g contains 1, 2)#16#not",
        "a = 1 and not not g contains 1, 2#19#not"
      })
  void rejects_a_point_containment_under_or_or_not(String ql, int position, String operator) {
    parsing(ql).hasMessage(MISPLACED + position + " is under '" + operator + "'");
  }

  @Test
  void rejects_a_second_point_containment() {
    parsing("g contains 1, 2 and h contains 3, 4")
        .hasMessage(
            "A query may have only one point containment (`contains <lat>, <lon>`); a second"
                + " one starts at position 21");
    parsing("g contains 1, 2 or g contains 3, 4")
        .hasMessage(
            "A query may have only one point containment (`contains <lat>, <lon>`); a second"
                + " one starts at position 20");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "g contains 90.5, 2|Expected a latitude between -90 and 90 at position 12 but found '90.5'",
        "g contains -91, 2|Expected a latitude between -90 and 90 at position 12 but found '-91'",
        "g contains 1e999, 2|Expected a latitude between -90 and 90 at position 12 but found '1e999'",
        "g contains 1, 180.01|Expected a longitude between -180 and 180 at position 15 but found '180.01'",
        "g contains 1,-181|Expected a longitude between -180 and 180 at position 14 but found '-181'",
        "g contains 1, -1e999|Expected a longitude between -180 and 180 at position 15 but found '-1e999'"
      })
  void rejects_coordinates_out_of_range(String ql, String message) {
    parsing(ql).hasMessage(message);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "g contains|Expected a string or a latitude after 'contains' at position 11 but found end of query",
        "g contains x|Expected a string or a latitude after 'contains' at position 12 but found 'x'",
        "g contains true|Expected a string or a latitude after 'contains' at position 12 but found 'true'",
        "g contains 1|Expected ',' after the latitude at position 13 but found end of query",
        "g contains 1 2|Expected ',' after the latitude at position 14 but found '2'",
        "g contains 1,|Expected a longitude after ',' at position 14 but found end of query",
        "g contains 1, '2'|Expected a longitude after ',' at position 15 but found string '2'"
      })
  void rejects_a_point_containment_with_missing_pieces(String ql, String message) {
    parsing(ql).hasMessage(message);
  }

  @Test
  void keeps_not_and_or_elsewhere_in_the_tree_intact() {
    assertThat(where("g contains 1, 2 and not a = 1"))
        .isEqualTo(
            new And(
                List.of(
                    new PointInside("g", 1, 2),
                    new Not(new Comparison("a", Operator.EQ, new Value.LongValue(1))))));
  }
}
