package io.meridian.realtime;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.query.CompiledQuery;
import io.meridian.core.query.QueryLanguage;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The fields of a client's message, read and checked: each reader returns the field's value or
 * throws the error the client is answered with ({@link #bad} or a {@link Refusal}).
 */
final class MessageFields {
  private MessageFields() {}

  /** The message's {@code id}, which its answers repeat; null when it has none. */
  static String id(JsonNode message) {
    JsonNode id = message.get("id");
    if (id == null || id.isNull()) {
      return null;
    }
    if (!id.isTextual() || id.asText().length() > RealtimeMessages.MAX_ID_LENGTH) {
      throw bad("'id' is a string of at most " + RealtimeMessages.MAX_ID_LENGTH + " characters");
    }
    return id.asText();
  }

  static String collection(JsonNode message, String field) {
    JsonNode node = message.get(field);
    if (node == null || !node.isTextual()) {
      throw bad("'" + field + "' names a collection");
    }
    return CollectionName.of(node.asText()).plural();
  }

  /** The query in {@code field}, compiled; null when there is none. */
  static CompiledQuery query(
      JsonNode message, String field, int maxLength, QueryLanguage language) {
    JsonNode node = message.get(field);
    if (node == null || node.isNull()) {
      return null;
    }
    if (!node.isTextual()) {
      throw bad("'" + field + "' is a query (a string)");
    }
    if (node.asText().length() > maxLength) {
      throw bad("'" + field + "' is longer than " + maxLength + " characters");
    }
    return language.compile(node.asText());
  }

  static String text(JsonNode message, String field) {
    JsonNode node = message.get(field);
    return node == null || !node.isTextual() ? null : node.asText();
  }

  static Set<String> names(JsonNode message, String field, Set<String> known) {
    JsonNode node = message.get(field);
    if (node == null || node.isNull()) {
      return known;
    }
    if (!node.isArray() || node.isEmpty()) {
      throw bad("'" + field + "' is a non-empty array of " + String.join(", ", sorted(known)));
    }
    Set<String> names = new HashSet<>();
    for (JsonNode name : node) {
      if (!name.isTextual() || !known.contains(name.asText())) {
        throw bad("'" + field + "' holds only " + String.join(", ", sorted(known)));
      }
      names.add(name.asText());
    }
    return Set.copyOf(names);
  }

  private static List<String> sorted(Set<String> names) {
    return names.stream().sorted().toList();
  }

  /** A refusal with an error code of the real-time API's own. */
  static final class Refusal extends RuntimeException {
    final String error;

    Refusal(String error, String description) {
      super(description, null, false, false);
      this.error = error;
    }
  }

  static MeridianException bad(String description) {
    return new MeridianException(ErrorCode.BAD_REQUEST, description);
  }

  static String abbreviate(String text) {
    return text.length() > 40 ? text.substring(0, 40) + "..." : text;
  }
}
