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
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * A device's secret, derived on demand ({@link DeviceSecrets}): what a device presents to attach
 * when its application requires device secrets. Application administrators only, which the access
 * filter checks; the device need not exist or be attached.
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
          "A device's secret, which it presents to attach when the application requires device"
              + " secrets; it changes when the application's client credentials are regenerated."
              + " Application administrators only")
  public byte[] secret(@BeanParam AppPath path, @PathParam("device") String device) {
    DeviceIds.require(device); // the edge's rule for ids: others never attach
    ApplicationRef application = applications.require(path.org(), path.app());
    ObjectNode data = Json.object();
    data.put("device", device);
    data.put("secret", secrets.secret(application.id(), device));
    return Responses.envelope("get", application, "devices/" + device + "/secret")
        .data(data)
        .toJson();
  }
}
