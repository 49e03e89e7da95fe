package io.meridian.rest.app;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.TextNode;
import io.meridian.api.route.ApiPart;
import io.meridian.api.route.ApiPaths;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import io.meridian.core.common.TimeUuids;
import io.meridian.core.counter.EventQueue;
import io.meridian.core.counter.EventService;
import io.meridian.core.entity.EntityQueries;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.identity.access.Access;
import io.meridian.rest.api.Envelope;
import io.meridian.rest.api.JsonBodies;
import io.meridian.rest.openapi.ApiBody;
import io.meridian.rest.param.AppPath;
import io.meridian.rest.param.Selection;
import io.meridian.rest.param.WriteBody;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
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
import java.util.List;
import java.util.Optional;
import java.util.UUID;

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
  private final EventQueue queue;
  private final EntityQueries queries;
  private final JsonBodies bodies;

  public EventResource(
      ApplicationService applications,
      EventService events,
      EventQueue queue,
      EntityQueries queries,
      JsonBodies bodies) {
    this.applications = applications;
    this.events = events;
    this.queue = queue;
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

  /**
   * Usergrid's queue read (no query, no cursor): {@code messages}, the events oldest first after
   * {@code last}, one unless {@code limit} says more, and {@code last} to read on from. With a
   * query or a cursor, a page of the collection in {@code entities}, as any collection.
   */
  @GET
  @Operation(
      summary =
          "Read the events as Usergrid's queue (`messages` oldest first after `last`, and the new"
              + " `last`), or with `ql`/`cursor` list or query them as a collection")
  public byte[] query(
      @BeanParam AppPath path,
      @PathParam("collection") PathSegment collection,
      @BeanParam Selection selection,
      @QueryParam("cursor") String cursor,
      @Parameter(description = "The uuid of the last event read: the read goes on after it")
          @QueryParam("last")
          String last) {
    ApplicationRef application = applications.require(path.org(), path.app());
    MatrixQuery matrix = MatrixQuery.of(collection);
    if (cursor != null || matrix.ql(selection.ql()) != null) {
      return CollectionResource.page(
          queries, application, EventService.EVENTS, matrix, selection, cursor);
    }
    Optional<UUID> after =
        Optional.ofNullable(last).filter(s -> !s.isBlank()).map(EventResource::uuid);
    int limit = QueryParameters.limit(selection.limit(), EventQueue.DEFAULT_LIMIT);
    EventQueue.Read read = queue.read(application, after, limit);
    List<String> messages = Responses.listed(read.events());
    Envelope envelope = Responses.envelope("get", application, EventService.EVENTS.plural());
    ArrayNode array = JsonNodeFactory.instance.arrayNode();
    messages.forEach(message -> array.add(Json.parseStoredObject(message)));
    envelope.field("messages", array);
    read.last().ifPresent(uuid -> envelope.field("last", TextNode.valueOf(uuid.toString())));
    return envelope.entities(messages).toJson();
  }

  private static UUID uuid(String text) {
    if (!TimeUuids.isUuidText(text.trim())) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT, "last must be the uuid of an event, got '" + text + "'");
    }
    return UUID.fromString(text.trim());
  }
}
