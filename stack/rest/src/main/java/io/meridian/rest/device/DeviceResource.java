package io.meridian.rest.device;

import io.meridian.api.route.ApiPart;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.device.DeviceIds;
import io.meridian.core.device.DeviceRpc;
import io.meridian.core.identity.access.Access;
import io.meridian.rest.openapi.ApiBody;
import io.meridian.rest.param.AppPath;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.ws.rs.BeanParam;
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

/**
 * RPCs to devices, {@code POST /{org}/{app}/devices/{device}/send}: the body goes to the device as
 * it is, and the device's reply is the answer; a device attached to another node is reached through
 * it. Authorised as a {@code POST} on that path, so a permission such as {@code
 * post:/devices/*}{@code /send} grants it.
 */
@Access(Access.Rule.APPLICATION)
@ApiPart(id = "device", tag = "Devices")
@Path("/{org}/{app}/devices/{device}/send")
public class DeviceResource {
  private final ApplicationService applications;
  private final DeviceRpc rpc;

  public DeviceResource(ApplicationService applications, DeviceRpc rpc) {
    this.applications = applications;
    this.rpc = rpc;
  }

  /**
   * Sends the body to the device and answers with its reply: {@code 404 device_not_connected},
   * {@code 504 device_timeout}, {@code 502 device_detached}, {@code 429 device_busy} otherwise;
   * {@code 429 too_many_requests} when the caller or the application already has as many RPCs
   * waiting on this node as it may.
   */
  @POST
  @Consumes(MediaType.WILDCARD)
  @Produces(MediaType.WILDCARD)
  @Operation(
      summary = "Send an RPC to a device and answer with its reply",
      description =
          "The body goes to the device unchanged; the answer is the device's reply. `timeout` is"
              + " in milliseconds; `correlate=jsonrpc` matches the reply by its JSON-RPC id, so"
              + " several RPCs may be in flight to one device.")
  @ApiBody("DeviceMessage")
  public Response send(
      @BeanParam AppPath path,
      @PathParam("device") String device,
      @QueryParam("timeout") String timeout,
      @QueryParam("correlate") String correlate,
      @Context HttpHeaders headers,
      @Context UriInfo uri,
      InputStream body) {
    String id = DeviceIds.require(device);
    boolean correlated = DeviceRpc.correlate(correlate);
    java.time.Duration wait = rpc.timeout(timeout);
    byte[] request = rpc.body(body);
    ApplicationRef application = applications.require(path.org(), path.app());
    return RpcHttp.response(
        rpc.send(
            RpcHttp.caller(),
            application.id(),
            id,
            request,
            correlated,
            wait,
            RpcHttp.origin(headers, uri)));
  }
}
