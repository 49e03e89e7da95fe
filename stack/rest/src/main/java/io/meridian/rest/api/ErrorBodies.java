package io.meridian.rest.api;

import com.fasterxml.jackson.core.JsonGenerator;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The one error body of the API, Usergrid's {@code {error, error_description, timestamp, duration,
 * error_id}}, for the exception mapper and for the errors the servlet container answers itself.
 */
final class ErrorBodies {
  private ErrorBodies() {}

  /**
   * @param errorId the request's id, or null when it has none
   */
  static byte[] json(
      ErrorCode code, String description, long timestamp, long duration, String errorId) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(256);
    try (JsonGenerator json = Json.MAPPER.getFactory().createGenerator(out)) {
      json.writeStartObject();
      json.writeStringField("error", code.code());
      json.writeStringField("error_description", description);
      json.writeNumberField("timestamp", timestamp);
      json.writeNumberField("duration", duration);
      if (errorId != null) {
        json.writeStringField("error_id", errorId);
      }
      json.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }
}
