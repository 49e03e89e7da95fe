package io.meridian.core.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClientJsonTest {
  /** Words that only a Java class, package, method or parser setting would bring into a message. */
  private static final List<String> INTERNALS =
      List.of(
          "`",
          "com.fasterxml",
          "jackson",
          "java.",
          "io.meridian",
          "StreamReadConstraints",
          "StreamReadFeature",
          "JsonReadFeature",
          "DeserializationFeature",
          "Exception",
          "Feature",
          "Source:",
          "REDACTED");

  private static String failure(String json) {
    MeridianException failure =
        catchThrowableOfType(
            MeridianException.class, () -> ClientJson.parse(json.getBytes(StandardCharsets.UTF_8)));
    assertThat(failure).as("parsing %s", json).isNotNull();
    assertThat(failure.code()).isEqualTo(ErrorCode.JSON_PARSE);
    return failure.description();
  }

  private static void assertNoInternals(String description) {
    for (String internal : INTERNALS) {
      assertThat(description).as(description).doesNotContainIgnoringCase(internal);
    }
  }

  @Test
  void deep_nesting_is_described_by_the_limit() {
    String description = failure("[".repeat(40) + "]".repeat(40));

    assertThat(description).isEqualTo("The JSON is nested deeper than 32 levels");
  }

  @Test
  void a_long_number_is_described_by_the_limit() {
    assertThat(failure("{\"a\":" + "1".repeat(1200) + "}"))
        .isEqualTo("A number is longer than 1000 digits");
    assertThat(failure("{\"a\":0." + "1".repeat(1200) + "}"))
        .isEqualTo("A number is longer than 1000 digits");
  }

  @Test
  void a_long_field_name_is_described_by_the_limit() {
    assertThat(failure("{\"" + "n".repeat(60_000) + "\":1}"))
        .isEqualTo("A field name is longer than 50000 characters");
  }

  @Test
  void content_after_the_value_is_named_with_its_position() {
    assertThat(failure("{\"a\":1} {}"))
        .isEqualTo("Unexpected content after the JSON value at line 1, column 9");
    assertThat(failure("{} trailing"))
        .isEqualTo("Unexpected content after the JSON value at line 1, column 4");
    assertThat(failure("[1]\n 5"))
        .isEqualTo("Unexpected content after the JSON value at line 2, column 2");
  }

  @Test
  void a_truncated_document_says_it_ends_early() {
    assertThat(failure("{\"name\": \"x\""))
        .isEqualTo("The JSON ends before its value is complete (line 1, column 13)");
  }

  @Test
  void no_value_at_all_is_refused() {
    assertThat(failure("  \n ")).isEqualTo("The request body holds no JSON value");
  }

  @Test
  void syntax_errors_keep_the_tokenizer_description_of_the_characters() {
    assertThat(failure("{age: 4}"))
        .isEqualTo(
            "The request body is not valid JSON (line 1, column 2): Unexpected character ('a'"
                + " (code 97)): was expecting double-quote to start field name");
  }

  @Test
  void hints_naming_parser_settings_are_left_out() {
    assertThat(failure("{\"a\": NaN}")).endsWith(": Non-standard token 'NaN'");
    assertThat(failure("{\"a\": +1}"))
        .endsWith("JSON spec does not allow numbers to have plus signs");
    assertThat(failure("{\"a\": 1 /* c */}")).endsWith("maybe a (non-standard) comment?");
    assertThat(failure("{\"a\": [1}")).endsWith("Unexpected close marker '}': expected ']'");
  }

  @Test
  void no_description_names_a_class_a_package_or_a_parser_setting() {
    List<String> bad =
        List.of(
            "[".repeat(33) + "]".repeat(33),
            "{\"a\":" + "9".repeat(1001) + "}",
            "{\"a\":-" + "9".repeat(1001) + "e5}",
            "{\"" + "k".repeat(50_001) + "\":true}",
            "{} {}",
            "[] x",
            "1 2",
            "{\"a\":1,}",
            "[1,]",
            "{'a':1}",
            "{\"a\":Infinity}",
            "{\"a\":01}",
            "{\"a\":\"\u0001\"}",
            "{\"a\":\"\\u00zz\"}",
            "{\"a\":[1}",
            "{\"a\":1]",
            "{\"a\" 1}",
            "// x\n{}",
            "\u001e{}",
            "{\"a\":tru}",
            "\"unterminated",
            "-",
            "{",
            "]");
    for (String json : bad) {
      assertNoInternals(failure(json));
    }
  }

  @Test
  void valid_documents_parse() {
    assertThat(ClientJson.parse("{\"a\":[1,2,{\"b\":null}]}".getBytes(StandardCharsets.UTF_8)))
        .hasToString("{\"a\":[1,2,{\"b\":null}]}");
    assertThat(ClientJson.parse(" 42 \n".getBytes(StandardCharsets.UTF_8)).intValue())
        .isEqualTo(42);
  }
}
