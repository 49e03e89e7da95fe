package io.meridian.rest.app;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.api.route.ApiPart;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.collection.CollectionWrites;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.connection.ConnectionService;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.EntityQueries;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.QueryPage;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.entity.WriteOptions;
import io.meridian.core.identity.access.Access;
import io.meridian.core.push.NotificationService;
import io.meridian.core.push.PushTarget;
import io.meridian.rest.access.Caller;
import io.meridian.rest.api.JsonBodies;
import io.meridian.rest.openapi.ApiBody;
import io.meridian.rest.param.AppPath;
import io.meridian.rest.param.BodyHeaders;
import io.meridian.rest.param.EntityPath;
import io.meridian.rest.param.WriteBody;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.PathSegment;
import java.io.InputStream;

/**
 * {@code /{org}/{app}/{collection}/{uuid|name}}: one entity read, written or deleted, and the
 * entities connected to those a query selects. The collection segment may carry Usergrid's matrix
 * parameters ({@code /users;ql=...;limit=5}). The collection itself (listing, queries, creating,
 * writes by query) is {@link CollectionResource}'s. A singleton; what it needs of the request
 * beyond its parameters comes from the request info.
 */
@Access(Access.Rule.APPLICATION)
@ApiPart(id = "entity", tag = "Entities", guests = true)
@Path("/{org}/{app}/{collection}")
@Produces(MediaType.APPLICATION_JSON)
public class EntityResource {
  private final ApplicationService applications;
  private final CollectionWrites writes;
  private final EntityService entities;
  private final EntityQueries queries;
  private final JsonBodies bodies;
  private final NotificationService notifications;

  public EntityResource(
      ApplicationService applications,
      CollectionWrites writes,
      EntityService entities,
      EntityQueries queries,
      JsonBodies bodies,
      NotificationService notifications) {
    this.applications = applications;
    this.writes = writes;
    this.entities = entities;
    this.queries = queries;
    this.bodies = bodies;
    this.notifications = notifications;
  }

  /**
   * One entity, or (when the collection segment carries a query as matrix parameters) the entities
   * connected under a verb to those the query selects: {@code /users;ql=...;limit=5/devices}.
   */
  @GET
  @Path("{entity}")
  @Operation(
      summary =
          "One entity by uuid or name; after matrix parameters, the entities connected under a verb to those a query selects")
  public byte[] get(
      @PathParam("org") String org,
      @PathParam("app") String app,
      @PathParam("collection") PathSegment collection,
      @PathParam("entity") String entity,
      @QueryParam("limit") String limit) {
    ApplicationRef application = applications.require(org, app);
    CollectionName name = CollectionName.of(collection.getPath());
    MatrixQuery matrix = MatrixQuery.of(collection);
    // Parsed whether or not it applies, so that a malformed limit is refused, never ignored.
    int max = QueryParameters.limit(limit);
    if (matrix.present()) {
      QueryPage page =
          queries.traverse(
              application,
              name,
              matrix.ql(),
              matrix.limit(null),
              ConnectionService.requireVerb(entity),
              max);
      return Responses.page(
          Responses.envelope("get", application, name.plural() + "/" + entity), page);
    }
    StoredEntity found = writes.get(application, name, Caller.entity(name, entity));
    return Responses.entity("get", application, name.plural(), found);
  }

  @PUT
  @Path("{entity}")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(summary = "Merge the body into an entity, creating it by name if missing")
  @ApiBody(value = "EntityProperties")
  public byte[] update(
      @BeanParam EntityPath path,
      @BeanParam WriteBody write,
      @Context HttpServletRequest servlet,
      InputStream body) {
    CollectionName name = CollectionName.of(path.collection());
    WriteOptions options = QueryParameters.writeOptions(write.consistency());
    JsonNode json = bodies.read(body, write.contentLength());
    ApplicationRef application = applications.require(path.org(), path.app());
    StoredEntity updated =
        writes.update(
            application,
            name,
            Caller.entity(name, path.entity()),
            json,
            options,
            writes.requester(application, Caller.current(), servlet.getRemoteAddr()));
    return Responses.entity("put", application, name.plural(), updated);
  }

  @DELETE
  @Path("{entity}")
  @Operation(summary = "Delete an entity")
  public byte[] delete(@BeanParam EntityPath path, @QueryParam("consistency") String consistency) {
    ApplicationRef application = applications.require(path.org(), path.app());
    CollectionName name = CollectionName.of(path.collection());
    StoredEntity deleted =
        entities.delete(
            application,
            name,
            Caller.entity(name, path.entity()),
            QueryParameters.writeOptions(consistency));
    return Responses.entity("delete", application, name.plural(), deleted);
  }

  /**
   * Usergrid's {@code POST /devices;ql=.../notifications}: a notification to every device the query
   * selects. Any other JSON {@code POST} onto an entity is 415: there a {@code POST} uploads a
   * file.
   */
  @POST
  @Path("{entity}")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(
      summary =
          "`/devices;ql=.../notifications`: send a push notification to the devices a query"
              + " selects")
  @ApiBody(value = "Notification")
  public byte[] notifyMatching(
      @BeanParam AppPath path,
      @PathParam("collection") PathSegment collection,
      @PathParam("entity") String entity,
      @BeanParam BodyHeaders headers,
      InputStream body) {
    CollectionName name = CollectionName.of(collection.getPath());
    MatrixQuery matrix = MatrixQuery.of(collection);
    if (!entity.equals("notifications") || !name.equals(NotificationService.DEVICES)) {
      // The only JSON POST onto an entity; any other is a file sent as JSON (see assets).
      throw new MeridianException(
          ErrorCode.UNSUPPORTED_MEDIA_TYPE,
          "A JSON body sets an entity's properties with PUT; POST onto an entity takes a file"
              + " (multipart/form-data with a 'file' part, or raw bytes of the file's type), and"
              + " /devices;ql=.../notifications sends notifications");
    }
    JsonNode json = bodies.read(body, headers.contentLength());
    ApplicationRef application = applications.require(path.org(), path.app());
    StoredEntity created =
        notifications.send(
            application, new PushTarget(PushTarget.Kind.QUERY, null, matrix.ql()), json);
    return Responses.entity("post", application, "devices/notifications", created);
  }
}
