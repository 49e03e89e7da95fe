package io.meridian.rest.app;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.api.route.ApiPart;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.common.Json;
import io.meridian.core.identity.AuthService;
import io.meridian.core.identity.PrincipalKind;
import io.meridian.core.identity.access.Access;
import io.meridian.rest.access.TokenRequest;
import io.meridian.rest.access.TokenResponses;
import io.meridian.rest.api.JsonBodies;
import io.meridian.rest.api.RequestInfo;
import io.meridian.rest.openapi.ApiBody;
import io.meridian.rest.openapi.ApiSignIn;
import io.meridian.rest.param.AppPath;
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
import java.util.Optional;

/**
 * {@code /{org}/{app}/token}: app users sign in with a password, and an application (or its
 * organization) with its client credentials. GET with query parameters works too, as in Usergrid.
 */
@Access(Access.Rule.ANYONE)
@ApiPart(id = "token", tag = "Identity", guests = true)
@Path("/{org}/{app}/token")
@Produces(MediaType.APPLICATION_JSON)
public class TokenResource {
  private final ApplicationService applications;
  private final AuthService auth;
  private final JsonBodies bodies;

  public TokenResource(ApplicationService applications, AuthService auth, JsonBodies bodies) {
    this.applications = applications;
    this.auth = auth;
    this.bodies = bodies;
  }

  @POST
  @Operation(summary = "Sign in to the application: an app user's password, or client credentials")
  @ApiBody(value = "TokenRequest", form = true)
  @ApiSignIn
  public byte[] post(
      @BeanParam AppPath path,
      @BeanParam BodyHeaders headers,
      @Context HttpServletRequest servlet,
      InputStream body) {
    return token(
        path, bodies.fields(body, headers.contentLength(), headers.contentType()), servlet);
  }

  @GET
  @Operation(summary = "Sign in with the grant as query parameters (as Usergrid allows)")
  @ApiSignIn
  public byte[] get(@BeanParam AppPath path, @Context HttpServletRequest servlet) {
    return token(path, Json.object(), servlet);
  }

  private byte[] token(AppPath path, ObjectNode body, HttpServletRequest servlet) {
    TokenRequest request = TokenRequest.of(body, RequestInfo.current().uri().getQueryParameters());
    String address = servlet.getRemoteAddr();
    boolean password = request.grantType().equals(TokenRequest.PASSWORD);
    Optional<ApplicationRef> found = applications.find(path.org(), path.app());
    if (found.isEmpty()) {
      throw auth.refuseAtMissingApplication(
          path.org(),
          path.app(),
          password,
          password ? request.username() : request.clientId(),
          password ? request.password() : request.clientSecret(),
          address);
    }
    ApplicationRef application = found.get();
    if (password) {
      AuthService.UserLogin login =
          auth.loginUser(
              application, request.username(), request.password(), address, request.ttl());
      return TokenResponses.of(login.token(), "user", Json.parseStoredObject(login.user().json()));
    }
    AuthService.ClientLogin login =
        auth.loginClient(
            request.clientId(), request.clientSecret(), application, address, request.ttl());
    return login.client().kind() == PrincipalKind.APPLICATION
        ? TokenResponses.of(
            login.token(),
            "application",
            Json.MAPPER.getNodeFactory().textNode(application.id().toString()))
        : TokenResponses.of(
            login.token(),
            "organization",
            Json.MAPPER.getNodeFactory().textNode(application.organizationId().toString()));
  }
}
