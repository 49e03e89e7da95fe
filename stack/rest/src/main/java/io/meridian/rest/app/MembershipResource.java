package io.meridian.rest.app;

import io.meridian.api.route.ApiPart;
import io.meridian.api.route.ApiPaths;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.identity.access.Access;
import io.meridian.core.identity.access.Memberships;
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

/**
 * Memberships between users, groups and roles, as Usergrid's: a user's roles and groups, a group's
 * users and roles, a role's users and groups ({@code /users/{u}/roles/{r}}, {@code
 * /groups/{g}/users/{u}}, and their reverses), as core's {@link Memberships} keeps them. The access
 * filter lets only administrators change them.
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
  private final Memberships memberships;

  public MembershipResource(IdentityTargets targets, Memberships memberships) {
    this.targets = targets;
    this.memberships = memberships;
  }

  @GET
  @Operation(
      summary = "A user's roles or groups, a group's users or roles, a role's users or groups")
  public byte[] list(@BeanParam VerbPath path) {
    IdentityTargets.Target target = targets.target(path);
    List<StoredEntity> members =
        memberships.members(target.application(), target.entity(), path.verb());
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
    StoredEntity other = memberships.member(application, target.entity(), path.verb(), member);
    if (!Caller.visibility().canRead(other)) {
      throw EntityService.notFound(Memberships.membersOf(target.collection(), path.verb()), member);
    }
    return Responses.entity("get", application, answeredPath(target, path) + "/" + member, other);
  }

  @POST
  @Path("{member}")
  @Operation(summary = "Add a membership: a user to a group or role, a group to a role")
  public byte[] join(@BeanParam VerbPath path, @PathParam("member") String member) {
    return change("post", path, member, true);
  }

  @DELETE
  @Path("{member}")
  @Operation(summary = "Remove a membership")
  public byte[] leave(@BeanParam VerbPath path, @PathParam("member") String member) {
    return change("delete", path, member, false);
  }

  /** Joins ({@code join}) or leaves, and answers with the member under the memberships' path. */
  private byte[] change(String action, VerbPath path, String member, boolean join) {
    IdentityTargets.Target target = targets.target(path);
    StoredEntity other =
        join
            ? memberships.join(target.application(), target.entity(), path.verb(), member)
            : memberships.leave(target.application(), target.entity(), path.verb(), member);
    return Responses.entity(action, target.application(), answeredPath(target, path), other);
  }

  /** The memberships' path as the request named it: {@code users/fred/roles}. */
  private static String answeredPath(IdentityTargets.Target target, VerbPath path) {
    return target.collection().plural() + "/" + path.entity() + "/" + path.verb();
  }
}
