package io.meridian.index.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.index.query.Token.Kind;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TokenizerTest {

  private static List<Kind> kinds(String text) {
    return Tokenizer.tokenize(text).stream().map(Token::kind).toList();
  }

  private static Token only(String text) {
    List<Token> tokens = Tokenizer.tokenize(text);
    assertThat(tokens).hasSize(2);
    return tokens.get(0);
  }

  @Test
  void gives_every_token_its_one_based_column_and_ends_one_past_the_text() {
    List<Token> tokens = Tokenizer.tokenize("  a >= 'x'");

    assertThat(tokens)
        .extracting(Token::position)
        .containsExactly(3, 5, 8, Integer.valueOf("  a >= 'x'".length() + 1));
    assertThat(tokens.get(3).kind()).isEqualTo(Kind.END);
  }

  @Test
  void recognises_punctuation_and_symbolic_logic() {
    assertThat(kinds("( ) , : { } * && ||"))
        .containsExactly(
            Kind.LEFT_PAREN,
            Kind.RIGHT_PAREN,
            Kind.COMMA,
            Kind.COLON,
            Kind.LEFT_BRACE,
            Kind.RIGHT_BRACE,
            Kind.STAR,
            Kind.AND,
            Kind.OR,
            Kind.END);
  }

  @ParameterizedTest
  @CsvSource({"=, =", "<, <", "<=, <=", ">, >", ">=, >="})
  void reads_symbolic_operators(String text, String expected) {
    assertThat(only(text)).isEqualTo(new Token(Kind.OPERATOR, expected, 1));
  }

  @ParameterizedTest
  @CsvSource({
    "42, INTEGER",
    "-42, INTEGER",
    "1.5, DECIMAL",
    "-0.25, DECIMAL",
    "5., DECIMAL",
    ".5, DECIMAL",
    "-.5, DECIMAL",
    "10e10, DECIMAL",
    "1.5E-3, DECIMAL",
    "2e+3, DECIMAL"
  })
  void reads_usergrid_number_forms(String text, Kind kind) {
    assertThat(only(text)).isEqualTo(new Token(kind, text, 1));
  }

  @Test
  void reads_dotted_and_hyphenated_identifiers() {
    assertThat(only("address.city_name"))
        .isEqualTo(new Token(Kind.IDENTIFIER, "address.city_name", 1));
    assertThat(only("first-name.x-y")).isEqualTo(new Token(Kind.IDENTIFIER, "first-name.x-y", 1));
  }

  @Test
  void reads_uuids_before_numbers_and_identifiers() {
    assertThat(only("6f1c3e2a-9b7d-11ee-8c90-0242ac120002").kind()).isEqualTo(Kind.UUID);
    assertThat(only("abcdef12-9b7d-11ee-8c90-0242ac120002").kind()).isEqualTo(Kind.UUID);
  }

  @Test
  void strings_lose_their_quotes_and_escapes_and_remember_a_trailing_star() {
    assertThat(only("'it\\'s'")).isEqualTo(new Token(Kind.STRING, "it's", 1, false));
    assertThat(only("'abc*'")).isEqualTo(new Token(Kind.STRING, "abc", 1, true));
    assertThat(only("'a*c'")).isEqualTo(new Token(Kind.STRING, "a*c", 1, false));
    assertThat(only("'abc\\*'")).isEqualTo(new Token(Kind.STRING, "abc*", 1, false));
  }

  @Test
  void rejects_an_unterminated_string_naming_where_it_starts() {
    assertThatThrownBy(() -> Tokenizer.tokenize("a = 'open"))
        .isInstanceOf(MeridianException.class)
        .hasMessage("Unterminated string starting at position 5")
        .matches(e -> ((MeridianException) e).code() == ErrorCode.QUERY_PARSE);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = ';',
      value = {"a & b;&;3", "a | b;|;3", "a ! b;!;3", "a = 1 #;#;7", "a = \"x\";\";5"})
  void rejects_characters_outside_the_language(String text, String character, int position) {
    assertThatThrownBy(() -> Tokenizer.tokenize(text))
        .isInstanceOf(MeridianException.class)
        .hasMessage("Unexpected character '" + character + "' at position " + position);
  }
}
