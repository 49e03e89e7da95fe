package io.meridian.rest.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.ClientJson;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import io.meridian.rest.config.ApiProperties;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;

/** Reads request bodies as JSON within the configured size limit. */
public final class JsonBodies {
  private final long maxBytes;

  public JsonBodies(ApiProperties properties) {
    this.maxBytes = properties.maxBodySize().toBytes();
  }

  /**
   * @param declaredLength the Content-Length header, or -1
   */
  public JsonNode read(InputStream body, long declaredLength) {
    byte[] bytes = bytes(body, declaredLength);
    if (bytes.length == 0) {
      throw new MeridianException(ErrorCode.JSON_PARSE, "The request body is empty");
    }
    return parse(bytes);
  }

  /** The JSON body, or empty when the request sent none. */
  public Optional<JsonNode> readIfAny(InputStream body, long declaredLength) {
    byte[] bytes = bytes(body, declaredLength);
    return bytes.length == 0 ? Optional.empty() : Optional.of(parse(bytes));
  }

  /**
   * The fields of a body that may come as a JSON object or as an HTML form (OAuth2 clients send
   * forms); an empty body has none. Values of a form are strings.
   */
  public ObjectNode fields(InputStream body, long declaredLength, String contentType) {
    byte[] bytes = bytes(body, declaredLength);
    if (bytes.length == 0) {
      return Json.object();
    }
    if (contentType != null
        && contentType.toLowerCase(Locale.ROOT).startsWith("application/x-www-form-urlencoded")) {
      ObjectNode fields = Json.object();
      for (String pair : new String(bytes, StandardCharsets.UTF_8).split("&")) {
        if (pair.isEmpty()) {
          continue;
        }
        int equals = pair.indexOf('=');
        try {
          String key =
              URLDecoder.decode(
                  equals < 0 ? pair : pair.substring(0, equals), StandardCharsets.UTF_8);
          String value =
              equals < 0
                  ? ""
                  : URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8);
          fields.put(key, value);
        } catch (IllegalArgumentException e) {
          throw new MeridianException(ErrorCode.BAD_REQUEST, "The form body is malformed");
        }
      }
      return fields;
    }
    JsonNode json = parse(bytes);
    if (!json.isObject()) {
      throw new MeridianException(ErrorCode.ILLEGAL_ARGUMENT, "Send a JSON object");
    }
    return (ObjectNode) json;
  }

  private byte[] bytes(InputStream body, long declaredLength) {
    if (declaredLength > maxBytes) {
      throw tooLarge();
    }
    byte[] bytes;
    try {
      bytes = body.readNBytes(Math.toIntExact(maxBytes + 1));
    } catch (IOException e) {
      throw new MeridianException(ErrorCode.BAD_REQUEST, "Could not read the request body");
    }
    if (bytes.length > maxBytes) {
      throw tooLarge();
    }
    return bytes;
  }

  /**
   * A field of a body that must be text: null when absent or null, a 400 when it is anything but a
   * string (a number, a boolean, an object), so that {@code {"name": false}} is refused rather than
   * read as the name "false".
   */
  public static String text(ObjectNode fields, String name) {
    JsonNode value = fields.get(name);
    if (value == null || value.isNull()) {
      return null;
    }
    if (!value.isTextual()) {
      throw new MeridianException(ErrorCode.ILLEGAL_ARGUMENT, "'" + name + "' must be a string");
    }
    return value.textValue();
  }

  /** Parser failures are described by {@link ClientJson}, never by the parser's own message. */
  private static JsonNode parse(byte[] bytes) {
    return ClientJson.parse(bytes);
  }

  private MeridianException tooLarge() {
    return new MeridianException(
        ErrorCode.REQUEST_ENTITY_TOO_LARGE,
        "The request body is larger than the limit of " + maxBytes + " bytes");
  }
}
