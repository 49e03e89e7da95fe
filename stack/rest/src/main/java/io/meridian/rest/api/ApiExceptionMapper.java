package io.meridian.rest.api;

import io.meridian.core.common.CassandraFailures;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.common.RetryLaterException;
import io.meridian.core.identity.RouteAccess;
import io.meridian.rest.access.Caller;
import io.meridian.rest.request.RequestIds;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one place where failures become responses, in the Usergrid error format {@code {error,
 * error_description, timestamp, duration, error_id}}; {@code error_id} is the request's id (its
 * {@code X-Request-Id}), which every log line of the request carries too. Only unexpected failures
 * are logged here, with their stack trace (they are bugs or outages); every failed request also
 * gets one line from the request log. A response never carries a stack trace. A refusal that holds
 * for a while says for how long in {@code Retry-After}, a 426 which protocol to upgrade to.
 */
public final class ApiExceptionMapper implements ExceptionMapper<Throwable> {
  private static final Logger LOG = LoggerFactory.getLogger(ApiExceptionMapper.class);
  private static final long STORAGE_WARNING_INTERVAL_NANOS = 10_000_000_000L;

  /** When storage failures were last logged: an outage under load must not flood the log. */
  private final AtomicLong lastStorageWarning =
      new AtomicLong(System.nanoTime() - STORAGE_WARNING_INTERVAL_NANOS);

  @Override
  public Response toResponse(Throwable failure) {
    if (failure instanceof RetryLaterException later) {
      return Response.fromResponse(respond(later.code(), later.description()))
          .header("Retry-After", later.retryAfterSeconds())
          .build();
    }
    if (failure instanceof MeridianException meridian) {
      Response response = respond(meridian.code(), meridian.description());
      // RFC 9110: a 426 names the protocol to switch to, as an "upgrade" connection option.
      return meridian.code() == ErrorCode.WEBSOCKET_UPGRADE_REQUIRED
          ? Response.fromResponse(response)
              .header("Upgrade", "websocket")
              .header("Connection", "Upgrade")
              .build()
          : response;
    }
    if (failure instanceof WebApplicationException web) {
      return fromJaxRs(web);
    }
    if (CassandraFailures.isStorageFailure(failure)) {
      long now = System.nanoTime();
      long last = lastStorageWarning.get();
      if (now - last >= STORAGE_WARNING_INTERVAL_NANOS
          && lastStorageWarning.compareAndSet(last, now)) {
        LOG.warn(
            "Cassandra requests are failing (logged at most every 10 s): {}", failure.toString());
      } else {
        LOG.debug("Cassandra request failed: {}", failure.toString());
      }
      return respond(
          ErrorCode.STORAGE_UNAVAILABLE, "The data store is unavailable; retry in a moment");
    }
    RequestInfo request = RequestInfo.currentOrNull();
    // The raw path only, never the query (which holds tenant data such as queries): the raw path
    // cannot hold a line break that would forge a log line, and a credential sent as a matrix
    // parameter (;access_token=) is redacted.
    LOG.error(
        "Unexpected failure serving {} {}",
        request == null ? "?" : request.method(),
        request == null
            ? "?"
            : SecretParameters.redactPath(request.uri().getRequestUri().getRawPath()),
        failure);
    return respond(ErrorCode.INTERNAL_ERROR, "An unexpected error occurred");
  }

  private Response fromJaxRs(WebApplicationException web) {
    int status = web.getResponse().getStatus();
    RequestInfo request = RequestInfo.currentOrNull();
    String method = request == null ? "This method" : request.method();
    String path =
        request == null ? "this path" : SecretParameters.redactPath("/" + request.uri().getPath());
    if (status == 404 && request != null && isSystem(request.uri().getPath())) {
      MeridianException unserved = RouteAccess.systemPathNotServed(Caller.current(), path);
      return respond(unserved.code(), unserved.description());
    }
    ErrorCode code =
        status == 404 && Caller.inApplication()
            ? missingInApplication()
            : ErrorBodies.codeOf(status);
    Response response = respond(code, describe(code, method, path));
    // RFC 9110: a 405 says which methods the resource has; Jersey's response names them.
    return status == 405
        ? Response.fromResponse(response).allow(web.getResponse().getAllowedMethods()).build()
        : response;
  }

  /** Whether the path (relative, as Jersey gives it) is under {@code /system}. */
  private static boolean isSystem(String path) {
    return path.equals("system") || path.startsWith("system/");
  }

  /**
   * Nothing served at a path inside an application the caller was allowed to address: Usergrid's
   * {@code service_resource_not_found}, 404, or 401 to an anonymous caller, as Usergrid answered.
   */
  private static ErrorCode missingInApplication() {
    return Caller.current().isGuest()
        ? ErrorCode.SERVICE_RESOURCE_NOT_FOUND_ANONYMOUS
        : ErrorCode.SERVICE_RESOURCE_NOT_FOUND;
  }

  private static String describe(ErrorCode code, String method, String path) {
    return switch (code) {
      case NOT_FOUND, SERVICE_RESOURCE_NOT_FOUND, SERVICE_RESOURCE_NOT_FOUND_ANONYMOUS ->
          "No resource at " + path;
      case METHOD_NOT_ALLOWED -> method + " is not supported on " + path;
      case NOT_ACCEPTABLE -> "Only application/json responses are served";
      case REQUEST_ENTITY_TOO_LARGE -> "The request body is too large";
      case UNSUPPORTED_MEDIA_TYPE ->
          "Send the request body as JSON with Content-Type: application/json";
      default -> code.status() >= 500 ? "An unexpected error occurred" : "The request is malformed";
    };
  }

  private Response respond(ErrorCode code, String description) {
    RequestInfo request = RequestInfo.currentOrNull();
    byte[] body =
        ErrorBodies.json(
            code,
            description,
            request == null ? System.currentTimeMillis() : request.startedMillis(),
            request == null ? 0 : request.elapsedMillis(),
            RequestIds.current());
    return Response.status(code.status())
        .type(MediaType.APPLICATION_JSON_TYPE)
        .entity(body)
        .build();
  }
}
