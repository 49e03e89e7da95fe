package io.meridian.rest.api;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import io.meridian.rest.config.ApiProperties;
import java.io.IOException;
import java.io.InputStream;
import org.springframework.stereotype.Component;

/** Reads request bodies as JSON within the configured size limit. */
@Component
public final class JsonBodies {
  private final long maxBytes;

  public JsonBodies(ApiProperties properties) {
    this.maxBytes = properties.maxBodySize().toBytes();
  }

  /**
   * @param declaredLength the Content-Length header, or -1
   */
  public JsonNode read(InputStream body, long declaredLength) {
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
    if (bytes.length == 0) {
      throw new MeridianException(ErrorCode.JSON_PARSE, "The request body is empty");
    }
    try {
      return Json.MAPPER.readTree(bytes);
    } catch (JsonProcessingException e) {
      JsonLocation at = e.getLocation();
      throw new MeridianException(
          ErrorCode.JSON_PARSE,
          "The request body is not valid JSON"
              + (at == null
                  ? ""
                  : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")")
              + ": "
              + e.getOriginalMessage());
    } catch (IOException e) {
      throw new MeridianException(ErrorCode.JSON_PARSE, "The request body is not valid JSON");
    }
  }

  private MeridianException tooLarge() {
    return new MeridianException(
        ErrorCode.REQUEST_ENTITY_TOO_LARGE,
        "The request body is larger than the limit of " + maxBytes + " bytes");
  }
}
