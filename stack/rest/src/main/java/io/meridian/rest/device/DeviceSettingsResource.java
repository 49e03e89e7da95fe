package io.meridian.rest.device;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.api.route.ApiPart;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.device.EdgeSettingsService;
import io.meridian.core.identity.access.Access;
import io.meridian.rest.api.JsonBodies;
import io.meridian.rest.app.Responses;
import io.meridian.rest.openapi.ApiBody;
import io.meridian.rest.param.AppPath;
import io.meridian.rest.param.BodyHeaders;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.io.InputStream;
import java.util.Base64;

/**
 * An application's edge settings (docs/device-events.md): whether devices must present their secret
 * to attach, and the webhook of their events. Reading and changing them takes an application
 * administrator, which the access filter checks. The webhook's signing key is shown once, in the
 * answer to the change that made it.
 */
@Access(Access.Rule.APPLICATION)
@ApiPart(id = "deviceSettings", tag = "Devices")
@Path("/{org}/{app}/devices/_settings")
@Produces(MediaType.APPLICATION_JSON)
public class DeviceSettingsResource {
  static final String WEBHOOK_KEY = "webhook_key";

  private final ApplicationService applications;
  private final EdgeSettingsService settings;
  private final JsonBodies bodies;

  public DeviceSettingsResource(
      ApplicationService applications, EdgeSettingsService settings, JsonBodies bodies) {
    this.applications = applications;
    this.settings = settings;
    this.bodies = bodies;
  }

  @GET
  @Operation(
      summary =
          "The application's edge settings: `device_secret_required` and `webhook_url` (its"
              + " signing key is never shown again); application administrators only")
  public byte[] settings(@BeanParam AppPath path) {
    ApplicationRef application = applications.require(path.org(), path.app());
    return Responses.envelope("get", application, "devices/_settings")
        .data(settings.settings(application.id()).toJson())
        .toJson();
  }

  @PUT
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(
      summary =
          "Change the application's edge settings; members absent stay as they are. Setting a"
              + " webhook where there was none, or `regenerate_webhook_key: true`, makes a new"
              + " signing key, shown once in this answer as `webhook_key` (base64)")
  @ApiBody("DeviceSettings")
  public byte[] update(@BeanParam AppPath path, @BeanParam BodyHeaders headers, InputStream body) {
    JsonNode update = bodies.read(body, headers.contentLength());
    ApplicationRef application = applications.require(path.org(), path.app());
    EdgeSettingsService.Updated updated = settings.update(application.id(), update);
    ObjectNode data = updated.settings().toJson();
    if (updated.newWebhookKey() != null) {
      data.put(WEBHOOK_KEY, Base64.getEncoder().encodeToString(updated.newWebhookKey()));
    }
    return Responses.envelope("put", application, "devices/_settings").data(data).toJson();
  }
}
