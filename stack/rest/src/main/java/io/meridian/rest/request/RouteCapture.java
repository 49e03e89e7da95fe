package io.meridian.rest.request;

import io.meridian.rest.api.RouteTemplates;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import org.glassfish.jersey.server.ExtendedUriInfo;

/**
 * Leaves the route of a failed request where {@link RequestIdFilter} finds it when Jersey is done:
 * in a request property, which Jersey keeps in the servlet request's attributes. Only Jersey knows
 * which templates matched; only failures pay for reading them.
 */
public final class RouteCapture implements ContainerResponseFilter {
  public static final String ATTRIBUTE = RouteCapture.class.getName() + ".route";

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    if (response.getStatus() < 400) {
      return;
    }
    String route =
        request.getUriInfo() instanceof ExtendedUriInfo matched
            ? RouteTemplates.of(matched, response.getStatus())
            : RouteTemplates.UNMATCHED;
    request.setProperty(ATTRIBUTE, route);
  }
}
