package io.meridian.index.query;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TextAnalyzerTest {

  @Test
  void splits_on_spaces_and_punctuation_and_lowercases() {
    assertThat(TextAnalyzer.words("The QUICK brown-fox, jumped!  (twice)"))
        .containsExactly("the", "quick", "brown", "fox", "jumped", "twice");
  }

  @Test
  void keeps_no_stop_words() {
    assertThat(TextAnalyzer.words("a and the of")).containsExactly("a", "and", "the", "of");
  }

  @Test
  void joins_letters_across_apostrophes_periods_and_colons() {
    assertThat(TextAnalyzer.words("don't example.com S:t it’s"))
        .containsExactly("don't", "example.com", "s:t", "it’s");
  }

  @Test
  void splits_at_a_joiner_that_is_not_between_letters() {
    assertThat(TextAnalyzer.words("end. 'quoted' a:1 trailing. x'"))
        .containsExactly("end", "quoted", "a", "1", "trailing", "x");
  }

  @Test
  void joins_digits_across_commas_and_periods() {
    assertThat(TextAnalyzer.words("3.14 1,000,000 1;2 v1.2 a,b"))
        .containsExactly("3.14", "1,000,000", "1;2", "v1.2", "a", "b");
  }

  @Test
  void keeps_letters_digits_and_underscores_together() {
    assertThat(TextAnalyzer.words("abc123 R2-D2 snake_case __init__ ___ _"))
        .containsExactly("abc123", "r2", "d2", "snake_case", "__init__");
  }

  @Test
  void splits_email_addresses_at_the_at_sign() {
    assertThat(TextAnalyzer.words("fred@example.com")).containsExactly("fred", "example.com");
  }

  @Test
  void makes_each_ideograph_and_hiragana_a_word_and_keeps_katakana_runs() {
    assertThat(TextAnalyzer.words("東京タワーへようこそ"))
        .containsExactly("東", "京", "タワー", "へ", "よ", "う", "こ", "そ");
  }

  @Test
  void keeps_accents_and_combining_marks_in_words() {
    assertThat(TextAnalyzer.words("Café naïve cafe\u0301 Ärger"))
        .containsExactly("café", "naïve", "cafe\u0301", "ärger");
  }

  @Test
  void lowercases_per_code_point() {
    assertThat(TextAnalyzer.words("ΟΔΟΣ İstanbul")).containsExactly("οδοσ", "istanbul");
  }

  @Test
  void splits_words_longer_than_the_token_limit() {
    String word = "a".repeat(TextAnalyzer.MAX_WORD_LENGTH) + "b";

    assertThat(TextAnalyzer.words(word)).containsExactly("a".repeat(255), "b");
  }

  @Test
  void finds_no_words_in_punctuation_and_space() {
    assertThat(TextAnalyzer.words(" ,.;:!?'\"-*&@#()[]{}\t\n")).isEmpty();
    assertThat(TextAnalyzer.words("")).isEmpty();
  }
}
