package io.meridian.index.query;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.query.CompiledQuery;
import io.meridian.core.query.GeoCondition;
import io.meridian.core.query.GeoCondition.Near;
import io.meridian.core.query.GeoCondition.PointInside;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What a parsed query tells the in-memory geo indexes: its geographic conditions. */
class ParsedQueryGeoTest {
  private final UsergridQueryLanguage language = new UsergridQueryLanguage();

  private CompiledQuery compile(String ql) {
    return language.compile(ql);
  }

  @Test
  void lists_every_geographic_condition_anywhere_in_reading_order() {
    CompiledQuery query =
        compile(
            "(a within 10 of 1, 2 or b = 1) and g contains 3, 4"
                + " and not (c within 20.5 of -5, -6 and d = 2)");

    assertThat(query.geoConditions())
        .containsExactly(
            new Near("a", 10, 1, 2), new PointInside("g", 3, 4), new Near("c", 20.5, -5, -6));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "order by a", "a = 1 or b contains 'x'", "bio contains '1, 2'"})
  void lists_no_geographic_condition_without_one(String ql) {
    assertThat(compile(ql).geoConditions()).isEmpty();
    assertThat(compile(ql).topLevelGeo()).isEmpty();
  }

  @Test
  void answers_the_whole_where_clause_as_top_level() {
    assertThat(compile("g contains 37.77, -122.41").topLevelGeo())
        .contains(new PointInside("g", 37.77, -122.41));
    assertThat(compile("loc within 5 of 1, 2 order by a").topLevelGeo())
        .contains(new Near("loc", 5, 1, 2));
  }

  @Test
  void finds_the_top_level_condition_among_the_and_operands() {
    assertThat(compile("a = 1 and loc within 5 of 1, 2 and b = 2").topLevelGeo())
        .contains(new Near("loc", 5, 1, 2));
    assertThat(compile("a = 1 and (b = 2 and g contains 1, 2)").topLevelGeo())
        .contains(new PointInside("g", 1, 2));
  }

  @Test
  void prefers_a_point_containment_to_a_within_wherever_each_stands() {
    GeoCondition point = new PointInside("g", 3, 4);

    assertThat(compile("loc within 5 of 1, 2 and g contains 3, 4").topLevelGeo()).contains(point);
    assertThat(compile("g contains 3, 4 and loc within 5 of 1, 2").topLevelGeo()).contains(point);
  }

  @Test
  void takes_the_first_top_level_within_when_there_are_several() {
    assertThat(compile("a within 5 of 1, 2 and b within 6 of 3, 4").topLevelGeo())
        .contains(new Near("a", 5, 1, 2));
    assertThat(compile("(a within 5 of 1, 2 or c = 1) and b within 6 of 3, 4").topLevelGeo())
        .contains(new Near("b", 6, 3, 4));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "loc within 5 of 1, 2 or a = 1",
        "not loc within 5 of 1, 2",
        "a = 1 and (b = 2 or loc within 5 of 1, 2)",
        "a = 1 and not (b = 2 and loc within 5 of 1, 2)"
      })
  void has_no_top_level_condition_under_or_or_not(String ql) {
    assertThat(compile(ql).geoConditions()).hasSize(1);
    assertThat(compile(ql).topLevelGeo()).isEmpty();
  }

  @Test
  void keeps_the_default_order_for_a_point_containment_alone() {
    assertThat(compile("g contains 1, 2").ordered()).isFalse();
    assertThat(compile("g contains 1, 2").filters()).isTrue();
    assertThat(compile("g contains 1, 2").hasOrderBy()).isFalse();
    assertThat(compile("g contains 1, 2 order by a").ordered()).isTrue();
    assertThat(compile("g contains 1, 2 order by a").hasOrderBy()).isTrue();
    assertThat(compile("g contains 1, 2 and loc within 5 of 1, 2").ordered()).isTrue();
  }
}
