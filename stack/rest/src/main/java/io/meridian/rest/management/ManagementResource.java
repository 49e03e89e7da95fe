package io.meridian.rest.management;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.api.route.ApiPart;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.identity.AuthService;
import io.meridian.core.identity.Principal;
import io.meridian.core.identity.PrincipalKind;
import io.meridian.core.identity.Superuser;
import io.meridian.core.identity.access.Access;
import io.meridian.core.identity.admin.AdminUser;
import io.meridian.core.identity.admin.ManagementService;
import io.meridian.core.identity.login.HashingBudget;
import io.meridian.core.identity.login.SignUpThrottle;
import io.meridian.core.identity.token.AccessToken;
import io.meridian.core.identity.token.TokenService;
import io.meridian.rest.access.Caller;
import io.meridian.rest.api.JsonBodies;
import io.meridian.rest.openapi.ApiBody;
import io.meridian.rest.openapi.ApiThrottled;
import io.meridian.rest.param.BodyHeaders;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.BeanParam;
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
import java.util.UUID;

/**
 * {@code /management/users}: admins sign up, are read, change their password and revoke their
 * tokens; they sign in and see themselves at {@link AdminSignInResource} and answer their
 * invitations to organizations at {@link AdminInvitationResource}.
 */
@Access(Access.Rule.ADMIN)
@ApiPart(id = "admin", tag = "Management")
@Path("/management")
@Produces(MediaType.APPLICATION_JSON)
public class ManagementResource {
  private final AuthService auth;
  private final ManagementService management;
  private final TokenService tokens;
  private final JsonBodies bodies;
  private final Superuser superuser;
  private final HashingBudget budget;
  private final SignUpThrottle signUps;

  public ManagementResource(
      AuthService auth,
      ManagementService management,
      TokenService tokens,
      JsonBodies bodies,
      Superuser superuser,
      HashingBudget budget,
      SignUpThrottle signUps) {
    this.budget = budget;
    this.signUps = signUps;
    this.auth = auth;
    this.management = management;
    this.tokens = tokens;
    this.bodies = bodies;
    this.superuser = superuser;
  }

  /**
   * {@code {username, name, email, password}}: an admin in no organization yet (Usergrid's admin
   * sign-up), for anyone while open registration is on, else for the superuser only. A caller other
   * than the superuser is charged to its address: the password to the hashing budget, the account
   * to the sign-up allowance.
   */
  @POST
  @Access(Access.Rule.REGISTRATION)
  @Path("users")
  @Operation(summary = "Sign up an admin outside any organization (open registration)")
  @ApiBody(value = "NewAdmin", form = true)
  @ApiThrottled(
      "The address's sign-ups or password hashing are spent; `Retry-After` says when to try again")
  public byte[] createAdmin(
      @BeanParam BodyHeaders headers, @Context HttpServletRequest servlet, InputStream body) {
    boolean superuserCaller = Caller.current().kind() == PrincipalKind.SUPERUSER;
    ObjectNode fields = bodies.fields(body, headers.contentLength(), headers.contentType());
    String address = servlet.getRemoteAddr();
    AdminUser admin =
        management.createAdmin(
            JsonBodies.text(fields, "username"),
            JsonBodies.text(fields, "name"),
            JsonBodies.text(fields, "email"),
            JsonBodies.text(fields, "password"),
            () -> {
              if (!superuserCaller) {
                budget.charge(address, 1);
                signUps.admit(address, 1);
              }
            });
    return ManagementJson.createdAdmin(admin, java.util.List.of());
  }

  @GET
  @Path("users/{user}")
  @Operation(summary = "An admin, by uuid, username or email")
  public byte[] admin(@PathParam("user") String user) {
    AdminUser admin = self(user);
    return adminAnswer(management, admin);
  }

  /** {@code {oldpassword, newpassword}}; revokes the admin's tokens. */
  @PUT
  @Path("users/{user}/password")
  @Operation(summary = "Change an admin's password (revokes its tokens)")
  @ApiBody(value = "PasswordChange", form = true)
  @ApiThrottled(
      "Too many wrong old passwords for this admin (counted with its sign-ins); `Retry-After`"
          + " says when to try again")
  public byte[] password(
      @PathParam("user") String user,
      @BeanParam BodyHeaders headers,
      @Context HttpServletRequest servlet,
      InputStream body) {
    AdminUser admin = self(user);
    ObjectNode fields = bodies.fields(body, headers.contentLength(), headers.contentType());
    auth.changeAdminPassword(
        admin,
        JsonBodies.text(fields, "oldpassword"),
        JsonBodies.text(fields, "newpassword"),
        servlet.getRemoteAddr());
    return ManagementJson.envelope("set admin user password").toJson();
  }

  @POST
  @Path("users/{user}/password")
  @Operation(summary = "Change an admin's password (as PUT)")
  @ApiBody(value = "PasswordChange", form = true)
  @ApiThrottled(
      "Too many wrong old passwords for this admin (counted with its sign-ins); `Retry-After`"
          + " says when to try again")
  public byte[] passwordByPost(
      @PathParam("user") String user,
      @BeanParam BodyHeaders headers,
      @Context HttpServletRequest servlet,
      InputStream body) {
    return password(user, headers, servlet, body);
  }

  @PUT
  @Path("users/{user}/revoketokens")
  @Operation(
      summary =
          "Revoke every token of an admin; the superuser revokes its own as `me` or by its username")
  public byte[] revokeTokens(@PathParam("user") String user) {
    Principal caller = Caller.current();
    if (caller.kind() == PrincipalKind.SUPERUSER
        && (user.equalsIgnoreCase("me") || superuser.named(user))) {
      tokens.revokeAll(caller.subject());
      return ManagementJson.envelope("revoked user tokens").toJson();
    }
    AdminUser admin = self(user);
    tokens.revokeAll(admin.id());
    return ManagementJson.envelope("revoked user tokens").toJson();
  }

  @POST
  @Path("users/{user}/revoketokens")
  @Operation(summary = "Revoke every token of an admin (as PUT)")
  public byte[] revokeTokensByPost(@PathParam("user") String user) {
    return revokeTokens(user);
  }

  /**
   * Usergrid's sign-out of one session: {@code ?token=} names a token of this admin. The token is
   * credential enough: whoever holds it may end it, so a caller with no other credentials revokes a
   * token by naming it (and the admin it belongs to, or {@code me}).
   */
  @PUT
  @Access(Access.Rule.ANYONE)
  @Path("users/{user}/revoketoken")
  @Operation(
      summary = "Revoke one token of an admin: `?token=`, which is credential enough on its own")
  public byte[] revokeToken(@PathParam("user") String user, @QueryParam("token") String token) {
    if (token == null || token.isBlank()) {
      throw new MeridianException(ErrorCode.ILLEGAL_ARGUMENT, "Name the token: ?token=");
    }
    Principal caller = Caller.current();
    if (caller.isGuest()) {
      return revokeHeldToken(user, tokens.verify(token));
    }
    UUID subject =
        caller.kind() == PrincipalKind.SUPERUSER
                && (user.equalsIgnoreCase("me") || superuser.named(user))
            ? caller.subject()
            : self(user).id();
    AccessToken revoked = tokens.verify(token);
    if (!revoked.subject().equals(subject)) {
      throw new MeridianException(ErrorCode.ILLEGAL_ARGUMENT, "That token is not this admin's");
    }
    tokens.revoke(revoked);
    return ManagementJson.envelope("revoked user token").toJson();
  }

  /** A guest's sign-out: the token revoked if it is the named admin's (or {@code me}). */
  private byte[] revokeHeldToken(String user, AccessToken held) {
    boolean me = user.equalsIgnoreCase("me");
    boolean named =
        switch (held.kind()) {
          case SUPERUSER -> me || superuser.named(user);
          case ADMIN ->
              me
                  || management
                      .admin(held.subject())
                      .filter(
                          admin ->
                              user.equalsIgnoreCase(admin.username())
                                  || user.equalsIgnoreCase(admin.email())
                                  || user.equalsIgnoreCase(admin.id().toString()))
                      .isPresent();
          default -> false;
        };
    if (!named) {
      throw new MeridianException(ErrorCode.ILLEGAL_ARGUMENT, "That token is not this admin's");
    }
    tokens.revoke(held);
    return ManagementJson.envelope("revoked user token").toJson();
  }

  @POST
  @Access(Access.Rule.ANYONE)
  @Path("users/{user}/revoketoken")
  @Operation(summary = "Revoke one token of an admin (as PUT)")
  public byte[] revokeTokenByPost(
      @PathParam("user") String user, @QueryParam("token") String token) {
    return revokeToken(user, token);
  }

  /** The admin the caller is signed in as; 401 for a guest, 403 for any other caller. */
  static AdminUser signedInAdmin(ManagementService management) {
    Principal caller = Caller.current();
    if (caller.kind() != PrincipalKind.ADMIN) {
      throw caller.isGuest()
          ? new MeridianException(ErrorCode.UNAUTHORIZED, "Sign in as an admin")
          : new MeridianException(ErrorCode.FORBIDDEN, "Only admins have a management profile");
    }
    return management
        .admin(caller.subject())
        .orElseThrow(() -> new MeridianException(ErrorCode.UNAUTHORIZED, "Sign in again"));
  }

  /** The admin named, which must be the caller (or any admin, for the superuser). */
  private AdminUser self(String user) {
    Principal caller = Caller.current();
    if (caller.kind() == PrincipalKind.SUPERUSER) {
      return management.admin(user);
    }
    AdminUser admin = signedInAdmin(management);
    if (!(user.equalsIgnoreCase("me")
        || user.equalsIgnoreCase(admin.username())
        || user.equalsIgnoreCase(admin.email())
        || user.equalsIgnoreCase(admin.id().toString()))) {
      throw new MeridianException(ErrorCode.FORBIDDEN, "Admins may only manage themselves");
    }
    return admin;
  }

  /** The admin with the organizations it administers, as Usergrid answers a read of one. */
  static byte[] adminAnswer(ManagementService management, AdminUser admin) {
    return ManagementJson.envelope("get admin user")
        .data(ManagementJson.admin(admin, management.organizationsOf(admin)))
        .toJson();
  }
}
