package io.meridian.core.common;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;

/** The one JSON configuration of Meridian's stored and served documents. */
public final class Json {
  /** Deeper documents are refused: they are never legitimate and cost stack to process. */
  public static final int MAX_NESTING_DEPTH = 32;

  /** Longer numbers are refused: parsing a huge number costs time quadratic in its length. */
  public static final int MAX_NUMBER_LENGTH = 1000;

  /** Longer field names are refused (Jackson's default, stated here so messages can name it). */
  public static final int MAX_NAME_LENGTH = 50_000;

  public static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .build();

  static {
    MAPPER
        .getFactory()
        .setStreamReadConstraints(
            StreamReadConstraints.builder()
                .maxNestingDepth(MAX_NESTING_DEPTH)
                .maxNumberLength(MAX_NUMBER_LENGTH)
                .maxNameLength(MAX_NAME_LENGTH)
                .build());
  }

  private Json() {}

  /** Parses a document this system wrote itself; failure means stored data is corrupt. */
  public static ObjectNode parseStoredObject(String json) {
    try {
      return (ObjectNode) MAPPER.readTree(json);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException("Stored document is not valid JSON", e);
    }
  }

  public static String write(JsonNode node) {
    try {
      return MAPPER.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static ObjectNode object() {
    return MAPPER.createObjectNode();
  }
}
