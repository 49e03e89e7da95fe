package io.meridian.rest.api;

import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;

/**
 * A request body sent without {@code Content-Type} is JSON, as Usergrid read it: its resources took
 * such a body as JSON, and clients written for it (curl one-liners, old SDKs) send none. Set before
 * matching, so that the route a typed JSON body would reach is the one chosen, and every check of
 * the body (size, syntax, schema) applies unchanged. A body with any other declared type is left
 * alone, and still refused with {@code 415} where JSON is expected.
 */
@PreMatching
@Priority(Priorities.AUTHENTICATION - 50)
public final class UntypedBodies implements ContainerRequestFilter {

  @Override
  public void filter(ContainerRequestContext request) {
    if (request.getHeaderString(HttpHeaders.CONTENT_TYPE) == null && carriesBody(request)) {
      request.getHeaders().putSingle(HttpHeaders.CONTENT_TYPE, MediaType.APPLICATION_JSON);
    }
  }

  /** A body is announced by a positive length or by a transfer encoding (chunked). */
  private static boolean carriesBody(ContainerRequestContext request) {
    return request.getLength() > 0 || request.getHeaderString("Transfer-Encoding") != null;
  }
}
