package io.meridian.rest.device;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.api.route.ApiPart;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.common.Json;
import io.meridian.core.device.EdgeStatsService;
import io.meridian.core.device.EdgeTotals;
import io.meridian.core.identity.access.Access;
import io.meridian.rest.app.Responses;
import io.meridian.rest.param.AppPath;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * An application's device statistics over every node, {@code GET /{org}/{app}/devices/_stats}, in
 * the envelope's {@code data}. Authorised as a {@code GET} of that path: {@code get:/devices/*}
 * grants it, as it grants reading the devices. No device id can be {@code _stats} (ids start with a
 * letter or digit), and this literal path wins over the entity route in Jersey's matching.
 */
@Access(Access.Rule.APPLICATION)
@ApiPart(id = "devicestats", tag = "Devices")
@Path("/{org}/{app}/devices/_stats")
@Produces(MediaType.APPLICATION_JSON)
public class DeviceStatsResource {
  private final ApplicationService applications;
  private final EdgeStatsService stats;

  public DeviceStatsResource(ApplicationService applications, EdgeStatsService stats) {
    this.applications = applications;
    this.stats = stats;
  }

  @GET
  @Operation(
      summary = "The application's device statistics over every node",
      description =
          "`data` holds `num_devices` and `websockets` (attached now to live nodes), `messages`,"
              + " `errors`, `bytes_up`, `bytes_down` (since each node started) and `latency`"
              + " (`count`, `mean`, `min`, `max`, `std_deviation` of answered RPCs, in"
              + " milliseconds).")
  public byte[] stats(@BeanParam AppPath path) {
    ApplicationRef application = applications.require(path.org(), path.app());
    EdgeTotals totals = stats.totals(application.id());
    return Responses.envelope("get", application, "devices/_stats").data(numbers(totals)).toJson();
  }

  /** The totals as numbers; latency in milliseconds. */
  static ObjectNode numbers(EdgeTotals totals) {
    ObjectNode data = Json.object();
    data.put("num_devices", totals.devices());
    data.put("messages", totals.messages());
    data.put("errors", totals.errors());
    data.put("bytes_up", totals.bytesUp());
    data.put("bytes_down", totals.bytesDown());
    ObjectNode latency = data.putObject("latency");
    latency.put("count", totals.rpcs());
    latency.put("mean", round(totals.latencyMeanMillis()));
    latency.put("min", round(totals.latencyMinMillis()));
    latency.put("max", round(totals.latencyMaxMillis()));
    latency.put("std_deviation", round(totals.latencyStdDeviationMillis()));
    data.put("websockets", totals.websockets());
    return data;
  }

  /** Milliseconds to the microsecond. */
  static double round(double millis) {
    return Math.round(millis * 1000) / 1000.0;
  }
}
