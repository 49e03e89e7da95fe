package io.meridian.core.common;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import java.io.IOException;

/**
 * Parses JSON a client sent, and says what is wrong with it in the client's terms. Jackson's own
 * messages name its classes and configuration methods ({@code StreamReadConstraints}, {@code
 * DeserializationFeature}, the Java type bound to); none of that may reach a response, so every
 * failure is described here, the one place where parser errors become messages. Only the
 * tokenizer's syntax messages ("Unexpected character ('}' (code 125)): expected a value") are
 * passed on, because they describe the client's characters and nothing else.
 */
public final class ClientJson {
  /** Reads one value and leaves what follows to {@link #parse}, which says where it starts. */
  private static final ObjectReader ONE_VALUE =
      Json.MAPPER.reader().without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  private ClientJson() {}

  /**
   * The one JSON value {@code bytes} hold; 400 {@code json_parse} naming the problem and where it
   * is for anything else: invalid syntax, a limit of {@link Json} exceeded, no value, or content
   * after the value.
   */
  public static JsonNode parse(byte[] bytes) {
    JsonNode value;
    try (JsonParser parser = Json.MAPPER.createParser(bytes)) {
      try {
        value = ONE_VALUE.readTree(parser);
      } catch (JsonProcessingException e) {
        throw new MeridianException(ErrorCode.JSON_PARSE, describe(e));
      }
      if (value == null || value.isMissingNode()) {
        throw new MeridianException(ErrorCode.JSON_PARSE, "The request body holds no JSON value");
      }
      try {
        if (parser.nextToken() != null) {
          throw trailing(parser.currentTokenLocation());
        }
      } catch (StreamConstraintsException e) {
        throw new MeridianException(ErrorCode.JSON_PARSE, describe(e));
      } catch (JsonParseException e) {
        // Whatever follows the value, valid or not, is content after the value.
        throw trailing(e.getLocation());
      }
    } catch (IOException e) {
      throw new MeridianException(ErrorCode.JSON_PARSE, "The request body is not valid JSON");
    }
    return value;
  }

  /** What is wrong, without a class, method or package name of the parser. */
  static String describe(JsonProcessingException e) {
    if (e instanceof StreamConstraintsException) {
      return limit(e.getOriginalMessage());
    }
    if (e instanceof JsonEOFException) {
      return "The JSON ends before its value is complete" + where(e.getLocation());
    }
    if (e instanceof JsonParseException) {
      return "The request body is not valid JSON"
          + where(e.getLocation())
          + ": "
          + withoutParserHints(e.getOriginalMessage());
    }
    return "The request body is not valid JSON" + where(e.getLocation());
  }

  /**
   * Which limit was exceeded. The exception carries no kind, only a message; {@code ClientJsonTest}
   * pins each one, so a parser upgrade that rewords them fails a test rather than falling back to
   * the vaguer last line.
   */
  private static String limit(String message) {
    String text = message == null ? "" : message;
    if (text.startsWith("Document nesting depth")) {
      return "The JSON is nested deeper than " + Json.MAX_NESTING_DEPTH + " levels";
    }
    if (text.startsWith("Number value length")) {
      return "A number is longer than " + Json.MAX_NUMBER_LENGTH + " digits";
    }
    if (text.startsWith("Name length")) {
      return "A field name is longer than " + Json.MAX_NAME_LENGTH + " characters";
    }
    if (text.startsWith("String value length")) {
      return "A string is longer than the parser accepts";
    }
    return "The JSON exceeds a limit of the parser";
  }

  /**
   * A tokenizer message without the hints some of them end with, which name a parser setting
   * ("enable `JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS` to allow", "Feature 'ALLOW_COMMENTS' not
   * enabled") or describe the input source ("(for Object starting at [Source: REDACTED
   * (`StreamReadFeature...`)..."): the message is cut at the last {@code :} or {@code (} before the
   * first such hint.
   */
  static String withoutParserHints(String message) {
    if (message == null) {
      return "";
    }
    int hint = firstOf(message, "`", "[Source", "Feature '");
    if (hint < 0) {
      return message;
    }
    int cut = Math.max(message.lastIndexOf(':', hint), message.lastIndexOf('(', hint));
    return message.substring(0, Math.max(cut, 0)).strip();
  }

  private static int firstOf(String text, String... markers) {
    int first = -1;
    for (String marker : markers) {
      int at = text.indexOf(marker);
      if (at >= 0 && (first < 0 || at < first)) {
        first = at;
      }
    }
    return first;
  }

  private static MeridianException trailing(JsonLocation at) {
    return new MeridianException(
        ErrorCode.JSON_PARSE,
        "Unexpected content after the JSON value"
            + (at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr()));
  }

  private static String where(JsonLocation at) {
    return at == null || at.getLineNr() < 1
        ? ""
        : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")";
  }
}
