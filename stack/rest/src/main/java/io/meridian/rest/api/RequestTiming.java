package io.meridian.rest.api;

import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.PreMatching;

/**
 * Opens and closes the {@link RequestInfo} of every request: notes when it arrived, for the {@code
 * timestamp} and {@code duration} of its response, and hands its URI to the resource. Resources are
 * synchronous, so the thread that runs this filter serves the whole request.
 */
@PreMatching
@Priority(Priorities.AUTHENTICATION - 100)
public final class RequestTiming implements ContainerRequestFilter, ContainerResponseFilter {

  @Override
  public void filter(ContainerRequestContext request) {
    RequestInfo.begin(
        new RequestInfo(
            System.nanoTime(),
            System.currentTimeMillis(),
            request.getMethod(),
            request.getUriInfo()));
  }

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    RequestInfo.end();
  }
}
