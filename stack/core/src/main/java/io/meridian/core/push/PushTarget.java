package io.meridian.core.push;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.Json;
import java.util.UUID;

/**
 * Whom a notification goes to, as queued: one device, a user's devices, the devices of a group's
 * users, or the devices a query selects. Resolved to devices when the notification is due, not when
 * it is posted.
 *
 * @param entity the device, user or group; null for a query
 * @param ql the query over devices; null otherwise
 */
public record PushTarget(Kind kind, UUID entity, String ql) {
  public enum Kind {
    DEVICE,
    USER,
    GROUP,
    QUERY
  }

  String toJson() {
    ObjectNode json = Json.object().put("kind", kind.name());
    if (entity != null) {
      json.put("entity", entity.toString());
    }
    if (ql != null) {
      json.put("ql", ql);
    }
    return Json.write(json);
  }

  static PushTarget fromJson(String text) {
    JsonNode json = Json.parseStoredObject(text);
    return new PushTarget(
        Kind.valueOf(json.path("kind").asText()),
        json.hasNonNull("entity") ? UUID.fromString(json.get("entity").asText()) : null,
        json.hasNonNull("ql") ? json.get("ql").asText() : null);
  }
}
