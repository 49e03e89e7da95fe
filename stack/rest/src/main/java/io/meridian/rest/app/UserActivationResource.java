package io.meridian.rest.app;

import io.meridian.api.route.ApiPart;
import io.meridian.api.route.ApiPaths;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.identity.access.Access;
import io.meridian.core.identity.access.AccessControl;
import io.meridian.core.identity.user.UserService;
import io.meridian.rest.access.Caller;
import io.meridian.rest.param.VerbPath;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/**
 * Usergrid's {@code /users/{u}/deactivate} and {@code /users/{u}/activate}: whether a user may sign
 * in. Administrators only (the request's rule says so whatever a permission grants, and this class
 * checks again); deactivating signs the user out everywhere.
 */
@Access(Access.Rule.APPLICATION)
@ApiPart(id = "credentials", tag = "Identity", guests = true)
@ApiPaths({"/{org}/{app}/users/{entity}/deactivate", "/{org}/{app}/users/{entity}/activate"})
@Path("/{org}/{app}/{collection: (?i:users?)}/{entity}/{verb: deactivate|activate}")
@Produces(MediaType.APPLICATION_JSON)
public class UserActivationResource {
  private final IdentityTargets targets;
  private final AccessControl access;
  private final UserService users;

  public UserActivationResource(IdentityTargets targets, AccessControl access, UserService users) {
    this.targets = targets;
    this.access = access;
    this.users = users;
  }

  @POST
  @Operation(
      summary =
          "`deactivate`: the user can no longer sign in and its tokens are revoked; `activate`:"
              + " it can again (administrators only)")
  public byte[] post(@BeanParam VerbPath path, @QueryParam("consistency") String consistency) {
    IdentityTargets.Target target = targets.target(path);
    ApplicationRef application = target.application();
    access.requireAdministrator(Caller.current(), application);
    boolean activate = path.verb().equals("activate");
    StoredEntity user =
        users.setActivated(
            application, target.entity(), activate, QueryParameters.writeOptions(consistency));
    return Responses.entity(
        activate ? "activate user" : "deactivate user",
        application,
        "users/" + path.entity() + "/" + path.verb(),
        user);
  }

  @PUT
  @Operation(summary = "The same as POST")
  public byte[] put(@BeanParam VerbPath path, @QueryParam("consistency") String consistency) {
    return post(path, consistency);
  }
}
