package io.meridian.rest.cors;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import java.time.Duration;

/**
 * Lets browser apps on other origins call the API. A preflight ({@code OPTIONS} with {@code
 * Access-Control-Request-Method}) is answered here, 204, before {@code AccessFilter} runs: browsers
 * send preflights without credentials, so demanding a token would refuse every cross-origin call. A
 * preflight from an origin not allowed gets 403 and no CORS headers. Other responses to an allowed
 * origin, errors included, get {@code Access-Control-Allow-Origin} and expose {@code X-Request-Id}
 * and {@code Retry-After} to scripts.
 *
 * <p>A Jersey filter rather than a servlet filter, so that the 403 comes from the one exception
 * mapper in the one error format, and its ordering before {@code AccessFilter} is what exempts
 * preflights from authentication, with no special case there.
 */
@PreMatching
@Priority(Priorities.AUTHENTICATION - 50)
public final class CorsFilter implements ContainerRequestFilter, ContainerResponseFilter {
  static final String ALLOW_ORIGIN = "Access-Control-Allow-Origin";
  static final String ALLOW_METHODS = "GET, POST, PUT, DELETE, OPTIONS";
  static final String EXPOSE_HEADERS = "X-Request-Id, Retry-After";

  private final CorsPolicy policy;
  private final String maxAgeSeconds;

  public CorsFilter(CorsPolicy policy, Duration maxAge) {
    this.policy = policy;
    this.maxAgeSeconds = Long.toString(maxAge.toSeconds());
  }

  @Override
  public void filter(ContainerRequestContext request) {
    if (!request.getMethod().equals("OPTIONS")) {
      return;
    }
    String origin = request.getHeaderString("Origin");
    if (origin == null || request.getHeaderString("Access-Control-Request-Method") == null) {
      return; // a plain OPTIONS, answered by Jersey like any request
    }
    String allowed = policy.allowOrigin(origin);
    if (allowed == null) {
      throw new MeridianException(
          ErrorCode.FORBIDDEN, "Cross-origin requests from this origin are not allowed");
    }
    Response.ResponseBuilder preflight =
        Response.noContent()
            .header(ALLOW_ORIGIN, allowed)
            .header("Access-Control-Allow-Methods", ALLOW_METHODS)
            .header("Access-Control-Max-Age", maxAgeSeconds);
    String headers = policy.allowHeaders(request.getHeaderString("Access-Control-Request-Headers"));
    if (!headers.isEmpty()) {
      preflight.header("Access-Control-Allow-Headers", headers);
    }
    request.abortWith(preflight.build());
  }

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    MultivaluedMap<String, Object> headers = response.getHeaders();
    if (policy.variesByOrigin()) {
      headers.add("Vary", "Origin");
    }
    String origin = request.getHeaderString("Origin");
    if (origin == null || headers.containsKey(ALLOW_ORIGIN)) {
      return; // not a cross-origin request, or a preflight answered above
    }
    String allowed = policy.allowOrigin(origin);
    if (allowed != null) {
      headers.putSingle(ALLOW_ORIGIN, allowed);
      headers.putSingle("Access-Control-Expose-Headers", EXPOSE_HEADERS);
    }
  }
}
