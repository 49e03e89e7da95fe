package io.meridian.index.query;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Comparisons, types and logic; contains and within have their own tests. */
class QueryMatcherTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** An entity as the API renders it. */
  private static final String USER =
      """
      {"uuid": "6f1c3e2a-9b7d-11ee-8c90-0242ac120002", "type": "user", "name": "Fred",
       "created": 1700000000000, "modified": 1700000000500,
       "metadata": {"path": "/users/6f1c3e2a-9b7d-11ee-8c90-0242ac120002"},
       "age": 27, "height": 1.8, "active": true, "nickname": "27",
       "owner": "ABCDEF12-9B7D-11EE-8C90-0242AC120002",
       "tags": ["Red", "green"], "scores": [[1, 2], [30]],
       "address": {"city": "Oslo", "zip": "0150", "metadata": {"floor": 3}},
       "friends": [{"name": "ann"}, {"name": "bob", "age": 40}],
       "dotted.key": "here", "nothing": null}
      """;

  static boolean matches(String ql, String json) {
    try {
      return new UsergridQueryLanguage().compile(ql).matches((ObjectNode) JSON.readTree(json));
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(e);
    }
  }

  private static boolean user(String ql) {
    return matches(ql, USER);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "name = 'fred'",
        "name = 'FRED'",
        "name eq 'Fred'",
        "name > 'Alice'",
        "name >= 'fred'",
        "name < 'george'",
        "name <= 'FRED'",
        "name gt 'a' and name lt 'G'",
        "type = 'user'"
      })
  void compares_strings_ignoring_case(String ql) {
    assertThat(user(ql)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"name = 'fre'", "name > 'fred'", "name < 'FRED'", "name >= 'Zed'"})
  void rejects_strings_on_the_wrong_side(String ql) {
    assertThat(user(ql)).isFalse();
  }

  @Test
  void orders_strings_by_code_point_as_lucene_orders_terms() {
    // U+FF61 sorts after the surrogate pair of U+1F600 in UTF-16, before it in code points.
    assertThat(matches("s > '\uFF61'", "{\"s\": \"\uD83D\uDE00\"}")).isTrue();
    assertThat(matches("s < 'b'", "{\"s\": \"ab\"}")).isTrue();
    assertThat(matches("s > 'a'", "{\"s\": \"ab\"}")).isTrue();
  }

  @Test
  void lowercases_per_code_point_like_the_index() {
    // Per code point, Σ is σ wherever it stands (no final-sigma rule), in values and literals.
    assertThat(matches("s = 'οδοσ'", "{\"s\": \"ΟΔΟΣ\"}")).isTrue();
    assertThat(matches("s = 'ΟΔΟΣ'", "{\"s\": \"ΟΔΟΣ\"}")).isTrue();
    assertThat(matches("s = 'οδος'", "{\"s\": \"ΟΔΟΣ\"}")).isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"name = 'fr*'", "name = 'FR*'", "name = 'Fred*'", "name = '*'"})
  void matches_string_prefixes_ignoring_case(String ql) {
    assertThat(user(ql)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"name = 'red*'", "name = 'freddy*'", "age = '2*'", "name = 'fr\\*'"})
  void rejects_what_the_prefix_does_not_start(String ql) {
    assertThat(user(ql)).isFalse();
  }

  @Test
  void a_range_bound_ignores_the_prefix_marker() {
    assertThat(user("name >= 'fred*'")).isTrue();
    assertThat(user("name > 'fred*'")).isFalse();
  }

  @Test
  void strings_beyond_the_keyword_limit_are_not_compared() {
    String longest = "x".repeat(QueryMatcher.MAX_KEYWORD_LENGTH);

    assertThat(matches("s = 'x*'", "{\"s\": \"" + longest + "\"}")).isTrue();
    assertThat(matches("s = 'x*'", "{\"s\": \"" + longest + "x\"}")).isFalse();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "age = 27",
        "age = 27.0",
        "age eq 2.7e1",
        "age > 26.5",
        "age >= 27",
        "age < 28",
        "age <= 27",
        "age > -1",
        "height = 1.8",
        "height > 1",
        "height < 2",
        "scores = 30",
        "scores = 2"
      })
  void compares_numbers_as_doubles(String ql) {
    assertThat(user(ql)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"age = 26", "age > 27", "age < 27", "height = 2", "scores > 30"})
  void rejects_numbers_that_do_not_compare(String ql) {
    assertThat(user(ql)).isFalse();
  }

  @Test
  void matches_whole_numbers_written_as_decimals() {
    assertThat(matches("a = 27", "{\"a\": 27.0}")).isTrue();
    assertThat(matches("a = 27", "{\"a\": 2.7e1}")).isTrue();
  }

  @Test
  void compares_integers_beyond_two_to_the_53_as_longs_with_integer_entries_only() {
    String big = "{\"a\": 9007199254740993, \"d\": 1e20}";

    assertThat(matches("a = 9007199254740993", big)).isTrue();
    assertThat(matches("a = 9007199254740995", big)).isFalse();
    assertThat(matches("a < 9007199254740995", big)).isTrue();
    // Only integers are indexed as longs, so a decimal entry never meets such a literal.
    assertThat(matches("d > 9007199254740995", big)).isFalse();
    // Up to 2^53 the literal is compared as a double, which rounds the entry.
    assertThat(matches("a = 9007199254740992", big)).isTrue();
  }

  @Test
  void distinguishes_negative_zero_as_lucene_does() {
    assertThat(matches("a = 0", "{\"a\": -0.0}")).isFalse();
    assertThat(matches("a < 0", "{\"a\": -0.0}")).isTrue();
    assertThat(matches("a = -0.0", "{\"a\": -0.0}")).isTrue();
  }

  @Test
  void compares_booleans() {
    assertThat(user("active = true")).isTrue();
    assertThat(user("active = FALSE")).isFalse();
    assertThat(matches("a = true", "{\"a\": \"true\"}")).isFalse();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "nickname = 27",
        "age = '27'",
        "active = 'true'",
        "name = true",
        "owner = 1",
        "age = 6f1c3e2a-9b7d-11ee-8c90-0242ac120002",
        "address = 'Oslo'"
      })
  void never_compares_across_types(String ql) {
    assertThat(user(ql)).isFalse();
  }

  @Test
  void matches_uuid_literals_against_strings_in_uuid_form() {
    assertThat(user("owner = abcdef12-9b7d-11ee-8c90-0242ac120002")).isTrue();
    assertThat(user("owner = ABCDEF12-9B7D-11EE-8C90-0242AC120002")).isTrue();
    assertThat(user("owner = 'abcdef12-9b7d-11ee-8c90-0242ac120002'")).isTrue();
    assertThat(user("owner = abcdef12-9b7d-11ee-8c90-0242ac120003")).isFalse();
    assertThat(user("uuid = 6f1c3e2a-9b7d-11ee-8c90-0242ac120002")).isTrue();
    assertThat(user("uuid = 6f1c3e2a-9b7d-11ee-8c90-0242ac120003")).isFalse();
  }

  @Test
  void compares_created_and_modified_as_numbers() {
    assertThat(user("created = 1700000000000")).isTrue();
    assertThat(user("created < 1700000000001")).isTrue();
    assertThat(user("modified > 1700000000000 and modified <= 1700000000500")).isTrue();
    assertThat(user("created > 1700000000000")).isFalse();
    assertThat(user("created >= 1.7e12")).isTrue();
    assertThat(matches("created > 1", "{\"created\": \"1700000000000\"}")).isFalse();
  }

  @Test
  void matches_when_some_element_of_an_array_matches() {
    assertThat(user("tags = 'red'")).isTrue();
    assertThat(user("tags = 'GREEN'")).isTrue();
    assertThat(user("tags = 'red' and tags = 'green'")).isTrue();
    assertThat(user("tags = 'blue'")).isFalse();
    assertThat(user("tags > 'h'")).isTrue();
  }

  @Test
  void not_negates_the_whole_some_element_test() {
    assertThat(user("not tags = 'red'")).isFalse();
    assertThat(user("not tags = 'blue'")).isTrue();
    assertThat(user("not not tags = 'red'")).isTrue();
  }

  @Test
  void follows_dotted_paths_into_objects_and_arrays_of_objects() {
    assertThat(user("address.city = 'oslo'")).isTrue();
    assertThat(user("address.zip = '0150'")).isTrue();
    assertThat(user("friends.name = 'bob'")).isTrue();
    assertThat(user("friends.age = 40")).isTrue();
    assertThat(user("dotted.key = 'here'")).isTrue();
    assertThat(user("address.metadata.floor = 3")).isTrue();
  }

  @Test
  void never_matches_top_level_metadata_missing_or_null_properties() {
    assertThat(user("metadata.path = '/users*'")).isFalse();
    assertThat(user("missing = 1")).isFalse();
    assertThat(user("nothing = 'null'")).isFalse();
    assertThat(user("not missing = 1")).isTrue();
  }

  @Test
  void ignores_property_names_beyond_the_name_limit() {
    String name = "a".repeat(IndexEntries.MAX_NAME_LENGTH);

    assertThat(matches(name + " = 1", "{\"" + name + "\": 1}")).isTrue();
    assertThat(matches(name + "a = 1", "{\"" + name + "a\": 1}")).isFalse();
  }

  @Test
  void combines_conditions_with_and_or_and_not() {
    assertThat(user("name = 'fred' and age = 27")).isTrue();
    assertThat(user("name = 'fred' and age = 28")).isFalse();
    assertThat(user("name = 'bob' or age = 27")).isTrue();
    assertThat(user("name = 'bob' || age = 28")).isFalse();
    assertThat(user("not name = 'bob' && not (age = 28 or active = false)")).isTrue();
    assertThat(user("(name = 'bob' or age = 27) and not active = true")).isFalse();
  }
}
