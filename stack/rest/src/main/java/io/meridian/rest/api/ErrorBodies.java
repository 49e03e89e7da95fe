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
public final class ErrorBodies {
  private ErrorBodies() {}

  /**
   * The code of an error whose status was chosen by Jersey or the container rather than by
   * Meridian: a status without a code of its own is a bad request, or an internal error at 500+.
   */
  static ErrorCode codeOf(int status) {
    return switch (status) {
      case 401 -> ErrorCode.UNAUTHORIZED;
      case 403 -> ErrorCode.FORBIDDEN;
      case 404 -> ErrorCode.NOT_FOUND;
      case 405 -> ErrorCode.METHOD_NOT_ALLOWED;
      case 406 -> ErrorCode.NOT_ACCEPTABLE;
      case 413 -> ErrorCode.REQUEST_ENTITY_TOO_LARGE;
      case 415 -> ErrorCode.UNSUPPORTED_MEDIA_TYPE;
      case 503 -> ErrorCode.STORAGE_UNAVAILABLE;
      default -> status >= 500 ? ErrorCode.INTERNAL_ERROR : ErrorCode.BAD_REQUEST;
    };
  }

  /**
   * @param errorId the request's id, or null when it has none
   */
  public static byte[] json(
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
