package io.meridian.rest.socket;

import io.meridian.api.socket.SocketRequest;
import io.meridian.api.socket.SocketRequests;
import io.meridian.api.socket.SocketResponse;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import io.meridian.rest.api.ErrorBodies;
import io.meridian.rest.api.RouteTemplates;
import io.meridian.rest.config.RequestLogProperties;
import io.meridian.rest.request.ClientAddressFilter;
import io.meridian.rest.request.FailureLog;
import io.meridian.rest.request.RequestIds;
import io.meridian.rest.request.RouteCapture;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.core.GenericType;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;
import java.io.ByteArrayInputStream;
import java.lang.reflect.Type;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.Principal;
import org.glassfish.jersey.internal.MapPropertiesDelegate;
import org.glassfish.jersey.internal.util.collection.Ref;
import org.glassfish.jersey.server.ApplicationHandler;
import org.glassfish.jersey.server.ContainerRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * Serves the REST requests that arrive over an application's WebSocket ({@code {"op":"request"}},
 * docs/realtime.md): each is handed to the same Jersey application as HTTP requests, in-process on
 * the calling thread, so it passes the same filters (request timing, the access filter with the
 * connection's token as {@code Authorization: Bearer}, the declared rules, the request metrics),
 * reaches the same resource and is answered with the same envelope or error, status and body.
 *
 * <p>The servlet filters that run before Jersey over HTTP are done here instead: the request gets
 * an id (in the MDC while it runs, and the {@code error_id} of its errors) and a failed one gets a
 * line in the failure log (rationed apart from HTTP's); the path is checked and made canonical
 * ({@link SocketUris}); the client address is the one the socket's handshake resolved; and a body
 * is JSON ({@code Content-Type: application/json}). Responses are asked for as JSON ({@code Accept:
 * application/json}), so a file download is never served here: {@code GET} on an entity with a file
 * returns the entity, as over HTTP with that {@code Accept}.
 */
public final class JerseySocketRequests implements SocketRequests {
  private static final Logger LOG = LoggerFactory.getLogger(JerseySocketRequests.class);

  /** How Jersey's servlet container binds the servlet request of each request. */
  private static final Type SERVLET_REQUEST =
      new GenericType<Ref<HttpServletRequest>>() {}.getType();

  private static final SecurityContext PLAIN = new Anonymous(false);
  private static final SecurityContext SECURE = new Anonymous(true);

  private final JerseyContainer container;
  private final FailureLog failures;

  public JerseySocketRequests(JerseyContainer container, RequestLogProperties requestLog) {
    this.container = container;
    this.failures = new FailureLog(requestLog.maxFailuresPerSecond(), System::nanoTime);
  }

  @Override
  public SocketResponse execute(SocketRequest request) {
    long startedMillis = System.currentTimeMillis();
    long startedNanos = System.nanoTime();
    String id = RequestIds.choose(request.requestId());
    String outerId = MDC.get(RequestIds.MDC_KEY);
    MDC.put(RequestIds.MDC_KEY, id);
    try {
      ApplicationHandler handler = container.handler();
      if (handler == null) {
        return error(
            ErrorCode.STORAGE_UNAVAILABLE,
            "The server is starting or stopping; retry in a moment",
            startedMillis,
            startedNanos,
            id);
      }
      URI base;
      URI uri;
      String method;
      try {
        base = SocketUris.base(request.baseUri());
        method = SocketUris.method(request.method());
        uri =
            SocketUris.requestUri(
                base,
                request.organization(),
                request.application(),
                request.path(),
                request.query());
      } catch (MeridianException e) {
        logFailure(request.method(), RouteTemplates.UNMATCHED, e.code().status());
        return error(e.code(), e.description(), startedMillis, startedNanos, id);
      }
      return serve(handler, request, base, uri, method, id, startedMillis, startedNanos);
    } finally {
      if (outerId == null) {
        MDC.remove(RequestIds.MDC_KEY);
      } else {
        MDC.put(RequestIds.MDC_KEY, outerId);
      }
    }
  }

  private SocketResponse serve(
      ApplicationHandler handler,
      SocketRequest request,
      URI base,
      URI uri,
      String method,
      String id,
      long startedMillis,
      long startedNanos) {
    MapPropertiesDelegate properties = new MapPropertiesDelegate();
    properties.setProperty(ClientAddressFilter.ATTRIBUTE, request.clientAddress());
    ContainerRequest jersey =
        new ContainerRequest(
            base,
            uri,
            method,
            base.getScheme().equals("https") ? SECURE : PLAIN,
            properties,
            handler.getConfiguration());
    jersey.header(HttpHeaders.ACCEPT, MediaType.APPLICATION_JSON);
    jersey.header(RequestIds.HEADER, id);
    if (request.accessToken() != null) {
      jersey.header(HttpHeaders.AUTHORIZATION, "Bearer " + request.accessToken());
    }
    if (request.body() != null) {
      byte[] body = Json.write(request.body()).getBytes(StandardCharsets.UTF_8);
      jersey.header(HttpHeaders.CONTENT_TYPE, MediaType.APPLICATION_JSON);
      jersey.header(HttpHeaders.CONTENT_LENGTH, Integer.toString(body.length));
      jersey.setEntityStream(new ByteArrayInputStream(body));
    }
    SocketServletRequest servlet = new SocketServletRequest(method, request.clientAddress());
    jersey.setRequestScopedInitializer(
        injection -> injection.<Ref<HttpServletRequest>>getInstance(SERVLET_REQUEST).set(servlet));
    CapturedResponse response = new CapturedResponse();
    jersey.setWriter(response);
    try {
      handler.handle(jersey);
    } catch (RuntimeException e) {
      response.failure(e); // Jersey reports its failures to the writer; this is for any other
    }

    int status = response.status();
    if (response.failure() != null || status == 0) {
      LOG.error("Unexpected failure serving {} over the socket", method, response.failure());
      logFailure(method, RouteTemplates.UNMATCHED, 500);
      return error(
          ErrorCode.INTERNAL_ERROR,
          "An unexpected error occurred",
          startedMillis,
          startedNanos,
          id);
    }
    if (status >= 400) {
      Object route = properties.getProperty(RouteCapture.ATTRIBUTE);
      logFailure(method, route == null ? RouteTemplates.UNMATCHED : route.toString(), status);
    }
    byte[] body = response.body();
    if (body.length > 0 && !isJson(response.type())) {
      return error(
          ErrorCode.NOT_ACCEPTABLE,
          "Only JSON responses are served over the socket; download files over HTTP",
          startedMillis,
          startedNanos,
          id);
    }
    return new SocketResponse(status, body, id);
  }

  private static boolean isJson(MediaType type) {
    return type != null
        && type.getType().equalsIgnoreCase("application")
        && type.getSubtype().equalsIgnoreCase("json");
  }

  /** The method is the client's text until checked: only one the API serves is logged as sent. */
  private void logFailure(String method, String route, int status) {
    failures.failed(SocketUris.isMethod(method) ? method : "OTHER", route, status);
  }

  private static SocketResponse error(
      ErrorCode code, String description, long startedMillis, long startedNanos, String id) {
    long duration = (System.nanoTime() - startedNanos) / 1_000_000;
    return new SocketResponse(
        code.status(), ErrorBodies.json(code, description, startedMillis, duration, id), id);
  }

  /**
   * The security context of a socket request: no one in particular, as over HTTP, where the access
   * filter (not the container) decides who the caller is.
   */
  private record Anonymous(boolean isSecure) implements SecurityContext {
    @Override
    public Principal getUserPrincipal() {
      return null;
    }

    @Override
    public boolean isUserInRole(String role) {
      return false;
    }

    @Override
    public String getAuthenticationScheme() {
      return null;
    }
  }
}
