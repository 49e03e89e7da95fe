package io.meridian.rest.management;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.api.route.ApiPart;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import io.meridian.core.identity.AuthService;
import io.meridian.core.identity.Principal;
import io.meridian.core.identity.PrincipalKind;
import io.meridian.core.identity.Superuser;
import io.meridian.core.identity.access.Access;
import io.meridian.core.identity.admin.AdminUser;
import io.meridian.core.identity.admin.ManagementService;
import io.meridian.core.identity.token.AccessToken;
import io.meridian.core.identity.token.BearerToken;
import io.meridian.core.identity.token.TokenService;
import io.meridian.rest.access.Caller;
import io.meridian.rest.access.TokenRequest;
import io.meridian.rest.access.TokenResponses;
import io.meridian.rest.api.JsonBodies;
import io.meridian.rest.api.RequestInfo;
import io.meridian.rest.openapi.ApiBody;
import io.meridian.rest.openapi.ApiSignIn;
import io.meridian.rest.param.BodyHeaders;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import java.io.InputStream;

/**
 * {@code /management/token} and {@code /management/me}: admins and the superuser sign in (by a JSON
 * or form body, or by query parameters), see themselves, and have a token described, as Usergrid's
 * clients call them. Every sign-in goes through {@link AuthService}, so one throttle holds
 * whichever door is used.
 */
@Access(Access.Rule.ADMIN)
@ApiPart(id = "admin", tag = "Management")
@Path("/management")
@Produces(MediaType.APPLICATION_JSON)
public class AdminSignInResource {
  private final AuthService auth;
  private final ManagementService management;
  private final TokenService tokens;
  private final JsonBodies bodies;
  private final Superuser superuser;

  public AdminSignInResource(
      AuthService auth,
      ManagementService management,
      TokenService tokens,
      JsonBodies bodies,
      Superuser superuser) {
    this.auth = auth;
    this.management = management;
    this.tokens = tokens;
    this.bodies = bodies;
    this.superuser = superuser;
  }

  @POST
  @Access(Access.Rule.ANYONE)
  @Path("token")
  @Operation(summary = "Sign in as an admin or the superuser")
  @ApiBody(value = "TokenRequest", form = true)
  @ApiSignIn
  public byte[] token(
      @BeanParam BodyHeaders headers, @Context HttpServletRequest servlet, InputStream body) {
    return token(body, headers, servlet);
  }

  private byte[] token(InputStream body, BodyHeaders headers, HttpServletRequest servlet) {
    return token(bodies.fields(body, headers.contentLength(), headers.contentType()), servlet);
  }

  private static boolean hasGrantType() {
    return RequestInfo.current().uri().getQueryParameters().containsKey("grant_type");
  }

  /**
   * What the caller's own token is: Usergrid's token answer for it, with the time it has left. The
   * token is echoed only when it came in the {@code Authorization} header: one sent in the query
   * string is never echoed (see {@code SecretParameters}).
   */
  private byte[] presentedToken(Principal caller, HttpServletRequest servlet) {
    String header = BearerToken.of(servlet.getHeader("Authorization"));
    String text =
        header != null
            ? header
            : RequestInfo.current().uri().getQueryParameters().getFirst("access_token");
    AccessToken token = tokens.verify(text);
    long expiresIn =
        Math.max(0, (token.expiresMillis() - RequestInfo.current().startedMillis()) / 1000);
    if (caller.kind() == PrincipalKind.SUPERUSER) {
      return TokenResponses.ofAdmin(
          header,
          expiresIn,
          null,
          Json.object().put("username", superuser.username()).put("superuser", true));
    }
    AdminUser admin = ManagementResource.signedInAdmin(management);
    return TokenResponses.ofAdmin(
        header,
        expiresIn,
        management.passwordChanged(admin),
        ManagementJson.admin(admin, management.organizationsOf(admin)));
  }

  /**
   * A sign-in with the grant as query parameters; without {@code grant_type}, an admin's or the
   * superuser's token answers what it is (Usergrid's token check).
   */
  @GET
  @Access(Access.Rule.ANYONE)
  @Path("token")
  @Operation(
      summary =
          "Sign in with the grant as query parameters; without `grant_type`, the caller's own"
              + " token described")
  @ApiSignIn
  public byte[] tokenByQuery(@Context HttpServletRequest servlet) {
    Principal caller = Caller.current();
    if (!hasGrantType()
        && (caller.kind() == PrincipalKind.ADMIN || caller.kind() == PrincipalKind.SUPERUSER)) {
      return presentedToken(caller, servlet);
    }
    return token(Json.object(), servlet);
  }

  private byte[] token(ObjectNode body, HttpServletRequest servlet) {
    TokenRequest request = TokenRequest.of(body, RequestInfo.current().uri().getQueryParameters());
    String address = servlet.getRemoteAddr();
    if (request.grantType().equals(TokenRequest.PASSWORD)) {
      AuthService.AdminLogin login =
          auth.loginAdmin(request.username(), request.password(), address, request.ttl());
      if (login.admin().isEmpty()) {
        return TokenResponses.of(
            login.token(),
            "user",
            Json.object().put("username", request.username()).put("superuser", true));
      }
      AdminUser admin = login.admin().get();
      return TokenResponses.ofAdmin(
          login.token().text(),
          login.token().ttl().toSeconds(),
          management.passwordChanged(admin),
          ManagementJson.admin(admin, management.organizationsOf(admin)));
    }
    AuthService.ClientLogin login =
        auth.loginClient(request.clientId(), request.clientSecret(), null, address, request.ttl());
    return TokenResponses.of(
        login.token(),
        "organization",
        ManagementJson.organization(
            management
                .organization(login.client().subject())
                .orElseThrow(() -> new MeridianException(ErrorCode.UNAUTHORIZED, "Unknown client")),
            null));
  }

  /**
   * The signed-in admin; with {@code grant_type} (and the grant) in the query string, a sign-in as
   * at {@code /management/token}: Usergrid's lightweight sign-in. The document describes the first
   * answer only (the grant's parameters are undeclared, as the token endpoint's query form is), so
   * a client of the document signs in at {@code POST /management/me} or the token endpoint.
   */
  @GET
  @Access(Access.Rule.ANYONE)
  @Path("me")
  @Operation(
      summary =
          "The signed-in admin; with `grant_type`, `username` and `password` in the query, a"
              + " sign-in answering as `/management/token`")
  public byte[] me(@Context HttpServletRequest servlet) {
    if (hasGrantType()) {
      return token(Json.object(), servlet);
    }
    AdminUser admin = ManagementResource.signedInAdmin(management);
    return ManagementResource.adminAnswer(management, admin);
  }

  /** Usergrid's lightweight sign-in: the grant in a JSON or form body. */
  @POST
  @Access(Access.Rule.ANYONE)
  @Path("me")
  @Operation(summary = "Sign in as an admin (as `POST /management/token`)")
  @ApiBody(value = "TokenRequest", form = true)
  @ApiSignIn
  public byte[] meSignIn(
      @BeanParam BodyHeaders headers, @Context HttpServletRequest servlet, InputStream body) {
    return token(body, headers, servlet);
  }
}
