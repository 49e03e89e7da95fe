package io.meridian.rest.app;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.api.route.ApiPart;
import io.meridian.api.route.ApiPaths;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import io.meridian.core.identity.access.Access;
import io.meridian.core.identity.access.RoleService;
import io.meridian.rest.api.Envelope;
import io.meridian.rest.api.JsonBodies;
import io.meridian.rest.openapi.ApiBody;
import io.meridian.rest.param.BodyHeaders;
import io.meridian.rest.param.EntityPath;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
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
  public byte[] list(@BeanParam EntityPath path) {
    IdentityTargets.Target target = targets.target(path);
    ArrayNode data = Json.MAPPER.createArrayNode();
    roles.permissions(target.application(), target.holder()).forEach(data::add);
    return answer("get", target, path).data(data).toJson();
  }

  @POST
  @Operation(
      summary =
          "Grant a permission: `{\"permission\": \"get,put:/things/**\"}`, or"
              + " `?permission=get,put:/things/**` (then the body is not read)")
  @ApiBody(value = "PermissionGrant", form = true)
  public byte[] grant(
      @BeanParam EntityPath path,
      @QueryParam("permission") String queryPermission,
      @BeanParam BodyHeaders headers,
      InputStream body) {
    IdentityTargets.Target target = targets.target(path);
    // Usergrid's clients send the permission in the query as often as in the body.
    String permission =
        queryPermission != null
            ? queryPermission
            : permission(bodies.fields(body, headers.contentLength(), headers.contentType()));
    String granted = roles.grantPermission(target.application(), target.holder(), permission);
    return answer("post", target, path, granted);
  }

  @PUT
  @Operation(summary = "The same as POST")
  @ApiBody(value = "PermissionGrant", form = true)
  public byte[] grantByPut(
      @BeanParam EntityPath path,
      @QueryParam("permission") String queryPermission,
      @BeanParam BodyHeaders headers,
      InputStream body) {
    return grant(path, queryPermission, headers, body);
  }

  @DELETE
  @Operation(summary = "Revoke a permission: `?permission=get,put:/things/*`")
  public byte[] revoke(@BeanParam EntityPath path, @QueryParam("permission") String permission) {
    IdentityTargets.Target target = targets.target(path);
    if (permission == null) {
      throw new MeridianException(ErrorCode.ILLEGAL_ARGUMENT, "Name the permission to revoke");
    }
    String revoked = roles.revokePermission(target.application(), target.holder(), permission);
    return answer("delete", target, path, revoked);
  }

  /** The answer naming the one permission granted or revoked. */
  private static byte[] answer(
      String action, IdentityTargets.Target target, EntityPath path, String permission) {
    return answer(action, target, path)
        .data(Json.MAPPER.createArrayNode().add(permission))
        .toJson();
  }

  /** The envelope, under the holder's path as the request named it. */
  private static Envelope answer(String action, IdentityTargets.Target target, EntityPath path) {
    return Responses.envelope(
        action,
        target.application(),
        target.collection().plural() + "/" + path.entity() + "/permissions");
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
