package io.meridian.rest.api;

import jakarta.annotation.Priority;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;

/**
 * Notes when a request arrived, for the {@code timestamp} and {@code duration} of every response.
 * In a servlet container request properties are servlet request attributes, so the exception mapper
 * reads the same value.
 */
@PreMatching
@Priority(Priorities.AUTHENTICATION - 100)
public final class RequestTiming implements ContainerRequestFilter {
  static final String STARTED_NANOS = "meridian.started.nanos";
  static final String STARTED_MILLIS = "meridian.started.millis";

  @Override
  public void filter(ContainerRequestContext request) {
    request.setProperty(STARTED_NANOS, System.nanoTime());
    request.setProperty(STARTED_MILLIS, System.currentTimeMillis());
  }

  static long startedMillis(HttpServletRequest request) {
    Object value = request.getAttribute(STARTED_MILLIS);
    return value instanceof Long millis ? millis : System.currentTimeMillis();
  }

  static long elapsedMillis(HttpServletRequest request) {
    Object value = request.getAttribute(STARTED_NANOS);
    return value instanceof Long nanos ? (System.nanoTime() - nanos) / 1_000_000 : 0;
  }
}
