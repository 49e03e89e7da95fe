package io.meridian.rest.app;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.api.route.ApiPart;
import io.meridian.api.route.ApiPaths;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import io.meridian.core.identity.access.Access;
import io.meridian.core.identity.access.RoleService;
import io.meridian.rest.api.JsonBodies;
import io.meridian.rest.openapi.ApiBody;
import io.swagger.v3.oas.annotations.Operation;
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
import jakarta.ws.rs.core.MediaType;
import java.io.InputStream;

/**
 * The permissions granted directly to a user, group or role, as Usergrid's: {@code
 * /roles/{r}/permissions}. The access filter lets only administrators change them.
 */
@Access(Access.Rule.APPLICATION)
@ApiPart(id = "permissions", tag = "Identity", guests = true)
@ApiPaths({
  "/{org}/{app}/users/{entity}/permissions",
  "/{org}/{app}/groups/{entity}/permissions",
  "/{org}/{app}/roles/{entity}/permissions"
})
@Path("/{org}/{app}/{collection: (?i:users?|groups?|roles?)}/{entity}/permissions")
@Produces(MediaType.APPLICATION_JSON)
public class PermissionsResource {

  private final IdentityTargets targets;
  private final RoleService roles;
  private final JsonBodies bodies;

  public PermissionsResource(IdentityTargets targets, RoleService roles, JsonBodies bodies) {
    this.targets = targets;
    this.roles = roles;
    this.bodies = bodies;
  }

  @GET
  @Operation(summary = "The permissions granted to a user, group or role")
  public byte[] list(
      @PathParam("org") String org,
      @PathParam("app") String app,
      @PathParam("collection") String collection,
      @PathParam("entity") String entity) {
    ApplicationRef application = targets.application(org, app);
    IdentityTargets.Target target = targets.target(application, collection, entity);
    ArrayNode data = Json.MAPPER.createArrayNode();
    roles.permissions(application, target.holder()).forEach(data::add);
    return Responses.envelope("get", application, path(target, entity)).data(data).toJson();
  }

  @POST
  @Operation(
      summary =
          "Grant a permission: `{\"permission\": \"get,put:/things/**\"}`, or"
              + " `?permission=get,put:/things/**` (then the body is not read)")
  @ApiBody(value = "PermissionGrant", form = true)
  public byte[] grant(
      @PathParam("org") String org,
      @PathParam("app") String app,
      @PathParam("collection") String collection,
      @PathParam("entity") String entity,
      @QueryParam("permission") String queryPermission,
      @HeaderParam("Content-Type") String contentType,
      @HeaderParam("Content-Length") @DefaultValue("-1") long contentLength,
      InputStream body) {
    ApplicationRef application = targets.application(org, app);
    IdentityTargets.Target target = targets.target(application, collection, entity);
    // Usergrid's clients send the permission in the query as often as in the body.
    String permission =
        queryPermission != null
            ? queryPermission
            : permission(bodies.fields(body, contentLength, contentType));
    String granted = roles.grantPermission(application, target.holder(), permission);
    return Responses.envelope("post", application, path(target, entity))
        .data(Json.MAPPER.createArrayNode().add(granted))
        .toJson();
  }

  @PUT
  @Operation(summary = "The same as POST")
  @ApiBody(value = "PermissionGrant", form = true)
  public byte[] grantByPut(
      @PathParam("org") String org,
      @PathParam("app") String app,
      @PathParam("collection") String collection,
      @PathParam("entity") String entity,
      @QueryParam("permission") String queryPermission,
      @HeaderParam("Content-Type") String contentType,
      @HeaderParam("Content-Length") @DefaultValue("-1") long contentLength,
      InputStream body) {
    return grant(org, app, collection, entity, queryPermission, contentType, contentLength, body);
  }

  @DELETE
  @Operation(summary = "Revoke a permission: `?permission=get,put:/things/*`")
  public byte[] revoke(
      @PathParam("org") String org,
      @PathParam("app") String app,
      @PathParam("collection") String collection,
      @PathParam("entity") String entity,
      @QueryParam("permission") String permission) {
    ApplicationRef application = targets.application(org, app);
    IdentityTargets.Target target = targets.target(application, collection, entity);
    if (permission == null) {
      throw new MeridianException(ErrorCode.ILLEGAL_ARGUMENT, "Name the permission to revoke");
    }
    String revoked = roles.revokePermission(application, target.holder(), permission);
    return Responses.envelope("delete", application, path(target, entity))
        .data(Json.MAPPER.createArrayNode().add(revoked))
        .toJson();
  }

  private static String path(IdentityTargets.Target target, String entity) {
    return target.collection().plural() + "/" + entity + "/permissions";
  }

  private static String permission(ObjectNode fields) {
    String permission = JsonBodies.text(fields, "permission");
    if (permission == null) {
      permission = JsonBodies.text(fields, "permissions");
    }
    if (permission == null) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT, "Send {\"permission\": \"get,put:/path/**\"}");
    }
    return permission;
  }
}
