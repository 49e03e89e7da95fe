package io.meridian.rest.app;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.api.route.ApiPart;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.collection.CollectionWrites;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.connection.ConnectionService;
import io.meridian.core.connection.Direction;
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
import io.swagger.v3.oas.annotations.Operation;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import java.io.InputStream;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Connections under an entity, Usergrid's paths:
 *
 * <ul>
 *   <li>{@code POST|DELETE /{coll}/{id}/{verb}/{coll2}/{id2}} and {@code /{verb}/{uuid}}; a {@code
 *       DELETE} also by the name alone of an entity connected under the verb
 *   <li>{@code GET /{coll}/{id}/{verb}[?ql=]} and {@code /connections/{verb}}: what the entity
 *       connects to (outbound)
 *   <li>{@code GET /{coll}/{id}/connecting/{verb}[?ql=]}: what connects to it (inbound)
 *   <li>{@code GET /{coll}/{id}/{verb}/{uuid or name}} and {@code /{verb}/{coll2}/{id2}}: one
 *       connected entity
 *   <li>{@code PUT} of those two: merges the body into the connected entity (see {@link
 *       CollectionWrites#updateConnected} for the permission it takes)
 * </ul>
 *
 * <p>Answers carry Usergrid's paths: the source by uuid ({@code /users/<uuid>/likes}); a connect or
 * disconnect answers with the target, its {@code metadata} included.
 */
@Access(Access.Rule.APPLICATION)
@ApiPart(id = "connection", tag = "Connections", guests = true)
@Path("/{org}/{app}/{collection}/{entity}/{verb}")
@Produces(MediaType.APPLICATION_JSON)
public class ConnectionResource {
  private static final String CONNECTING = "connecting";
  private static final String CONNECTIONS = "connections";

  private final ApplicationService applications;
  private final EntityService entities;
  private final ConnectionService connections;
  private final EntityQueries queries;
  private final NotificationService notifications;
  private final JsonBodies bodies;
  private final CollectionWrites writes;

  public ConnectionResource(
      ApplicationService applications,
      EntityService entities,
      ConnectionService connections,
      EntityQueries queries,
      NotificationService notifications,
      JsonBodies bodies,
      CollectionWrites writes) {
    this.notifications = notifications;
    this.applications = applications;
    this.entities = entities;
    this.connections = connections;
    this.queries = queries;
    this.bodies = bodies;
    this.writes = writes;
  }

  @GET
  @Operation(summary = "The entities this entity connects to under a verb, optionally queried")
  public byte[] outbound(
      @PathParam("org") String org,
      @PathParam("app") String app,
      @PathParam("collection") String collection,
      @PathParam("entity") String entity,
      @PathParam("verb") String verb,
      @QueryParam("ql") String ql,
      @QueryParam("q") String q,
      @QueryParam("query") String query,
      @QueryParam("limit") String limit,
      @QueryParam("cursor") String cursor) {
    return list(
        org,
        app,
        collection,
        entity,
        Direction.OUT,
        verb,
        QueryParameters.firstNonNull(ql, q, query),
        limit,
        cursor,
        verb);
  }

  /**
   * {@code /connecting/{verb}} lists inbound connections, {@code /connections/{verb}} (Usergrid's
   * other spelling of {@code /{verb}}) outbound ones; {@code /{verb}/{uuid or name}} gets one.
   */
  @GET
  @Path("{target}")
  @Operation(
      summary =
          "`connecting/{verb}`: the entities connecting to this one; `connections/{verb}`: those"
              + " it connects to; else one connected entity, by uuid or name")
  public byte[] inboundOrConnected(
      @PathParam("org") String org,
      @PathParam("app") String app,
      @PathParam("collection") String collection,
      @PathParam("entity") String entity,
      @PathParam("verb") String verb,
      @PathParam("target") String target,
      @QueryParam("ql") String ql,
      @QueryParam("q") String q,
      @QueryParam("query") String query,
      @QueryParam("limit") String limit,
      @QueryParam("cursor") String cursor) {
    if (verb.equals(CONNECTING)) {
      return list(
          org,
          app,
          collection,
          entity,
          Direction.IN,
          target,
          QueryParameters.firstNonNull(ql, q, query),
          limit,
          cursor,
          CONNECTING + "/" + target);
    }
    if (verb.equals(CONNECTIONS)) {
      return list(
          org,
          app,
          collection,
          entity,
          Direction.OUT,
          target,
          QueryParameters.firstNonNull(ql, q, query),
          limit,
          cursor,
          CONNECTIONS + "/" + target);
    }
    // One entity, not a listing: the listing's parameters do nothing here, but a malformed one is
    // still refused, as on every route that takes it.
    QueryParameters.limit(limit);
    ApplicationRef application = applications.require(org, app);
    CollectionName name = CollectionName.of(collection);
    StoredEntity found =
        connections.connectedEntity(
            application, Caller.visibility(), name, Caller.entity(name, entity), verb, target);
    return Responses.envelope(
            "get", application, String.join("/", name.plural(), entity, verb, target))
        .entities(Responses.shown(List.of(found)))
        .toJson();
  }

  @GET
  @Path("{targetCollection}/{target}")
  @Operation(summary = "One connected entity, named in its collection by uuid or name")
  public byte[] connectedInCollection(
      @PathParam("org") String org,
      @PathParam("app") String app,
      @PathParam("collection") String collection,
      @PathParam("entity") String entity,
      @PathParam("verb") String verb,
      @PathParam("targetCollection") String targetCollection,
      @PathParam("target") String target) {
    ApplicationRef application = applications.require(org, app);
    StoredEntity found = connected(application, collection, entity, verb, targetCollection, target);
    return Responses.envelope(
            "get", application, path(collection, entity, verb, targetCollection, target))
        .entities(Responses.shown(List.of(found)))
        .toJson();
  }

  @PUT
  @Path("{target}")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(summary = "Merge the body into a connected entity, named by uuid")
  @ApiBody(value = "EntityProperties")
  public byte[] updateConnectedByUuid(
      @PathParam("org") String org,
      @PathParam("app") String app,
      @PathParam("collection") String collection,
      @PathParam("entity") String entity,
      @PathParam("verb") String verb,
      @PathParam("target") String target,
      @QueryParam("consistency") String consistency,
      @HeaderParam("Content-Length") @DefaultValue("-1") long contentLength,
      @Context HttpServletRequest servlet,
      InputStream body) {
    return updateConnected(
        org,
        app,
        collection,
        entity,
        verb,
        null,
        target,
        consistency,
        contentLength,
        servlet,
        body);
  }

  @PUT
  @Path("{targetCollection}/{target}")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(summary = "Merge the body into a connected entity, named in its collection")
  @ApiBody(value = "EntityProperties")
  public byte[] updateConnected(
      @PathParam("org") String org,
      @PathParam("app") String app,
      @PathParam("collection") String collection,
      @PathParam("entity") String entity,
      @PathParam("verb") String verb,
      @PathParam("targetCollection") String targetCollection,
      @PathParam("target") String target,
      @QueryParam("consistency") String consistency,
      @HeaderParam("Content-Length") @DefaultValue("-1") long contentLength,
      @Context HttpServletRequest servlet,
      InputStream body) {
    WriteOptions options = QueryParameters.writeOptions(consistency);
    JsonNode json = bodies.read(body, contentLength);
    ApplicationRef application = applications.require(org, app);
    StoredEntity found = connected(application, collection, entity, verb, targetCollection, target);
    StoredEntity updated =
        writes.updateConnected(
            application,
            Caller.current(),
            found,
            json,
            options,
            writes.requester(application, Caller.current(), servlet.getRemoteAddr()));
    return Responses.envelope(
            "put", application, path(collection, entity, verb, targetCollection, target))
        .entities(Responses.shown(List.of(updated)))
        .toJson();
  }

  /** The connected entity; a 404 when it is not connected or the caller may not read it. */
  private StoredEntity connected(
      ApplicationRef application,
      String collection,
      String entity,
      String verb,
      String targetCollection,
      String target) {
    CollectionName name = CollectionName.of(collection);
    return connections.connectedEntity(
        application,
        Caller.visibility(),
        name,
        Caller.entity(name, entity),
        verb,
        Optional.ofNullable(targetCollection).map(CollectionName::of),
        target);
  }

  private static String path(
      String collection, String entity, String verb, String targetCollection, String target) {
    return String.join("/", CollectionName.of(collection).plural(), entity, verb)
        + (targetCollection == null ? "" : "/" + targetCollection)
        + "/"
        + target;
  }

  /**
   * Usergrid's {@code POST /devices/{id}/notifications} (also {@code /devices/*}, {@code
   * /users/{id}}, {@code /groups/{id}}): queues a push notification to the entity's devices.
   */
  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(
      summary =
          "`notifications`: send a push notification to a device, every device (`/devices/*`), a"
              + " user's devices or a group's users' devices")
  @ApiBody(value = "Notification")
  public byte[] notify(
      @PathParam("org") String org,
      @PathParam("app") String app,
      @PathParam("collection") String collection,
      @PathParam("entity") String entity,
      @PathParam("verb") String verb,
      @HeaderParam("Content-Length") @DefaultValue("-1") long contentLength,
      InputStream body) {
    if (!verb.equals("notifications")) {
      // A documented operation (any verb fits its template), so a refusal, not a 405.
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "A POST here only sends notifications (/{collection}/{id}/notifications); a connection"
              + " is made with POST /{collection}/{id}/{verb}/{target}");
    }
    JsonNode json = bodies.read(body, contentLength);
    ApplicationRef application = applications.require(org, app);
    CollectionName targets = CollectionName.of(collection);
    PushTarget target = notifications.target(application, targets, Caller.entity(targets, entity));
    StoredEntity created = notifications.send(application, target, json);
    return Responses.envelope(
            "post",
            application,
            String.join("/", CollectionName.of(collection).plural(), entity, verb))
        .entities(Responses.shown(List.of(created)))
        .toJson();
  }

  @POST
  @Path("{target}")
  @Operation(summary = "Connect this entity to another, named by uuid")
  public byte[] connectByUuid(
      @PathParam("org") String org,
      @PathParam("app") String app,
      @PathParam("collection") String collection,
      @PathParam("entity") String entity,
      @PathParam("verb") String verb,
      @PathParam("target") String target) {
    return connect(org, app, collection, entity, verb, null, target, true);
  }

  @POST
  @Path("{targetCollection}/{target}")
  @Operation(summary = "Connect this entity to another entity of a collection")
  public byte[] connect(
      @PathParam("org") String org,
      @PathParam("app") String app,
      @PathParam("collection") String collection,
      @PathParam("entity") String entity,
      @PathParam("verb") String verb,
      @PathParam("targetCollection") String targetCollection,
      @PathParam("target") String target) {
    return connect(org, app, collection, entity, verb, targetCollection, target, true);
  }

  @DELETE
  @Path("{target}")
  @Operation(summary = "Remove a connection to an entity named by uuid")
  public byte[] disconnectByUuid(
      @PathParam("org") String org,
      @PathParam("app") String app,
      @PathParam("collection") String collection,
      @PathParam("entity") String entity,
      @PathParam("verb") String verb,
      @PathParam("target") String target) {
    return connect(org, app, collection, entity, verb, null, target, false);
  }

  @DELETE
  @Path("{targetCollection}/{target}")
  @Operation(summary = "Remove a connection to an entity of a collection")
  public byte[] disconnect(
      @PathParam("org") String org,
      @PathParam("app") String app,
      @PathParam("collection") String collection,
      @PathParam("entity") String entity,
      @PathParam("verb") String verb,
      @PathParam("targetCollection") String targetCollection,
      @PathParam("target") String target) {
    return connect(org, app, collection, entity, verb, targetCollection, target, false);
  }

  private byte[] connect(
      String org,
      String app,
      String collection,
      String entity,
      String verb,
      String targetCollection,
      String target,
      boolean connect) {
    ApplicationRef application = applications.require(org, app);
    CollectionName name = CollectionName.of(collection);
    Optional<CollectionName> targetName =
        Optional.ofNullable(targetCollection).map(CollectionName::of);
    StoredEntity found =
        connect
            ? connections.connect(
                application,
                Caller.visibility(),
                name,
                Caller.entity(name, entity),
                verb,
                targetName,
                target)
            : connections.disconnect(
                application,
                Caller.visibility(),
                name,
                Caller.entity(name, entity),
                verb,
                targetName,
                target);
    // Usergrid's answer: the source's connections under the verb, by uuid, and the target.
    String path = String.join("/", name.plural(), sourceUuid(application, name, entity), verb);
    return Responses.envelope(connect ? "post" : "delete", application, path)
        .entities(Responses.shown(List.of(found)))
        .toJson();
  }

  private byte[] list(
      String org,
      String app,
      String collection,
      String entity,
      Direction direction,
      String verb,
      String ql,
      String limit,
      String cursor,
      String pathSuffix) {
    ApplicationRef application = applications.require(org, app);
    CollectionName name = CollectionName.of(collection);
    ConnectionService.requireVerb(verb);
    StoredEntity source = entities.get(application, name, Caller.entity(name, entity));
    QueryPage page =
        queries.connected(
            application, source, direction, verb, ql, QueryParameters.limit(limit), cursor);
    return Responses.page(
        Responses.envelope(
            "get", application, name.plural() + "/" + source.uuid() + "/" + pathSuffix),
        page);
  }

  /** The source's uuid, read only when the path named it. */
  private String sourceUuid(ApplicationRef application, CollectionName name, String entity) {
    String id = Caller.entity(name, entity);
    try {
      return UUID.fromString(id).toString();
    } catch (IllegalArgumentException e) {
      return entities.get(application, name, id).uuid().toString();
    }
  }
}
