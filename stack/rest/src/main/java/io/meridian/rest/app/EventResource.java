package io.meridian.rest.app;

import io.meridian.api.route.ApiPart;
import io.meridian.api.route.ApiPaths;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.counter.EventService;
import io.meridian.core.entity.EntityQueries;
import io.meridian.core.entity.QueryPage;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.identity.access.Access;
import io.meridian.rest.api.JsonBodies;
import io.meridian.rest.openapi.ApiBody;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
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
  public byte[] post(
      @PathParam("org") String org,
      @PathParam("app") String app,
      @QueryParam("consistency") String consistency,
      @HeaderParam("Content-Length") @DefaultValue("-1") long contentLength,
      InputStream body) {
    var options = QueryParameters.writeOptions(consistency);
    var json = bodies.read(body, contentLength);
    ApplicationRef application = applications.require(org, app);
    StoredEntity event = events.post(application, json, options);
    return Responses.entity("post", application, EventService.EVENTS.plural(), event);
  }

  @GET
  @Operation(summary = "List the stored events (newest first) or query them")
  public byte[] query(
      @PathParam("org") String org,
      @PathParam("app") String app,
      @PathParam("collection") PathSegment collection,
      @QueryParam("ql") String ql,
      @QueryParam("q") String q,
      @QueryParam("query") String query,
      @QueryParam("limit") String limit,
      @QueryParam("cursor") String cursor) {
    ApplicationRef application = applications.require(org, app);
    MatrixQuery matrix = MatrixQuery.of(collection);
    QueryPage page =
        queries.query(
            application, EventService.EVENTS, matrix.ql(ql, q, query), matrix.limit(limit), cursor);
    return Responses.page(
        Responses.envelope("get", application, EventService.EVENTS.plural()), page);
  }
}
