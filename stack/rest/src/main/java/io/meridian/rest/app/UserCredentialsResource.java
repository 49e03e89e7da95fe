package io.meridian.rest.app;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.api.route.ApiPart;
import io.meridian.api.route.ApiPaths;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.identity.AuthService;
import io.meridian.core.identity.Requester;
import io.meridian.core.identity.access.Access;
import io.meridian.core.identity.access.AccessControl;
import io.meridian.core.identity.token.AccessToken;
import io.meridian.core.identity.token.TokenService;
import io.meridian.rest.access.Caller;
import io.meridian.rest.api.JsonBodies;
import io.meridian.rest.openapi.ApiBody;
import io.meridian.rest.openapi.ApiThrottled;
import io.meridian.rest.param.BodyHeaders;
import io.meridian.rest.param.VerbPath;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import java.io.InputStream;

/**
 * A user's credentials, as Usergrid's: {@code /users/{u}/password} changes the password (an
 * administrator, or anyone who gives the right old password), {@code /users/{u}/revoketokens}
 * revokes every token (the user itself or an administrator), {@code /users/{u}/revoketoken?token=}
 * one (anyone holding that token of the user's).
 */
@Access(Access.Rule.APPLICATION)
@ApiPart(id = "credentials", tag = "Identity", guests = true)
@ApiPaths({
  "/{org}/{app}/users/{entity}/password",
  "/{org}/{app}/users/{entity}/revoketokens",
  "/{org}/{app}/users/{entity}/revoketoken"
})
@Path("/{org}/{app}/{collection: (?i:users?)}/{entity}/{verb: password|revoketokens|revoketoken}")
@Produces(MediaType.APPLICATION_JSON)
public class UserCredentialsResource {
  private final IdentityTargets targets;
  private final AuthService auth;
  private final AccessControl access;
  private final TokenService tokens;
  private final JsonBodies bodies;

  public UserCredentialsResource(
      IdentityTargets targets,
      AuthService auth,
      AccessControl access,
      TokenService tokens,
      JsonBodies bodies) {
    this.targets = targets;
    this.auth = auth;
    this.access = access;
    this.tokens = tokens;
    this.bodies = bodies;
  }

  @POST
  @Operation(summary = "Change a user's password, or revoke its tokens (all, or `?token=` one)")
  @ApiBody(value = "PasswordChange", form = true, required = false)
  @ApiThrottled(
      "Too many wrong old passwords for this user (counted with its sign-ins), or too many"
          + " passwords hashed for this address; `Retry-After` says when to try again")
  public byte[] post(
      @BeanParam VerbPath path,
      @QueryParam("token") String token,
      @BeanParam BodyHeaders headers,
      @Context HttpServletRequest servlet,
      InputStream body) {
    IdentityTargets.Target target = targets.target(path);
    ApplicationRef application = target.application();
    StoredEntity user = target.entity();
    String answered = "users/" + path.entity() + "/" + path.verb();
    switch (path.verb()) {
      case "password" -> {
        // As in Usergrid, the right old password is credential enough: it is what signing in
        // takes, checked under the same lock. Usergrid's SDKs send it without a token.
        boolean administrator = access.isAdministrator(Caller.current(), application);
        ObjectNode fields = bodies.fields(body, headers.contentLength(), headers.contentType());
        auth.changeUserPassword(
            application,
            user,
            JsonBodies.text(fields, "oldpassword"),
            JsonBodies.text(fields, "newpassword"),
            new Requester(servlet.getRemoteAddr(), administrator));
        return Responses.envelope("set user password", application, answered).toJson();
      }
      case "revoketokens" -> {
        access.requireSelfOrAdministrator(Caller.current(), application, user.uuid());
        tokens.revokeAll(user.uuid());
        return Responses.envelope("revoked user tokens", application, answered).toJson();
      }
      default -> {
        // Holding the token is the right to end it (Usergrid's SDKs sign out without sending
        // it as the caller's); it must be this user's.
        AccessToken revoked = tokens.verify(token);
        if (!revoked.subject().equals(user.uuid())) {
          throw new MeridianException(ErrorCode.ILLEGAL_ARGUMENT, "That token is not this user's");
        }
        tokens.revoke(revoked);
        return Responses.envelope("revoked user token", application, answered).toJson();
      }
    }
  }

  @PUT
  @Operation(summary = "The same as POST")
  @ApiBody(value = "PasswordChange", form = true, required = false)
  @ApiThrottled(
      "Too many wrong old passwords for this user (counted with its sign-ins), or too many"
          + " passwords hashed for this address; `Retry-After` says when to try again")
  public byte[] put(
      @BeanParam VerbPath path,
      @QueryParam("token") String token,
      @BeanParam BodyHeaders headers,
      @Context HttpServletRequest servlet,
      InputStream body) {
    return post(path, token, headers, servlet, body);
  }
}
