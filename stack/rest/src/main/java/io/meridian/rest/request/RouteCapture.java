package io.meridian.rest.request;

import io.meridian.rest.api.RouteTemplates;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import java.util.ArrayList;
import java.util.List;
import org.glassfish.jersey.server.ExtendedUriInfo;
import org.glassfish.jersey.server.model.RuntimeResource;
import org.glassfish.jersey.uri.UriTemplate;

/**
 * Leaves the route of a failed request where {@link RequestIdFilter} finds it when Jersey is done:
 * in a request property, which Jersey keeps in the servlet request's attributes. Only Jersey knows
 * which templates matched; only failures pay for reading them.
 */
public final class RouteCapture implements ContainerResponseFilter {
  static final String ATTRIBUTE = RouteCapture.class.getName() + ".route";

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    if (response.getStatus() < 400) {
      return;
    }
    List<String> templates = new ArrayList<>();
    if (request.getUriInfo() instanceof ExtendedUriInfo matched) {
      for (UriTemplate template : matched.getMatchedTemplates()) {
        templates.add(template.getTemplate());
      }
      List<RuntimeResource> resources = matched.getMatchedRuntimeResources();
      if (templates.isEmpty() && !resources.isEmpty() && response.getStatus() != 404) {
        // Refusing the method or media type (405, 415), Jersey has matched the resource but has
        // not recorded its templates yet. A 404 without templates matched a prefix at most.
        for (RuntimeResource resource = resources.get(0);
            resource != null;
            resource = resource.getParent()) {
          templates.add(resource.getPathPattern().getTemplate().getTemplate());
        }
      }
    }
    request.setProperty(ATTRIBUTE, RouteTemplates.template(templates));
  }
}
