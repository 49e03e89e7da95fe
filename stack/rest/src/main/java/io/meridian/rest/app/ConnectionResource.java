package io.meridian.rest.app;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.api.route.ApiPart;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.collection.CollectionWrites;
import io.meridian.core.common.TimeUuids;
import io.meridian.core.connection.Direction;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.entity.WriteOptions;
import io.meridian.core.identity.access.Access;
import io.meridian.core.push.NotificationService;
import io.meridian.core.push.PushTarget;
import io.meridian.rest.access.Caller;
import io.meridian.rest.api.JsonBodies;
import io.meridian.rest.openapi.ApiBody;
import io.meridian.rest.param.Selection;
import io.meridian.rest.param.VerbPath;
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
import java.io.InputStream;
import java.util.Optional;

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
 * disconnect answers with the target, its {@code metadata} included. Reads go through {@link
 * ConnectionListings}, writes through {@link ConnectionChanges}; this class parses and renders.
 */
@Access(Access.Rule.APPLICATION)
@ApiPart(id = "connection", tag = "Connections", guests = true)
@Path("/{org}/{app}/{collection}/{entity}/{verb}")
@Produces(MediaType.APPLICATION_JSON)
public class ConnectionResource {
  private static final String CONNECTING = "connecting";
  private static final String CONNECTIONS = "connections";

  private final ApplicationService applications;
  private final ConnectionListings listings;
  private final ConnectionChanges changes;
  private final NotificationService notifications;
  private final JsonBodies bodies;

  public ConnectionResource(
      ApplicationService applications,
      ConnectionListings listings,
      ConnectionChanges changes,
      NotificationService notifications,
      JsonBodies bodies) {
    this.applications = applications;
    this.listings = listings;
    this.changes = changes;
    this.notifications = notifications;
    this.bodies = bodies;
  }

  @GET
  @Operation(summary = "The entities this entity connects to under a verb, optionally queried")
  public byte[] outbound(
      @BeanParam VerbPath path,
      @BeanParam Selection selection,
      @QueryParam("cursor") String cursor) {
    return listings.list(
        application(path), path, Direction.OUT, path.verb(), selection, cursor, path.verb());
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
              + " it connects to; else one connected entity, by uuid or name, or the connected"
              + " entities of a collection")
  public byte[] inboundOrConnected(
      @BeanParam VerbPath path,
      @PathParam("target") String target,
      @BeanParam Selection selection,
      @QueryParam("cursor") String cursor) {
    String verb = path.verb();
    if (verb.equals(CONNECTING) || verb.equals(CONNECTIONS)) {
      return listings.list(
          application(path),
          path,
          verb.equals(CONNECTING) ? Direction.IN : Direction.OUT,
          target,
          selection,
          cursor,
          verb + "/" + target);
    }
    return listings.oneOrCollection(application(path), path, target, selection, cursor);
  }

  @GET
  @Path("{targetCollection}/{target}")
  @Operation(summary = "One connected entity, named in its collection by uuid or name")
  public byte[] connectedInCollection(
      @BeanParam VerbPath path,
      @PathParam("targetCollection") String targetCollection,
      @PathParam("target") String target) {
    ApplicationRef application = application(path);
    StoredEntity found = listings.connected(application, path, targetCollection, target);
    return Responses.entity(
        "get",
        application,
        ConnectionListings.connectedPath(path, targetCollection, target),
        found);
  }

  @PUT
  @Path("{target}")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(summary = "Merge the body into a connected entity, named by uuid")
  @ApiBody(value = "EntityProperties")
  public byte[] updateConnectedByUuid(
      @BeanParam VerbPath path,
      @PathParam("target") String target,
      @BeanParam WriteBody write,
      @Context HttpServletRequest servlet,
      InputStream body) {
    return updateConnected(path, null, target, write, servlet, body);
  }

  @PUT
  @Path("{targetCollection}/{target}")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(summary = "Merge the body into a connected entity, named in its collection")
  @ApiBody(value = "EntityProperties")
  public byte[] updateConnected(
      @BeanParam VerbPath path,
      @PathParam("targetCollection") String targetCollection,
      @PathParam("target") String target,
      @BeanParam WriteBody write,
      @Context HttpServletRequest servlet,
      InputStream body) {
    WriteOptions options = QueryParameters.writeOptions(write.consistency());
    JsonNode json = bodies.read(body, write.contentLength());
    return changes.updateConnected(
        application(path), path, targetCollection, target, json, options, servlet.getRemoteAddr());
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
              + " user's devices or a group's users' devices; any other verb: create entities of"
              + " the collection the verb names (`/users/me/devices`) and connect them")
  @ApiBody(value = "Notification")
  public byte[] notify(
      @BeanParam VerbPath path,
      @BeanParam WriteBody write,
      @Context HttpServletRequest servlet,
      InputStream body) {
    if (!path.verb().equals("notifications")) {
      // Usergrid's POST /users/me/devices: a new device of the user's.
      WriteOptions options = QueryParameters.writeOptions(write.consistency());
      JsonNode json = bodies.read(body, write.contentLength());
      return changes.createAndConnect(
          application(path), path, path.verb(), json, options, servlet.getRemoteAddr());
    }
    JsonNode json = bodies.read(body, write.contentLength());
    ApplicationRef application = application(path);
    CollectionName targets = CollectionName.of(path.collection());
    PushTarget target =
        notifications.target(application, targets, Caller.entity(targets, path.entity()));
    StoredEntity created = notifications.send(application, target, json);
    return Responses.entity(
        "post",
        application,
        String.join("/", targets.plural(), path.entity(), path.verb()),
        created);
  }

  /**
   * Connects to the entity a uuid names; with a body and a collection in place of the uuid ({@code
   * /users/fred/likes/dogs}), creates the body's entities in that collection and connects them.
   */
  @POST
  @Path("{target}")
  @Operation(
      summary =
          "Connect this entity to another, named by uuid; with a body, to a collection's name:"
              + " create entities in that collection and connect them")
  @ApiBody(value = "EntityBatch", required = false)
  public byte[] connectByUuid(
      @BeanParam VerbPath path,
      @PathParam("target") String target,
      @BeanParam WriteBody write,
      @Context HttpServletRequest servlet,
      InputStream body) {
    WriteOptions options = QueryParameters.writeOptions(write.consistency());
    // A body sent with a uuid was always ignored: only a collection's name makes it entities.
    Optional<JsonNode> json =
        TimeUuids.isUuidText(target)
            ? Optional.empty()
            : bodies.readIfAny(body, write.contentLength());
    if (json.isPresent()) {
      return changes.createAndConnect(
          application(path), path, target, json.get(), options, servlet.getRemoteAddr());
    }
    return changes.connect(application(path), path, null, target, true);
  }

  @POST
  @Path("{targetCollection}/{target}")
  @Operation(summary = "Connect this entity to another entity of a collection")
  public byte[] connect(
      @BeanParam VerbPath path,
      @PathParam("targetCollection") String targetCollection,
      @PathParam("target") String target) {
    return changes.connect(application(path), path, targetCollection, target, true);
  }

  @DELETE
  @Path("{target}")
  @Operation(summary = "Remove a connection to an entity named by uuid")
  public byte[] disconnectByUuid(@BeanParam VerbPath path, @PathParam("target") String target) {
    return changes.connect(application(path), path, null, target, false);
  }

  @DELETE
  @Path("{targetCollection}/{target}")
  @Operation(summary = "Remove a connection to an entity of a collection")
  public byte[] disconnect(
      @BeanParam VerbPath path,
      @PathParam("targetCollection") String targetCollection,
      @PathParam("target") String target) {
    return changes.connect(application(path), path, targetCollection, target, false);
  }

  private ApplicationRef application(VerbPath path) {
    return applications.require(path.org(), path.app());
  }
}
