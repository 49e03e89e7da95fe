package io.meridian.rest.param;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import jakarta.ws.rs.PathParam;

/**
 * The application a route's path names by its {@code {org}} and {@code {app}} segments ({@code
 * /{org}/{app}/...}, {@code /management/orgs/{org}/apps/{app}/...}), as a {@code @BeanParam}:
 * Jersey makes one for each request and nothing changes it after. The routes under an application's
 * entities take {@link CollectionPath}, {@link EntityPath} or {@link VerbPath}, which add the
 * path's next segments.
 *
 * <p>swagger-core describes a bean's parameters from its fields, in the order they are declared (a
 * superclass's first), so the fields' order is the parameters' order in the API document. It finds
 * them through Jackson, which sees private fields only when told to: hence {@link JsonAutoDetect},
 * which the subclasses inherit.
 */
@JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.ANY)
public class AppPath {
  @PathParam("org")
  private String org;

  @PathParam("app")
  private String app;

  public String org() {
    return org;
  }

  public String app() {
    return app;
  }
}
