package io.meridian.index.query;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.query.Projection;
import io.meridian.core.query.Projection.Field;
import io.meridian.index.query.Condition.Comparison;
import io.meridian.index.query.Query.Direction;
import io.meridian.index.query.Query.Order;
import io.meridian.index.query.Value.LongValue;
import io.meridian.index.query.Value.StringValue;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

/** The clauses of a query: selection, where and order by. Conditions: ConditionParserTest. */
class QueryParserTest {
  private static final Comparison NAME_IS_FRED =
      new Comparison("name", Operator.EQ, new StringValue("fred", false));

  @ParameterizedTest
  @NullAndEmptySource
  @ValueSource(strings = {"   ", "select *", "SELECT *", "  select   *  ", "\tselect\n*\r\n"})
  void blank_and_select_star_select_everything(String ql) {
    assertThat(QueryParser.parse(ql)).isEqualTo(Query.selectAll());
  }

  @Test
  void parses_a_plain_select_into_a_projection_whose_aliases_are_the_paths() {
    Query query = QueryParser.parse("select name, address.city where age > 3");

    assertThat(query.projection())
        .contains(
            new Projection(
                List.of(new Field("name", "name"), new Field("address.city", "address.city")),
                false));
    assertThat(query.where()).contains(new Comparison("age", Operator.GT, new LongValue(3)));
  }

  @Test
  void parses_aliased_select_into_a_projection() {
    Query query = QueryParser.parse("select {who: name, town: address.city} where age > 3");

    assertThat(query.projection())
        .contains(
            new Projection(
                List.of(new Field("name", "who"), new Field("address.city", "town")), true));
  }

  @Test
  void parses_an_aliased_select_of_one_field_without_spaces() {
    assertThat(QueryParser.parse("select{a:b}").projection())
        .contains(new Projection(List.of(new Field("b", "a")), true));
  }

  @Test
  void select_star_with_where_parses_the_condition() {
    Query query = QueryParser.parse("select * where name = 'fred'");

    assertThat(query.projection()).isEmpty();
    assertThat(query.where()).contains(NAME_IS_FRED);
  }

  @ParameterizedTest
  @ValueSource(strings = {"name = 'fred'", "where name = 'fred'", "WHERE name = 'fred'"})
  void a_query_may_be_just_a_condition(String ql) {
    assertThat(QueryParser.parse(ql))
        .isEqualTo(new Query(Optional.empty(), Optional.of(NAME_IS_FRED), List.of()));
  }

  @Test
  void where_is_optional_after_a_selection_as_in_usergrid() {
    assertThat(QueryParser.parse("select * name = 'fred'").where()).contains(NAME_IS_FRED);
    assertThat(QueryParser.parse("select * (name = 'fred')").where()).contains(NAME_IS_FRED);
    assertThat(QueryParser.parse("select * not name = 'fred'").where())
        .contains(new Condition.Not(NAME_IS_FRED));

    Query listed = QueryParser.parse("select a, b name = 'fred'");
    assertThat(listed.projection().orElseThrow().fields())
        .extracting(Field::path)
        .containsExactly("a", "b");
    assertThat(listed.where()).contains(NAME_IS_FRED);
  }

  @Test
  void keywords_are_case_insensitive() {
    Query query =
        QueryParser.parse("SeLeCt * WhErE a = 1 AnD NOT b = 2 Or c ConTains 'x' ORDER BY a DESC");

    assertThat(query.where().orElseThrow()).isInstanceOf(Condition.Or.class);
    assertThat(query.orderBy()).containsExactly(new Order("a", Direction.DESC));
  }

  @Test
  void order_by_takes_several_keys_with_optional_directions() {
    Query query = QueryParser.parse("select * where a = 1 order by b, c desc, d asc, e.f");

    assertThat(query.orderBy())
        .containsExactly(
            new Order("b", Direction.ASC),
            new Order("c", Direction.DESC),
            new Order("d", Direction.ASC),
            new Order("e.f", Direction.ASC));
  }

  @Test
  void order_by_alone_selects_everything() {
    Query query = QueryParser.parse("order by created desc");

    assertThat(query.projection()).isEmpty();
    assertThat(query.where()).isEmpty();
    assertThat(query.orderBy()).containsExactly(new Order("created", Direction.DESC));
  }

  @Test
  void a_selection_may_be_followed_directly_by_order_by() {
    Query query = QueryParser.parse("select name order by name");

    assertThat(query.projection().orElseThrow().fields())
        .containsExactly(new Field("name", "name"));
    assertThat(query.where()).isEmpty();
    assertThat(query.orderBy()).containsExactly(new Order("name", Direction.ASC));
  }

  @Test
  void a_condition_may_be_followed_directly_by_order_by() {
    Query query = QueryParser.parse("name = 'fred' order by age desc");

    assertThat(query.where()).contains(NAME_IS_FRED);
    assertThat(query.orderBy()).containsExactly(new Order("age", Direction.DESC));
  }

  @Test
  void words_that_are_only_keywords_in_one_place_can_name_properties_elsewhere() {
    Query query = QueryParser.parse("select desc, of where asc = 1 order by desc desc");

    assertThat(query.projection().orElseThrow().fields())
        .extracting(Field::path)
        .containsExactly("desc", "of");
    assertThat(query.where()).contains(new Comparison("asc", Operator.EQ, new LongValue(1)));
    assertThat(query.orderBy()).containsExactly(new Order("desc", Direction.DESC));
  }
}
