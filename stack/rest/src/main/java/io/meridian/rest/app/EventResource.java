package io.meridian.rest.app;

import io.meridian.api.route.ApiPart;
import io.meridian.api.route.ApiPaths;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.counter.EventService;
import io.meridian.core.entity.EntityQueries;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.identity.access.Access;
import io.meridian.rest.api.JsonBodies;
import io.meridian.rest.openapi.ApiBody;
import io.meridian.rest.param.AppPath;
import io.meridian.rest.param.Selection;
import io.meridian.rest.param.WriteBody;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.PathSegment;
import java.io.InputStream;

/**
 * Usergrid's {@code /events}: a POST stores an event and increments its counters ({@link
 * EventService}); a GET lists or queries the stored events like any collection. One event entity is
 * addressed by {@code /events/{id}} as any entity is.
 */
@Access(Access.Rule.APPLICATION)
@ApiPart(id = "event", tag = "Counters", guests = true)
@ApiPaths("/{org}/{app}/events")
@Path("/{org}/{app}/{collection: (?i:events?)}")
@Produces(MediaType.APPLICATION_JSON)
public class EventResource {
  private final ApplicationService applications;
  private final EventService events;
  private final EntityQueries queries;
  private final JsonBodies bodies;

  public EventResource(
      ApplicationService applications,
      EventService events,
      EntityQueries queries,
      JsonBodies bodies) {
    this.applications = applications;
    this.events = events;
    this.queries = queries;
    this.bodies = bodies;
  }

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(
      summary =
          "Post an event: store it and add each of its `counters` to its counter at `timestamp`")
  @ApiBody("Event")
  public byte[] post(@BeanParam AppPath path, @BeanParam WriteBody write, InputStream body) {
    var options = QueryParameters.writeOptions(write.consistency());
    var json = bodies.read(body, write.contentLength());
    ApplicationRef application = applications.require(path.org(), path.app());
    StoredEntity event = events.post(application, json, options);
    return Responses.entity("post", application, EventService.EVENTS.plural(), event);
  }

  @GET
  @Operation(summary = "List the stored events (newest first) or query them")
  public byte[] query(
      @BeanParam AppPath path,
      @PathParam("collection") PathSegment collection,
      @BeanParam Selection selection,
      @QueryParam("cursor") String cursor) {
    ApplicationRef application = applications.require(path.org(), path.app());
    MatrixQuery matrix = MatrixQuery.of(collection);
    return CollectionResource.page(
        queries, application, EventService.EVENTS, matrix, selection, cursor);
  }
}
