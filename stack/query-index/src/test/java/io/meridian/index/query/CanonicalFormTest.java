package io.meridian.index.query;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class CanonicalFormTest {

  private static String canonical(String ql) {
    return new UsergridQueryLanguage().compile(ql).canonical();
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "|select *",
        "select *|select *",
        "a = 1|select * where a = 1",
        "select a,b.c where a = 1|select a, b.c where a = 1",
        "select {x:a,y:b.c}|select {x: a, y: b.c}",
        "order by a, b DESC|select * order by a asc, b desc",
        "a gte 1.5 and not b lt -2|select * where a >= 1.5 and not b < -2",
        "a = 2e3 or a = 2000|select * where a = 2000.0 or a = 2000",
        "a = true && b = 6F1C3E2A-9B7D-11EE-8C90-0242AC120002"
            + "|select * where a = true and b = 6f1c3e2a-9b7d-11ee-8c90-0242ac120002",
        "a = 'Fred' or a = 'Abc*'|select * where a = 'fred' or a = 'abc*'",
        "a = 'it\\'s a*b \\\\ c\\*'|select * where a = 'it\\'s a\\*b \\\\ c\\*'",
        "bio contains 'Big Dog*'|select * where bio contains 'Big Dog*'",
        "loc within 1000 of 40, -74|select * where loc within 1000.0 of 40.0, -74.0",
        "g CONTAINS 37.77,-122.41|select * where g contains 37.77, -122.41",
        "g contains 37, -122 and a = 1|select * where g contains 37.0, -122.0 and a = 1",
        "g contains -0.0, -0 and bio contains '1, 2'"
            + "|select * where g contains 0.0, 0.0 and bio contains '1, 2'"
      })
  void prints_the_normal_form(String ql, String expected) {
    assertThat(canonical(ql)).isEqualTo(expected);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "select * where name = 'fred' and age > 3 order by age desc",
        "SELECT * WHERE name = 'fred' AND age > 3 ORDER BY age DESC",
        "  select  *  where name='fred'   and age>3 order  by  age  desc ",
        "select * where name eq 'fred' && age gt 3 order by age desc",
        "where name = 'FRED' and (age > 3) order by age desc",
        "select * name = 'Fred' and ((age > 3)) order by age desc",
        "name = 'fred' and age > 3 order by age desc"
      })
  void is_equal_for_spellings_of_the_same_query(String ql) {
    assertThat(canonical(ql))
        .isEqualTo("select * where name = 'fred' and age > 3 order by age desc");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "g contains 37.77, -122.41|g contains 37.770,-122.410",
        "g contains 37.77, -122.41|g contains 3.777e1, -1.2241E2",
        "g contains 37, 0|g contains 37.0, -0.0",
        "g contains 1, 2 and a = 1|(g contains 1, 2) and a = 1"
      })
  void is_equal_for_spellings_of_the_same_point_containment(String one, String other) {
    assertThat(canonical(one)).isEqualTo(canonical(other));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "a = 1|a = 1.0",
        "a = 1|a = '1'",
        "a = 'x'|a = 'x*'",
        "a = 'x*'|a = 'x\\*'",
        "a = 1 and b = 2|a = 1 or b = 2",
        "a = 1 or b = 2 and c = 3|(a = 1 or b = 2) and c = 3",
        "not a = 1 and b = 2|not (a = 1 and b = 2)",
        "a < 1|a <= 1",
        "a = 0.0|a = -0.0",
        "bio contains 'dog'|bio contains 'dog*'",
        "bio contains 'Dog'|bio contains 'dog'",
        "select a, b|select b, a",
        "select a|select {a: a}",
        "select {x: a}|select {a: x}",
        "order by a|order by a desc",
        "order by a, b|order by b, a",
        "loc within 10 of 1, 2|loc within 10 of 2, 1",
        "g contains 1, 2|g contains 2, 1",
        "g contains 1, 2|g contains '1, 2'",
        "g contains 1, 2|h contains 1, 2"
      })
  void differs_for_different_queries(String one, String other) {
    assertThat(canonical(one)).isNotEqualTo(canonical(other));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "a = 1 or b = 2 and c = 3",
        "(a = 1 or b = 2) and (c = 3 or d = 4)",
        "(a = 1 or b = 2) or c = 3",
        "(a = 1 and b = 2) and c = 3",
        "not (a = 1 or b = 2) and not not c = 3",
        "not (a = 1 and b = 2)",
        "select {x: a} where a = 'it\\'s \\\\ *' and b = 'a*c' and c = 'pre*'",
        "bio contains 'x\\*y*' or loc within 0.5 of -33.86, 151.2",
        "a = 1e300 and b = -4.9E-324 and c = 9223372036854775807 order by a desc, b",
        "a = -0.0 or b = 6f1c3e2a-9b7d-11ee-8c90-0242ac120002 or c = false",
        "g contains -33.86, 151.2 and (a = 1 and b contains 'x') order by a",
        "not a = 1 and g contains 1e-7, -180"
      })
  void parses_back_to_the_same_tree(String ql) {
    Query query = QueryParser.parse(ql);

    String canonical = CanonicalForm.of(query);

    assertThat(QueryParser.parse(canonical)).isEqualTo(lowercased(query));
    assertThat(CanonicalForm.of(QueryParser.parse(canonical))).isEqualTo(canonical);
  }

  @Test
  void lowercases_compared_strings_the_way_the_index_does() {
    // The index lowercases per code point: no final sigma, İ becomes a plain i.
    assertThat(canonical("a = 'ΟΔΟΣ'")).isEqualTo("select * where a = 'οδοσ'");
    assertThat(canonical("a = 'İ'")).isEqualTo(canonical("a = 'i'"));
  }

  /** The tree the canonical form describes: the same, with compared strings lowercased. */
  private static Query lowercased(Query query) {
    return new Query(
        query.projection(), query.where().map(CanonicalFormTest::lowercased), query.orderBy());
  }

  private static Condition lowercased(Condition condition) {
    if (condition instanceof Condition.And and) {
      return new Condition.And(and.operands().stream().map(CanonicalFormTest::lowercased).toList());
    }
    if (condition instanceof Condition.Or or) {
      return new Condition.Or(or.operands().stream().map(CanonicalFormTest::lowercased).toList());
    }
    if (condition instanceof Condition.Not not) {
      return new Condition.Not(lowercased(not.operand()));
    }
    if (condition instanceof Condition.Comparison comparison
        && comparison.value() instanceof Value.StringValue text) {
      return new Condition.Comparison(
          comparison.property(),
          comparison.operator(),
          new Value.StringValue(LowercaseNormalizer.literal(text.text()), text.prefix()));
    }
    return condition;
  }
}
