package io.meridian.rest.app;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.EntityStore;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.identity.Principal;
import io.meridian.core.identity.PrincipalKind;
import io.meridian.core.identity.access.AccessControl;
import io.meridian.core.identity.access.GrantStore;
import io.meridian.core.identity.access.RoleService;
import io.meridian.core.identity.token.AccessToken;
import io.meridian.core.identity.token.TokenService;
import io.meridian.core.identity.user.UserService;
import io.meridian.rest.access.Caller;
import io.meridian.rest.api.JsonBodies;
import io.meridian.rest.openapi.ApiBody;
import io.meridian.rest.openapi.ApiPart;
import io.meridian.rest.openapi.ApiPaths;
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
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The identity sub-resources of users, groups and roles, as Usergrid's: passwords, token
 * revocation, permissions, and memberships ({@code /users/{u}/roles/{r}}, {@code
 * /groups/{g}/users/{u}}, {@code /roles/{r}/users/{u}} and their reverses). The access filter lets
 * only administrators change permissions and memberships; this class checks the rest.
 */
@ApiPart(id = "identity", tag = "Identity", guests = true)
@Path(
    "/{org}/{app}/{collection: (?i:users?|groups?|roles?)}/{entity}"
        + "/{verb: password|revoketokens|revoketoken|roles|groups|permissions|users}")
@Produces(MediaType.APPLICATION_JSON)
public class IdentityResource {
  private final ApplicationService applications;
  private final EntityService entities;
  private final EntityStore store;
  private final UserService users;
  private final RoleService roles;
  private final AccessControl access;
  private final TokenService tokens;
  private final JsonBodies bodies;

  public IdentityResource(
      ApplicationService applications,
      EntityService entities,
      EntityStore store,
      UserService users,
      RoleService roles,
      AccessControl access,
      TokenService tokens,
      JsonBodies bodies) {
    this.applications = applications;
    this.entities = entities;
    this.store = store;
    this.users = users;
    this.roles = roles;
    this.access = access;
    this.tokens = tokens;
    this.bodies = bodies;
  }

  /** password, revoketokens, revoketoken, or a new permission. */
  @ApiPaths({
    "/{org}/{app}/users/{entity}/roles",
    "/{org}/{app}/users/{entity}/groups",
    "/{org}/{app}/users/{entity}/permissions",
    "/{org}/{app}/groups/{entity}/users",
    "/{org}/{app}/groups/{entity}/roles",
    "/{org}/{app}/groups/{entity}/permissions",
    "/{org}/{app}/roles/{entity}/users",
    "/{org}/{app}/roles/{entity}/groups",
    "/{org}/{app}/roles/{entity}/permissions"
  })
  @GET
  @Operation(summary = "A user's, group's or role's roles, groups, users or permissions")
  public byte[] list(
      @PathParam("org") String org,
      @PathParam("app") String app,
      @PathParam("collection") String collection,
      @PathParam("entity") String entity,
      @PathParam("verb") String verb) {
    ApplicationRef application = applications.require(org, app);
    Target target = target(application, collection, entity);
    String path = target.collection.plural() + "/" + entity + "/" + verb;
    if (verb.equals("permissions")) {
      ArrayNode data = Json.MAPPER.createArrayNode();
      roles.permissions(application, target.holder).forEach(data::add);
      return Responses.envelope("get", application, path).data(data).toJson();
    }
    List<StoredEntity> members = members(application, target, verb);
    return Responses.envelope("get", application, path).entities(Responses.json(members)).toJson();
  }

  @ApiPaths({
    "/{org}/{app}/users/{entity}/password",
    "/{org}/{app}/users/{entity}/revoketokens",
    "/{org}/{app}/users/{entity}/revoketoken",
    "/{org}/{app}/users/{entity}/permissions",
    "/{org}/{app}/groups/{entity}/permissions",
    "/{org}/{app}/roles/{entity}/permissions"
  })
  @POST
  @Operation(summary = "Change a user's password, revoke its tokens, or grant a permission")
  @ApiBody(value = "IdentityChange", form = true)
  public byte[] post(
      @PathParam("org") String org,
      @PathParam("app") String app,
      @PathParam("collection") String collection,
      @PathParam("entity") String entity,
      @PathParam("verb") String verb,
      @QueryParam("token") String token,
      @HeaderParam("Content-Type") String contentType,
      @HeaderParam("Content-Length") @DefaultValue("-1") long contentLength,
      InputStream body) {
    ApplicationRef application = applications.require(org, app);
    Target target = target(application, collection, entity);
    String path = target.collection.plural() + "/" + entity + "/" + verb;
    switch (verb) {
      case "password" -> {
        StoredEntity user = requireUser(target);
        ObjectNode fields = bodies.fields(body, contentLength, contentType);
        boolean administrator = access.isAdministrator(Caller.current(), application);
        requireSelfOrAdministrator(user, administrator);
        users.changePassword(
            application,
            user,
            text(fields, "oldpassword"),
            text(fields, "newpassword"),
            administrator);
        return Responses.envelope("set user password", application, path).toJson();
      }
      case "revoketokens" -> {
        StoredEntity user = requireUser(target);
        requireSelfOrAdministrator(user, access.isAdministrator(Caller.current(), application));
        tokens.revokeAll(user.uuid());
        return Responses.envelope("revoked user tokens", application, path).toJson();
      }
      case "revoketoken" -> {
        StoredEntity user = requireUser(target);
        requireSelfOrAdministrator(user, access.isAdministrator(Caller.current(), application));
        AccessToken revoked = tokens.verify(token);
        if (!revoked.subject().equals(user.uuid())) {
          throw new MeridianException(ErrorCode.ILLEGAL_ARGUMENT, "That token is not this user's");
        }
        tokens.revoke(revoked);
        return Responses.envelope("revoked user token", application, path).toJson();
      }
      case "permissions" -> {
        ObjectNode fields = bodies.fields(body, contentLength, contentType);
        String granted = roles.grantPermission(application, target.holder, permission(fields));
        return Responses.envelope("post", application, path)
            .data(Json.MAPPER.createArrayNode().add(granted))
            .toJson();
      }
      default -> throw notHere(verb);
    }
  }

  /** Revokes a permission: {@code ?permission=get,put:/things/*}. */
  @ApiPaths({
    "/{org}/{app}/users/{entity}/password",
    "/{org}/{app}/users/{entity}/revoketokens",
    "/{org}/{app}/users/{entity}/revoketoken",
    "/{org}/{app}/users/{entity}/permissions",
    "/{org}/{app}/groups/{entity}/permissions",
    "/{org}/{app}/roles/{entity}/permissions"
  })
  @PUT
  @Operation(summary = "The same as POST")
  @ApiBody(value = "IdentityChange", form = true)
  public byte[] put(
      @PathParam("org") String org,
      @PathParam("app") String app,
      @PathParam("collection") String collection,
      @PathParam("entity") String entity,
      @PathParam("verb") String verb,
      @QueryParam("token") String token,
      @HeaderParam("Content-Type") String contentType,
      @HeaderParam("Content-Length") @DefaultValue("-1") long contentLength,
      InputStream body) {
    return post(org, app, collection, entity, verb, token, contentType, contentLength, body);
  }

  @ApiPaths({
    "/{org}/{app}/users/{entity}/permissions",
    "/{org}/{app}/groups/{entity}/permissions",
    "/{org}/{app}/roles/{entity}/permissions"
  })
  @DELETE
  @Operation(summary = "Revoke a permission: `?permission=get,put:/things/*`")
  public byte[] revokePermission(
      @PathParam("org") String org,
      @PathParam("app") String app,
      @PathParam("collection") String collection,
      @PathParam("entity") String entity,
      @PathParam("verb") String verb,
      @QueryParam("permission") String permission) {
    if (!verb.equals("permissions")) {
      throw notHere(verb);
    }
    ApplicationRef application = applications.require(org, app);
    Target target = target(application, collection, entity);
    if (permission == null) {
      throw new MeridianException(ErrorCode.ILLEGAL_ARGUMENT, "Name the permission to revoke");
    }
    String revoked = roles.revokePermission(application, target.holder, permission);
    return Responses.envelope(
            "delete", application, target.collection.plural() + "/" + entity + "/" + verb)
        .data(Json.MAPPER.createArrayNode().add(revoked))
        .toJson();
  }

  @ApiPaths({
    "/{org}/{app}/users/{entity}/roles/{member}",
    "/{org}/{app}/users/{entity}/groups/{member}",
    "/{org}/{app}/groups/{entity}/users/{member}",
    "/{org}/{app}/groups/{entity}/roles/{member}",
    "/{org}/{app}/roles/{entity}/users/{member}",
    "/{org}/{app}/roles/{entity}/groups/{member}"
  })
  @POST
  @Path("{member}")
  @Operation(summary = "Add a membership: a user to a group or role, a group to a role")
  public byte[] join(
      @PathParam("org") String org,
      @PathParam("app") String app,
      @PathParam("collection") String collection,
      @PathParam("entity") String entity,
      @PathParam("verb") String verb,
      @PathParam("member") String member) {
    return membership(org, app, collection, entity, verb, member, true);
  }

  @ApiPaths({
    "/{org}/{app}/users/{entity}/roles/{member}",
    "/{org}/{app}/users/{entity}/groups/{member}",
    "/{org}/{app}/groups/{entity}/users/{member}",
    "/{org}/{app}/groups/{entity}/roles/{member}",
    "/{org}/{app}/roles/{entity}/users/{member}",
    "/{org}/{app}/roles/{entity}/groups/{member}"
  })
  @DELETE
  @Path("{member}")
  @Operation(summary = "Remove a membership")
  public byte[] leave(
      @PathParam("org") String org,
      @PathParam("app") String app,
      @PathParam("collection") String collection,
      @PathParam("entity") String entity,
      @PathParam("verb") String verb,
      @PathParam("member") String member) {
    return membership(org, app, collection, entity, verb, member, false);
  }

  private byte[] membership(
      String org,
      String app,
      String collection,
      String entity,
      String verb,
      String member,
      boolean join) {
    ApplicationRef application = applications.require(org, app);
    Target target = target(application, collection, entity);
    CollectionName memberCollection = membersOf(target.collection, verb);
    StoredEntity other = entities.get(application, memberCollection, member);
    StoredEntity user = pick(RoleService.USERS, target, other);
    StoredEntity group = pick(RoleService.GROUPS, target, other);
    StoredEntity role = pick(RoleService.ROLES, target, other);
    if (role != null) {
      String holder = user != null ? GrantStore.user(user.uuid()) : GrantStore.group(group.uuid());
      if (join) {
        roles.addRole(application, holder, role);
      } else {
        roles.removeRole(application, holder, role);
      }
    } else if (join) {
      roles.addToGroup(application, user.uuid(), group.uuid());
    } else {
      roles.removeFromGroup(application, user.uuid(), group.uuid());
    }
    return Responses.envelope(
            join ? "post" : "delete",
            application,
            target.collection.plural() + "/" + entity + "/" + verb)
        .entities(List.of(other.json()))
        .toJson();
  }

  private List<StoredEntity> members(ApplicationRef application, Target target, String verb) {
    CollectionName members = membersOf(target.collection, verb);
    if (members.equals(RoleService.ROLES)) {
      List<StoredEntity> found = new ArrayList<>();
      for (String name : roles.roles(application, target.holder)) {
        entities.find(application, RoleService.ROLES, name).ifPresent(found::add);
      }
      return found;
    }
    List<UUID> ids;
    if (target.collection.equals(RoleService.USERS)) {
      ids = roles.groups(application, target.entity.uuid());
    } else {
      String kind =
          target.collection.equals(RoleService.ROLES) ? GrantStore.ROLE : GrantStore.GROUP;
      String value =
          kind.equals(GrantStore.ROLE)
              ? target.holder.substring("role:".length())
              : target.entity.uuid().toString();
      ids =
          RoleService.ids(
              roles.holders(application, kind, value),
              members.equals(RoleService.USERS) ? "user" : "group");
    }
    var loaded = store.loadAll(application.id(), ids);
    return ids.stream().map(loaded::get).filter(e -> e != null).toList();
  }

  /** What the entity's sub-collection under this verb holds; 404 for pairs Usergrid lacks. */
  private static CollectionName membersOf(CollectionName collection, String verb) {
    CollectionName members =
        switch (verb) {
          case "roles" -> RoleService.ROLES;
          case "groups" -> RoleService.GROUPS;
          case "users" -> RoleService.USERS;
          default -> null;
        };
    if (members == null || members.equals(collection)) {
      throw notHere(verb);
    }
    return members;
  }

  private Target target(ApplicationRef application, String collection, String entity) {
    CollectionName name = CollectionName.of(collection);
    String id = Caller.entity(name, entity);
    StoredEntity found =
        name.equals(RoleService.USERS)
            ? users
                .find(application, id)
                .orElseThrow(
                    () ->
                        new MeridianException(
                            ErrorCode.ENTITY_NOT_FOUND,
                            "Entity user with identifier " + entity + " not found"))
            : entities.get(application, name, id);
    return new Target(name, found, RoleService.holder(found));
  }

  private record Target(CollectionName collection, StoredEntity entity, String holder) {}

  private static StoredEntity pick(CollectionName wanted, Target target, StoredEntity other) {
    if (target.collection.equals(wanted)) {
      return target.entity;
    }
    return other.collection().equals(wanted.plural()) ? other : null;
  }

  private static StoredEntity requireUser(Target target) {
    if (!target.collection.equals(RoleService.USERS)) {
      throw notHere("this");
    }
    return target.entity;
  }

  private static void requireSelfOrAdministrator(StoredEntity user, boolean administrator) {
    Principal caller = Caller.current();
    boolean self = caller.kind() == PrincipalKind.APP_USER && user.uuid().equals(caller.subject());
    if (!self && !administrator) {
      throw new MeridianException(
          ErrorCode.FORBIDDEN, "Only the user or an administrator may do this");
    }
  }

  private static String permission(ObjectNode fields) {
    String permission = text(fields, "permission");
    if (permission == null) {
      permission = text(fields, "permissions");
    }
    if (permission == null) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT, "Send {\"permission\": \"get,put:/path/**\"}");
    }
    return permission;
  }

  private static String text(ObjectNode fields, String name) {
    var value = fields.get(name);
    return value == null || value.isNull() || !value.isValueNode() ? null : value.asText();
  }

  private static MeridianException notHere(String verb) {
    return new MeridianException(ErrorCode.NOT_FOUND, "No " + verb + " here");
  }
}
