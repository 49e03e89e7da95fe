package io.meridian.rest.device;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.api.route.ApiPart;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.common.Json;
import io.meridian.core.device.DeviceIds;
import io.meridian.core.device.DeviceSecrets;
import io.meridian.core.identity.access.Access;
import io.meridian.rest.app.Responses;
import io.meridian.rest.param.AppPath;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.UUID;
import java.util.function.BiFunction;

/**
 * A device's secret ({@link DeviceSecrets}): what a device presents to attach, read, rotated or
 * revoked. Application administrators only, which the access filter checks for every method; the
 * device need not exist or be attached.
 */
@Access(Access.Rule.APPLICATION)
@ApiPart(id = "deviceSecret", tag = "Devices")
@Path("/{org}/{app}/devices/{device}/secret")
@Produces(MediaType.APPLICATION_JSON)
public class DeviceSecretResource {
  private final ApplicationService applications;
  private final DeviceSecrets secrets;

  public DeviceSecretResource(ApplicationService applications, DeviceSecrets secrets) {
    this.applications = applications;
    this.secrets = secrets;
  }

  @GET
  @Operation(
      summary =
          "A device's secret, which it presents to attach; it changes when the device's secret is"
              + " rotated or the application's client credentials are regenerated. A revoked"
              + " device has none (`revoked`: true). Application administrators only")
  public byte[] secret(@BeanParam AppPath path, @PathParam("device") String device) {
    return answer("get", path, device, secrets::current);
  }

  @POST
  @Operation(
      summary =
          "Gives the device a new secret and answers it: the old one is refused from now on, and"
              + " the device, if attached with it on any node, is detached within a second. Also"
              + " restores a revoked device. Application administrators only")
  public byte[] rotate(@BeanParam AppPath path, @PathParam("device") String device) {
    return answer("post", path, device, secrets::rotate);
  }

  @DELETE
  @Operation(
      summary =
          "Revokes the device's secret: the device may not attach with any secret, nor with the"
              + " application key alone, until its secret is rotated (POST); if attached on any"
              + " node it is detached within a second. Application administrators only")
  public byte[] revoke(@BeanParam AppPath path, @PathParam("device") String device) {
    return answer("delete", path, device, secrets::revoke);
  }

  /** Checks the id (the edge's rule: others never attach), then does {@code act} and answers it. */
  private byte[] answer(
      String action,
      AppPath path,
      String device,
      BiFunction<UUID, String, DeviceSecrets.Current> act) {
    DeviceIds.require(device);
    ApplicationRef application = applications.require(path.org(), path.app());
    DeviceSecrets.Current current = act.apply(application.id(), device);
    ObjectNode data = Json.object();
    data.put("device", current.device());
    if (current.secret() != null) {
      data.put("secret", current.secret());
    }
    data.put("generation", current.generation());
    data.put("revoked", current.revoked());
    return Responses.envelope(action, application, "devices/" + current.device() + "/secret")
        .data(data)
        .toJson();
  }
}
