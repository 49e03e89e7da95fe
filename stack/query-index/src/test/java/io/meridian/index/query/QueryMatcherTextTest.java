package io.meridian.index.query;

import static io.meridian.index.query.QueryMatcherTest.matches;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code contains}: words of the standard analyzer, within one value. */
class QueryMatcherTextTest {
  private static final String ENTITY =
      """
      {"bio": "Loves HIKING, biking & swimming; e-mail fred@example.com",
       "quotes": ["Don't panic", "So long, and thanks"],
       "age": 27, "sku": "AB-1234_x"}
      """;

  private static boolean entity(String ql) {
    return matches(ql, ENTITY);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "bio contains 'hiking'",
        "bio contains 'Hiking'",
        "bio contains 'SWIMMING'",
        "bio contains 'swimming hiking'",
        "bio contains 'loves, biking!'",
        "bio contains 'mail'",
        "bio contains 'example.com'",
        "quotes contains 'DON\\'T'",
        "quotes contains 'thanks long'",
        "sku contains '1234_x'"
      })
  void matches_when_every_word_occurs(String ql) {
    assertThat(entity(ql)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "bio contains 'hike'",
        "bio contains 'hiking running'",
        "bio contains 'example'",
        "bio contains 'fred@example'",
        "quotes contains 'panic thanks'",
        "quotes contains 'don'",
        "age contains '27'",
        "missing contains 'x'"
      })
  void rejects_when_a_word_is_missing_from_the_value(String ql) {
    assertThat(entity(ql)).isFalse();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "bio contains 'hik*'",
        "bio contains 'HIK*'",
        "bio contains 'swimming bik*'",
        "bio contains 'exam*'",
        "quotes contains 'pan*'",
        "bio contains 'hiking*'"
      })
  void matches_a_prefix_of_the_last_word(String ql) {
    assertThat(entity(ql)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"bio contains 'ike*'", "bio contains 'hik* biking'", "bio contains 'hik\\*'"})
  void treats_only_a_trailing_star_as_a_prefix(String ql) {
    assertThat(entity(ql)).isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"bio contains ''", "bio contains '&, !'", "bio contains '&*'"})
  void matches_nothing_for_a_text_without_words(String ql) {
    assertThat(entity(ql)).isFalse();
  }

  @Test
  void a_lone_star_finds_any_string() {
    assertThat(entity("bio contains '*'")).isTrue();
    assertThat(entity("bio contains ' *'")).isTrue();
    assertThat(matches("s contains '*'", "{\"s\": [\"\"]}")).isTrue();
    assertThat(entity("age contains '*'")).isFalse();
    assertThat(entity("missing contains '*'")).isFalse();
  }

  @Test
  void not_negates_contains() {
    assertThat(entity("not bio contains 'hiking'")).isFalse();
    assertThat(entity("not bio contains 'golf'")).isTrue();
  }

  @Test
  void finds_words_in_strings_too_long_to_compare_but_only_in_the_indexed_part() {
    String head = "word ".repeat(QueryMatcher.MAX_TEXT_LENGTH / 5);
    String json = "{\"s\": \"" + head + "x".repeat(8) + " tail\"}";

    assertThat(matches("s contains 'word'", json)).isTrue();
    assertThat(matches("s = 'word*'", json)).isFalse();
    assertThat(matches("s contains 'tail'", json)).isFalse();
  }
}
