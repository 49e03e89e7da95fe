package io.meridian.rest.device;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.api.route.ApiPart;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import io.meridian.core.device.EdgeStatsService;
import io.meridian.core.device.EdgeTotals;
import io.meridian.core.identity.access.Access;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Locale;
import java.util.UUID;

/**
 * Cometa's application statistics, {@code GET /application/{app_key}} with {@code Authorization:
 * OAuth <secret>} (authenticated by the access filter, CometaPaths), in Cometa's shape: every value
 * a string, latency in whole milliseconds and its standard deviation to three decimals.
 */
@Access(Access.Rule.APPLICATION)
@ApiPart(id = "cometastats", tag = "Devices")
@Path("/application/{app_key}")
@Produces(MediaType.APPLICATION_JSON)
public class CometaStatsResource {
  private final ApplicationService applications;
  private final EdgeStatsService stats;

  public CometaStatsResource(ApplicationService applications, EdgeStatsService stats) {
    this.applications = applications;
    this.stats = stats;
  }

  @GET
  @Operation(
      summary = "Cometa: the application's device statistics over every node",
      description =
          "Cometa's route, authenticated with `Authorization: OAuth <client secret>` of the"
              + " application whose client id is `app_key`. Values are strings as Cometa's:"
              + " `stats` holds `num_devices`, `messages`, `errors`, `bytes_up`, `bytes_down`,"
              + " `latency`, `latency_min`, `latency_max` (milliseconds), `std_deviation` and"
              + " `websockets`.")
  @ApiResponse(
      responseCode = "200",
      description = "Cometa's application statistics",
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(type = "object", description = "`app_id`, `app_name`, `stats`")))
  public byte[] stats(@PathParam("app_key") String appKey) {
    UUID id = CometaResource.application(appKey);
    ApplicationRef application =
        applications
            .find(id)
            .orElseThrow(
                () -> new MeridianException(ErrorCode.UNAUTHORIZED, "Unknown application key"));
    EdgeTotals totals = stats.totals(id);
    ObjectNode body = Json.object();
    body.put("app_id", appKey);
    body.put("app_name", application.application());
    ObjectNode values = body.putObject("stats");
    values.put("num_devices", Long.toString(totals.devices()));
    values.put("messages", Long.toString(totals.messages()));
    values.put("errors", Long.toString(totals.errors()));
    values.put("bytes_up", Long.toString(totals.bytesUp()));
    values.put("bytes_down", Long.toString(totals.bytesDown()));
    values.put("latency", Long.toString(Math.round(totals.latencyMeanMillis())));
    values.put("latency_min", Long.toString(Math.round(totals.latencyMinMillis())));
    values.put("latency_max", Long.toString(Math.round(totals.latencyMaxMillis())));
    values.put(
        "std_deviation", String.format(Locale.ROOT, "%.3f", totals.latencyStdDeviationMillis()));
    values.put("websockets", Long.toString(totals.websockets()));
    return Json.write(body).getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }
}
