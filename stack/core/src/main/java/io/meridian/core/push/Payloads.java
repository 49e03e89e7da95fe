package io.meridian.core.push;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import java.nio.charset.StandardCharsets;

/** Checks shared by the providers' payload validation. */
final class Payloads {
  private Payloads() {}

  /** A payload is a non-empty string (the alert text) or a JSON object of at most {@code max}. */
  static void requireStringOrObject(String notifier, JsonNode payload) {
    if (payload == null
        || !(payload.isTextual() || payload.isObject())
        || payload.isTextual() && payload.asText().isBlank()
        || payload.isObject() && payload.isEmpty()) {
      throw invalid(notifier, "must be a non-empty string or JSON object");
    }
  }

  static void requireAtMost(String notifier, String json, int maxBytes) {
    int size = json.getBytes(StandardCharsets.UTF_8).length;
    if (size > maxBytes) {
      throw invalid(notifier, "is " + size + " bytes; the provider takes at most " + maxBytes);
    }
  }

  static String write(JsonNode node) {
    return Json.write(node);
  }

  static MeridianException invalid(String notifier, String why) {
    return new MeridianException(
        ErrorCode.ILLEGAL_ARGUMENT, "The payload for notifier '" + notifier + "' " + why);
  }
}
