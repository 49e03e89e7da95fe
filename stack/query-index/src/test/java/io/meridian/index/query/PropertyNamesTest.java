package io.meridian.index.query;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Property names in queries are case-insensitive, in where, order by and the matcher alike. */
class PropertyNamesTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void a_lower_case_name_is_returned_as_it_is() {
    String name = "address.city";

    assertThat(PropertyNames.fold(name)).isSameAs(name);
  }

  @Test
  void a_name_with_capitals_is_lower_cased_code_point_by_code_point() {
    assertThat(PropertyNames.fold("Address.ZIP")).isEqualTo("address.zip");
    assertThat(PropertyNames.fold("ÅrSTALL")).isEqualTo("årstall");
  }

  @Test
  void the_parser_folds_the_names_of_where_and_order_by() {
    Query query =
        QueryParser.parse(
            "select * where Ordinal = 1 and Geo.Loc within 5 of 1, 2" + " order by LastName desc");

    assertThat(query.where().orElseThrow())
        .isEqualTo(
            new Condition.And(
                List.of(
                    new Condition.Comparison("ordinal", Operator.EQ, new Value.LongValue(1)),
                    new Condition.Within("geo.loc", 5, 1, 2))));
    assertThat(query.orderBy()).containsExactly(new Query.Order("lastname", Query.Direction.DESC));
  }

  @Test
  void equal_queries_but_for_the_case_of_names_have_one_canonical_form() {
    assertThat(ParsedQuery.parse("ORDINAL > 2 order by Ordinal").canonical())
        .isEqualTo(ParsedQuery.parse("ordinal > 2 order by ordinal").canonical());
  }

  @Test
  void the_matcher_finds_a_property_whatever_the_case_of_its_name_or_the_query() throws Exception {
    ObjectNode entity =
        (ObjectNode) JSON.readTree("{\"Ordinal\": 3, \"Place\": {\"City\": \"Oslo\"}}");

    assertThat(ParsedQuery.parse("ordinal = 3").matches(entity)).isTrue();
    assertThat(ParsedQuery.parse("ORDINAL = 3").matches(entity)).isTrue();
    assertThat(ParsedQuery.parse("place.city = 'oslo'").matches(entity)).isTrue();
    assertThat(ParsedQuery.parse("ordinal = 4").matches(entity)).isFalse();
  }

  @Test
  void the_in_memory_sort_key_reads_a_property_whatever_the_case_of_its_name() throws Exception {
    ObjectNode entity = (ObjectNode) JSON.readTree("{\"Ordinal\": 3}");

    assertThat(ParsedQuery.parse("order by ORDINAL").sortKey(entity)).contains(3.0);
  }
}
