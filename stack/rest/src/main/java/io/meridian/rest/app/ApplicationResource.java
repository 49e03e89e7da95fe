package io.meridian.rest.app;

import io.meridian.api.route.ApiPart;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.common.Json;
import io.meridian.core.entity.ApplicationCollections;
import io.meridian.core.identity.access.Access;
import io.meridian.rest.api.Envelope;
import io.meridian.rest.param.AppPath;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/**
 * {@code /{org}/{app}}: the application itself, as Usergrid answers it, its entity with {@code
 * metadata.collections}. For the application's administrators (decided in core before the request
 * is matched, as every path inside an application).
 *
 * <p>Rooted at {@code /} with the template on the method: Jersey picks a root resource by its own
 * path first, and a root {@code /{org}/{app}} would take {@code /docs/{asset}} from the other
 * resources rooted at {@code /}; among one root's methods the literal path wins.
 */
@Access(Access.Rule.APPLICATION)
@ApiPart(id = "application", tag = "Entities")
@Path("/")
@Produces(MediaType.APPLICATION_JSON)
public class ApplicationResource {
  private final ApplicationService applications;
  private final ApplicationCollections collections;

  public ApplicationResource(ApplicationService applications, ApplicationCollections collections) {
    this.applications = applications;
    this.collections = collections;
  }

  @GET
  @Path("{org}/{app}")
  @Operation(
      summary =
          "The application entity with `metadata.collections`: each collection's name, title, type"
              + " and count (administrators)")
  public byte[] describe(@BeanParam AppPath path) {
    ApplicationRef application = applications.require(path.org(), path.app());
    return Envelope.of("get")
        .application(application)
        .entities(List.of(Json.write(ApplicationEntities.of(application, collections))))
        .toJson();
  }
}
