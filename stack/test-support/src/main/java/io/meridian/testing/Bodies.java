package io.meridian.testing;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.Json;
import io.meridian.core.entity.StoredEntity;

/** Request bodies written the short way, and stored entities read back. */
public final class Bodies {
  private Bodies() {}

  /** JSON with single quotes for double ones: {@code json("{'name': 'ada'}")}. */
  public static JsonNode json(String text) {
    try {
      return Json.MAPPER.readTree(text.replace('\'', '"'));
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("Not JSON: " + text, e);
    }
  }

  /** The entity's JSON as the API renders it. */
  public static ObjectNode of(StoredEntity entity) {
    return Json.parseStoredObject(entity.json());
  }
}
