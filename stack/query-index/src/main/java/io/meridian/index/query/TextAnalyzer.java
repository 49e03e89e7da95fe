package io.meridian.index.query;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

/**
 * The words Elasticsearch's {@code standard} analyzer finds in a text, for {@code contains}: it is
 * the same Lucene analyzer (the Lucene version of the Elasticsearch server), configured as
 * Elasticsearch configures it (no stop words, words of at most 255 characters), so the in-memory
 * matcher and the index split and lowercase text identically.
 */
final class TextAnalyzer {
  /** Lucene's default {@code max_token_length}: longer words are split into pieces this long. */
  static final int MAX_WORD_LENGTH = StandardAnalyzer.DEFAULT_MAX_TOKEN_LENGTH;

  /** Thread-safe: the analyzer keeps one token stream per thread and reuses it. */
  private static final StandardAnalyzer ANALYZER = new StandardAnalyzer(CharArraySet.EMPTY_SET);

  private TextAnalyzer() {}

  static List<String> words(String text) {
    List<String> words = new ArrayList<>();
    try (TokenStream stream = ANALYZER.tokenStream("text", text)) {
      CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
      stream.reset();
      while (stream.incrementToken()) {
        words.add(term.toString());
      }
      stream.end();
    } catch (IOException e) {
      throw new UncheckedIOException("Reading a string cannot fail", e);
    }
    return words;
  }
}
