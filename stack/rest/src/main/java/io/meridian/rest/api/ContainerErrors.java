package io.meridian.rest.api;

import io.meridian.core.common.ErrorCode;
import io.meridian.rest.request.RequestIds;
import io.meridian.rest.request.SecurityHeaders;
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

  private final SecurityHeaders headers;

  public ContainerErrors(SecurityHeaders headers) {
    this.headers = headers;
  }

  @Override
  protected void report(Request request, Response response, Throwable throwable) {
    int status = response.getStatus();
    if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
      return;
    }
    ErrorCode code = ErrorBodies.codeOf(status);
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
      // Tomcat may refuse a request before any filter ran, so the headers may be missing.
      headers.addTo(response, request.getRequestURI());
      response.setContentType("application/json");
      response.setContentLength(body.length);
      OutputStream out = response.getOutputStream();
      out.write(body);
      out.flush();
    } catch (IOException | IllegalStateException e) {
      LOG.debug("Could not write a container error: {}", e.toString());
    }
  }
}
