package io.meridian.rest.api;

import io.meridian.core.common.ErrorCode;
import io.meridian.rest.request.RequestIds;
import java.io.IOException;
import java.io.OutputStream;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tomcat's error report in the API's error format. Some requests fail before Jersey sees them (a
 * form body or query string Tomcat cannot parse, a malformed URI, a request line too long): Tomcat
 * answers those itself, by default with an HTML page naming its version. This valve writes the same
 * JSON error as every other refusal instead, with the request's id, and never a stack trace.
 */
public final class ContainerErrors extends ErrorReportValve {
  private static final Logger LOG = LoggerFactory.getLogger(ContainerErrors.class);

  @Override
  protected void report(Request request, Response response, Throwable throwable) {
    int status = response.getStatus();
    if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
      return;
    }
    ErrorCode code = codeOf(status);
    String description =
        status >= 500
            ? "An unexpected error occurred"
            : "The request could not be read: " + code.code().replace('_', ' ');
    if (throwable != null) {
      LOG.debug("The container answered {}: {}", status, throwable.toString());
    }
    byte[] body =
        ErrorBodies.json(
            code,
            description,
            System.currentTimeMillis(),
            0,
            response.getHeader(RequestIds.HEADER));
    try {
      response.setContentType("application/json");
      response.setContentLength(body.length);
      OutputStream out = response.getOutputStream();
      out.write(body);
      out.flush();
    } catch (IOException | IllegalStateException e) {
      LOG.debug("Could not write a container error: {}", e.toString());
    }
  }

  /** The API's code for a status the container chose; unknown client errors are bad requests. */
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
}
