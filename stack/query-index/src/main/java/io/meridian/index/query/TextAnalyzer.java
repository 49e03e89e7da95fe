package io.meridian.index.query;

import java.util.ArrayList;
import java.util.List;

/**
 * The words Elasticsearch's {@code standard} analyzer finds in a text, for {@code contains}:
 * Unicode word boundaries (UAX #29, as Lucene's {@code StandardTokenizer} applies them), then
 * lowercasing. Runs of letters and digits form words, joined by {@code _}, by an apostrophe or a
 * period between letters ({@code don't}, {@code example.com}) and by a comma or period between
 * digits ({@code 3.14}, {@code 1,000}); each ideograph and hiragana character is a word of its own;
 * punctuation, symbols and whitespace separate words. There are no stop words.
 *
 * <p>Not mirrored: emoji (Lucene makes them words, here they separate words) and the dictionary
 * segmentation of South-East Asian scripts (here a run of Thai letters is one word).
 */
final class TextAnalyzer {
  /** Lucene's default {@code max_token_length}: longer words are split into pieces this long. */
  static final int MAX_WORD_LENGTH = 255;

  private enum Kind {
    LETTER,
    DIGIT,
    KATAKANA,
    /** A character that is a word on its own: ideographs and hiragana. */
    SINGLE,
    /** {@code _} and other connector punctuation: joins anything wordlike. */
    CONNECTOR,
    /** Joins letters: {@code :} (Swedish {@code S:t}) and a few others. */
    MID_LETTER,
    /** Joins letters and joins digits: {@code .}, {@code '} and right single quote. */
    MID_BOTH,
    /** Joins digits: {@code ,} and {@code ;}. */
    MID_DIGIT,
    /** Combining marks and format characters: part of whatever precedes them. */
    EXTEND,
    OTHER
  }

  private final String text;
  private int index;

  private TextAnalyzer(String text) {
    this.text = text;
  }

  static List<String> words(String text) {
    return new TextAnalyzer(text).all();
  }

  private List<String> all() {
    List<String> words = new ArrayList<>();
    while (index < text.length()) {
      int start = index;
      Kind kind = next();
      if (kind == Kind.SINGLE) {
        skipExtends();
        add(words, start);
      } else if (wordlike(kind)) {
        boolean hasContent = word(kind);
        if (hasContent) {
          add(words, start);
        }
      }
    }
    return words;
  }

  /**
   * Extends the word that began with a character of kind {@code first} as far as the boundary rules
   * allow; true when it holds a letter or digit (a run of underscores alone is not a word).
   */
  private boolean word(Kind first) {
    Kind last = first;
    boolean hasContent = first != Kind.CONNECTOR;
    skipExtends();
    while (index < text.length()) {
      int mark = index;
      Kind kind = next();
      if (joins(last, kind)) {
        skipExtends();
        last = kind;
        hasContent |= kind != Kind.CONNECTOR;
        continue;
      }
      if (middle(last, kind)) {
        skipExtends();
        if (index < text.length() && next() == last) {
          skipExtends();
          continue;
        }
      }
      index = mark;
      break;
    }
    return hasContent;
  }

  private static boolean wordlike(Kind kind) {
    return kind == Kind.LETTER
        || kind == Kind.DIGIT
        || kind == Kind.KATAKANA
        || kind == Kind.CONNECTOR;
  }

  private static boolean joins(Kind last, Kind next) {
    if (next == Kind.CONNECTOR) {
      return true;
    }
    return switch (last) {
      case LETTER, DIGIT -> next == Kind.LETTER || next == Kind.DIGIT;
      case KATAKANA -> next == Kind.KATAKANA;
      case CONNECTOR -> next == Kind.LETTER || next == Kind.DIGIT || next == Kind.KATAKANA;
      default -> false;
    };
  }

  /** Whether {@code middle} may join two characters of kind {@code last}. */
  private static boolean middle(Kind last, Kind middle) {
    return switch (last) {
      case LETTER -> middle == Kind.MID_LETTER || middle == Kind.MID_BOTH;
      case DIGIT -> middle == Kind.MID_DIGIT || middle == Kind.MID_BOTH;
      default -> false;
    };
  }

  private void skipExtends() {
    while (index < text.length()) {
      int codePoint = text.codePointAt(index);
      if (kind(codePoint) != Kind.EXTEND) {
        return;
      }
      index += Character.charCount(codePoint);
    }
  }

  private Kind next() {
    int codePoint = text.codePointAt(index);
    index += Character.charCount(codePoint);
    return kind(codePoint);
  }

  private void add(List<String> words, int start) {
    String word = LowercaseNormalizer.normalize(text.substring(start, index));
    for (int from = 0; from < word.length(); from += MAX_WORD_LENGTH) {
      words.add(word.substring(from, Math.min(word.length(), from + MAX_WORD_LENGTH)));
    }
  }

  private static Kind kind(int codePoint) {
    switch (codePoint) {
      case '.', '\'', 0x2018, 0x2019, 0x2024, 0xFE52, 0xFF07, 0xFF0E:
        return Kind.MID_BOTH;
      case ':', 0x00B7, 0x0387, 0x055F, 0x05F4, 0x2027, 0xFE13, 0xFE55, 0xFF1A:
        return Kind.MID_LETTER;
      case ',',
      ';',
      0x037E,
      0x0589,
      0x060C,
      0x060D,
      0x066C,
      0x07F8,
      0x2044,
      0xFE10,
      0xFE14,
      0xFE50,
      0xFE54,
      0xFF0C,
      0xFF1B:
        return Kind.MID_DIGIT;
      case 0x202F:
        return Kind.CONNECTOR;
      case 0x3031, 0x3032, 0x3033, 0x3034, 0x3035, 0x309B, 0x309C, 0x30A0, 0x30FC, 0xFF70:
        // Shared (Common script) marks that Unicode counts as katakana for word boundaries.
        return Kind.KATAKANA;
      default:
        break;
    }
    int type = Character.getType(codePoint);
    if (type == Character.NON_SPACING_MARK
        || type == Character.ENCLOSING_MARK
        || type == Character.COMBINING_SPACING_MARK
        || type == Character.FORMAT) {
      return Kind.EXTEND;
    }
    if (type == Character.CONNECTOR_PUNCTUATION) {
      return Kind.CONNECTOR;
    }
    Character.UnicodeScript script = Character.UnicodeScript.of(codePoint);
    if (Character.isIdeographic(codePoint) || script == Character.UnicodeScript.HIRAGANA) {
      return Kind.SINGLE;
    }
    if (script == Character.UnicodeScript.KATAKANA && Character.isLetter(codePoint)) {
      return Kind.KATAKANA;
    }
    if (type == Character.DECIMAL_DIGIT_NUMBER) {
      return Kind.DIGIT;
    }
    return Character.isAlphabetic(codePoint) ? Kind.LETTER : Kind.OTHER;
  }
}
