package io.meridian.rest.device;

import io.meridian.api.route.ApiPart;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.device.DeviceIds;
import io.meridian.core.device.DeviceRpc;
import io.meridian.core.identity.Principal;
import io.meridian.core.identity.PrincipalKind;
import io.meridian.core.identity.access.Access;
import io.meridian.core.identity.token.ClientCredentials;
import io.meridian.rest.access.Caller;
import io.meridian.rest.openapi.ApiBody;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.io.InputStream;
import java.util.UUID;

/**
 * Cometa's application API for applications written against it: {@code POST
 * /v1/applications/{app_key}/devices/{device_id}/send} with {@code Authorization: OAuth <secret>}.
 * The access filter authenticated the key and secret (CometaPaths).
 */
@Access(Access.Rule.APPLICATION)
@ApiPart(id = "cometa", tag = "Devices")
@Path("/v1/applications/{app_key}/devices/{device}/send")
public class CometaResource {
  private final DeviceRpc rpc;

  public CometaResource(DeviceRpc rpc) {
    this.rpc = rpc;
  }

  @POST
  @Consumes(MediaType.WILDCARD)
  @Produces(MediaType.WILDCARD)
  @Operation(
      summary = "Cometa: send an RPC to a device and answer with its reply",
      description =
          "Cometa's route, authenticated with `Authorization: OAuth <client secret>` of the"
              + " application whose client id is `app_key`.")
  @ApiBody("DeviceMessage")
  public Response send(
      @PathParam("app_key") String appKey,
      @PathParam("device") String device,
      @QueryParam("timeout") String timeout,
      @Context HttpHeaders headers,
      @Context UriInfo uri,
      InputStream body) {
    UUID application = application(appKey);
    String id = DeviceIds.require(device);
    java.time.Duration wait = rpc.timeout(timeout);
    return RpcHttp.response(
        rpc.send(
            RpcHttp.caller(),
            application,
            id,
            rpc.body(body),
            false,
            wait,
            RpcHttp.origin(headers, uri)));
  }

  /** The application the caller authenticated as, which is the one the key names. */
  static UUID application(String appKey) {
    Principal caller = Caller.current();
    ClientCredentials.Owner owner = ClientCredentials.parse(appKey);
    if (owner == null
        || owner.kind() != PrincipalKind.APPLICATION
        || caller.kind() != PrincipalKind.APPLICATION
        || !owner.id().equals(caller.subject())) {
      throw new MeridianException(ErrorCode.UNAUTHORIZED, "Unknown application key");
    }
    return owner.id();
  }
}
