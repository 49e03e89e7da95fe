package io.meridian.rest.app;

import io.meridian.api.route.ApiPart;
import io.meridian.api.route.ApiPaths;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.EntityStore;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.identity.access.Access;
import io.meridian.core.identity.access.GrantStore;
import io.meridian.core.identity.access.RoleService;
import io.meridian.rest.access.Caller;
import io.meridian.rest.param.VerbPath;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.UUID;

/**
 * Memberships between users, groups and roles, as Usergrid's: a user's roles and groups, a group's
 * users and roles, a role's users and groups ({@code /users/{u}/roles/{r}}, {@code
 * /groups/{g}/users/{u}}, and their reverses). The access filter lets only administrators change
 * them.
 */
@Access(Access.Rule.APPLICATION)
@ApiPart(id = "membership", tag = "Identity", guests = true)
@ApiPaths({
  "/{org}/{app}/users/{entity}/roles",
  "/{org}/{app}/users/{entity}/groups",
  "/{org}/{app}/groups/{entity}/users",
  "/{org}/{app}/groups/{entity}/roles",
  "/{org}/{app}/roles/{entity}/users",
  "/{org}/{app}/roles/{entity}/groups"
})
@Path("/{org}/{app}/{collection: (?i:users?|groups?|roles?)}/{entity}/{verb: roles|groups|users}")
@Produces(MediaType.APPLICATION_JSON)
public class MembershipResource {
  private final IdentityTargets targets;
  private final EntityService entities;
  private final EntityStore store;
  private final RoleService roles;

  public MembershipResource(
      IdentityTargets targets, EntityService entities, EntityStore store, RoleService roles) {
    this.targets = targets;
    this.entities = entities;
    this.store = store;
    this.roles = roles;
  }

  @GET
  @Operation(
      summary = "A user's roles or groups, a group's users or roles, a role's users or groups")
  public byte[] list(@BeanParam VerbPath path) {
    IdentityTargets.Target target = targets.target(path);
    List<StoredEntity> members = members(target, path.verb());
    return Responses.envelope("get", target.application(), answeredPath(target, path))
        .entities(Responses.listed(members))
        .toJson();
  }

  @GET
  @Path("{member}")
  @Operation(summary = "One membership: the role, group or user, if it is one")
  public byte[] member(@BeanParam VerbPath path, @PathParam("member") String member) {
    IdentityTargets.Target target = targets.target(path);
    ApplicationRef application = target.application();
    CollectionName memberCollection = membersOf(target.collection(), path.verb());
    StoredEntity other = entities.get(application, memberCollection, member);
    boolean held =
        members(target, path.verb()).stream()
            .anyMatch(candidate -> candidate.uuid().equals(other.uuid()));
    if (!held || !Caller.visibility().canRead(other)) {
      throw EntityService.notFound(memberCollection, member);
    }
    return Responses.entity("get", application, answeredPath(target, path) + "/" + member, other);
  }

  @POST
  @Path("{member}")
  @Operation(summary = "Add a membership: a user to a group or role, a group to a role")
  public byte[] join(@BeanParam VerbPath path, @PathParam("member") String member) {
    return membership(path, member, true);
  }

  @DELETE
  @Path("{member}")
  @Operation(summary = "Remove a membership")
  public byte[] leave(@BeanParam VerbPath path, @PathParam("member") String member) {
    return membership(path, member, false);
  }

  private byte[] membership(VerbPath path, String member, boolean join) {
    IdentityTargets.Target target = targets.target(path);
    ApplicationRef application = target.application();
    CollectionName memberCollection = membersOf(target.collection(), path.verb());
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
    return Responses.entity(
        join ? "post" : "delete", application, answeredPath(target, path), other);
  }

  /** The memberships' path as the request named it: {@code users/fred/roles}. */
  private static String answeredPath(IdentityTargets.Target target, VerbPath path) {
    return target.collection().plural() + "/" + path.entity() + "/" + path.verb();
  }

  private List<StoredEntity> members(IdentityTargets.Target target, String verb) {
    ApplicationRef application = target.application();
    CollectionName members = membersOf(target.collection(), verb);
    List<UUID> ids;
    if (members.equals(RoleService.ROLES)) {
      ids = roles.roles(application, target.holder());
    } else if (target.collection().equals(RoleService.USERS)) {
      ids = roles.groups(application, target.entity().uuid());
    } else {
      String kind =
          target.collection().equals(RoleService.ROLES) ? GrantStore.ROLE : GrantStore.GROUP;
      ids =
          RoleService.ids(
              roles.holders(application, kind, target.entity().uuid().toString()),
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
      throw IdentityTargets.notHere(verb);
    }
    return members;
  }

  private static StoredEntity pick(
      CollectionName wanted, IdentityTargets.Target target, StoredEntity other) {
    if (target.collection().equals(wanted)) {
      return target.entity();
    }
    return other.collection().equals(wanted.plural()) ? other : null;
  }
}
