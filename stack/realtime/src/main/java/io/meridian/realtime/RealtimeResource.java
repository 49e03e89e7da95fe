package io.meridian.realtime;

import io.meridian.api.route.ApiPart;
import io.meridian.core.common.ConnectionQuota;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.common.RetryLaterException;
import io.meridian.core.identity.access.Access;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import java.time.Duration;

/**
 * The application's WebSocket endpoint as plain HTTP sees it. A request carrying {@code Upgrade:
 * websocket} is taken over by the WebSocket filter before it reaches Jersey; any other request
 * lands here and is told to upgrade (426, with {@code Upgrade: websocket}), and an upgrade the
 * filter refused because a bound of this node's sockets is reached is answered 429. The access
 * filter has already required credentials that reach the application, the only condition for
 * opening a socket; the messages themselves are described by the AsyncAPI document at {@code
 * /asyncapi.json}.
 */
@Access(Access.Rule.APPLICATION)
@ApiPart(id = "realtime", tag = "Real time", guests = true)
@Path("/{org}/{app}/_realtime")
@Produces(MediaType.APPLICATION_JSON)
public class RealtimeResource {
  /** Sockets are held for long: a refused client waits a little before it tries again. */
  private static final Duration RETRY_AFTER = Duration.ofSeconds(5);

  @GET
  @Operation(
      summary = "Open the application's WebSocket (real-time subscriptions and requests)",
      description =
          "Send the WebSocket handshake (`Upgrade: websocket`, `Connection: Upgrade`,"
              + " `Sec-WebSocket-Key`, `Sec-WebSocket-Version: 13`). The token, if any, is taken"
              + " from `Authorization: Bearer`, else `access_token`, else a first `auth` message;"
              + " without one the connection has the guest role. The messages exchanged over the"
              + " socket, its close codes and its limits are described by the AsyncAPI 3 document"
              + " at `/asyncapi.json` (see docs/realtime.md).")
  @ApiResponse(
      responseCode = "101",
      description = "Switching Protocols: the connection is now a WebSocket (see /asyncapi.json)")
  @ApiResponse(
      responseCode = "426",
      description = "`websocket_upgrade_required`: the request did not ask for a WebSocket upgrade",
      headers = {
        @Header(
            name = "Upgrade",
            description = "The protocol to upgrade to",
            required = true,
            schema = @Schema(type = "string", allowableValues = "websocket"))
      },
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(ref = "#/components/schemas/Error")))
  @ApiResponse(
      responseCode = "429",
      description =
          "`too_many_requests`: the client address, the caller or the application already holds"
              + " as many sockets on this node as it may (`meridian.realtime.limits`)",
      headers = {
        @Header(
            name = "Retry-After",
            description = "Seconds to wait before trying again",
            required = true,
            schema = @Schema(type = "integer"))
      },
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(ref = "#/components/schemas/Error")))
  public byte[] upgrade(
      @PathParam("org") String org,
      @PathParam("app") String app,
      @Context ContainerRequestContext request) {
    // Jersey's request properties are the servlet request's attributes, which the filter set.
    if (request.getProperty(RealtimeUpgrade.REFUSED) instanceof ConnectionQuota.Exceeded e) {
      throw new RetryLaterException(ErrorCode.TOO_MANY_REQUESTS, e.getMessage(), RETRY_AFTER);
    }
    throw new MeridianException(
        ErrorCode.WEBSOCKET_UPGRADE_REQUIRED,
        "This is a WebSocket endpoint: send the request with 'Upgrade: websocket'");
  }
}
