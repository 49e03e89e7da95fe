package io.meridian.realtime;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.Json;
import java.nio.charset.StandardCharsets;

/** The server's messages, as JSON text. */
final class Messages {
  private Messages() {}

  static ObjectNode reply(String op, String id) {
    ObjectNode message = Json.object();
    message.put("op", op);
    if (id != null) {
      message.put("id", id);
    }
    return message;
  }

  static String error(String id, String error, String description) {
    ObjectNode message = reply("error", id);
    message.put("error", error);
    message.put("error_description", description);
    return Json.write(message);
  }

  static String text(JsonNode message) {
    return Json.write(message);
  }

  /** The answer to a request, its body spliced as the API rendered it. */
  static String response(String id, int status, byte[] body) {
    StringBuilder out = new StringBuilder(64 + (body == null ? 0 : body.length));
    out.append("{\"op\":\"response\"");
    if (id != null) {
      out.append(",\"id\":\"")
          .append(JsonStringEncoder.getInstance().quoteAsString(id))
          .append('"');
    }
    out.append(",\"status\":").append(status);
    if (body != null && body.length > 0) {
      out.append(",\"body\":").append(new String(body, StandardCharsets.UTF_8));
    }
    return out.append('}').toString();
  }

  /**
   * An event, spliced from stored JSON text without parsing it again.
   *
   * @param entity the entity's JSON, or null
   * @param previous the previous state's JSON, or null
   * @param fence the fence's JSON for a geofence event, or null (then absent, or {@code null} when
   *     {@code withFence})
   */
  static String event(
      String subscription,
      long seq,
      String event,
      String entity,
      String previous,
      boolean withFence,
      String fence) {
    StringBuilder out =
        new StringBuilder(
            96
                + (entity == null ? 0 : entity.length())
                + (previous == null ? 0 : previous.length())
                + (fence == null ? 0 : fence.length()));
    out.append("{\"op\":\"event\",\"subscription\":\"");
    out.append(JsonStringEncoder.getInstance().quoteAsString(subscription));
    out.append("\",\"seq\":").append(seq).append(",\"event\":\"").append(event).append('"');
    if (entity != null) {
      out.append(",\"entity\":").append(entity);
    }
    if (previous != null) {
      out.append(",\"previous\":").append(previous);
    }
    if (withFence) {
      out.append(",\"fence\":").append(fence == null ? "null" : fence);
    }
    return out.append('}').toString();
  }

  /**
   * A device's upstream event, spliced from stored JSON text.
   *
   * @param entity the device's entity JSON
   * @param json the payload as compact JSON when it is JSON, else null
   * @param text the payload as the device sent it (sent as {@code text} when it is not JSON)
   */
  static String deviceEvent(
      String subscription, long seq, String device, String entity, String json, String text) {
    JsonStringEncoder encoder = JsonStringEncoder.getInstance();
    StringBuilder out =
        new StringBuilder(
            128 + (entity == null ? 0 : entity.length()) + (text == null ? 0 : text.length()));
    out.append("{\"op\":\"event\",\"subscription\":\"");
    out.append(encoder.quoteAsString(subscription));
    out.append("\",\"seq\":").append(seq).append(",\"event\":\"device_event\",\"device\":\"");
    out.append(encoder.quoteAsString(device)).append('"');
    if (entity != null) {
      out.append(",\"entity\":").append(entity);
    }
    if (json != null) {
      out.append(",\"payload\":").append(json);
    } else {
      out.append(",\"text\":\"").append(encoder.quoteAsString(text)).append('"');
    }
    return out.append('}').toString();
  }
}
