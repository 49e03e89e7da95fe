package io.meridian.index.query;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.query.CompiledQuery;
import io.meridian.core.query.Projection;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ParsedQueryTest {
  private final UsergridQueryLanguage language = new UsergridQueryLanguage();

  @Test
  void exposes_the_projection_of_the_selection() {
    assertThat(language.compile("select {n: name} where a = 1").projection())
        .contains(new Projection(List.of(new Projection.Field("name", "n")), true));
    assertThat(language.compile("select * where a = 1").projection()).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"a = 1", "select * where not a = 1", "loc within 5 of 1, 2"})
  void filters_when_there_is_a_where_clause(String ql) {
    assertThat(language.compile(ql).filters()).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "select *", "select a, b", "order by a"})
  void does_not_filter_without_a_where_clause(String ql) {
    assertThat(language.compile(ql).filters()).isFalse();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "order by a",
        "select a order by a desc",
        "a = 1 order by b",
        "loc within 5 of 1, 2",
        "a = 1 and (b = 2 or not loc within 5 of 1, 2)"
      })
  void is_ordered_with_an_order_by_or_a_within_anywhere(String ql) {
    assertThat(language.compile(ql).ordered()).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "a = 1", "select a where not (b = 2 or c contains 'x')"})
  void is_not_ordered_otherwise(String ql) {
    assertThat(language.compile(ql).ordered()).isFalse();
  }

  @Test
  void matches_every_entity_without_a_where_clause() {
    ObjectNode entity = JsonNodeFactory.instance.objectNode().put("name", "x");

    assertThat(language.compile("order by name").matches(entity)).isTrue();
    assertThat(language.compile("").matches(JsonNodeFactory.instance.objectNode())).isTrue();
  }

  @Test
  void matches_through_the_where_clause() {
    ObjectNode entity = JsonNodeFactory.instance.objectNode().put("name", "Fred");
    CompiledQuery fred = language.compile("name = 'fred'");

    assertThat(fred.matches(entity)).isTrue();
    assertThat(language.compile("name = 'bob'").matches(entity)).isFalse();
  }

  @Test
  void keeps_the_tree_and_prints_as_its_canonical_form() {
    ParsedQuery query = ParsedQuery.parse("A GT 1");

    assertThat(query.query()).isEqualTo(QueryParser.parse("A > 1"));
    // Property names are folded (PropertyNamesTest); keywords were never case-sensitive.
    assertThat(query).hasToString("select * where a > 1");
  }
}
