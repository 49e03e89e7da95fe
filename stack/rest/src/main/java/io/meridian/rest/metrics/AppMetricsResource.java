package io.meridian.rest.metrics;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.api.route.ApiPart;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import io.meridian.core.identity.access.Access;
import io.meridian.core.identity.admin.ManagementService;
import io.meridian.core.traffic.TrafficBucket;
import io.meridian.core.traffic.TrafficCounters;
import io.meridian.core.traffic.TrafficService;
import io.meridian.rest.api.Envelope;
import io.meridian.rest.param.AppPath;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Duration;
import java.util.List;

/**
 * {@code GET /management/orgs/{org}/apps/{app}/metrics}: an application's requests, errors and
 * latency over the last minutes, in 10-second buckets summed over every node, for the
 * organization's admins and the superuser (who may see the application's credentials may see its
 * traffic).
 */
@Access(Access.Rule.ORGANIZATION_ADMIN)
@ApiPart(id = "appMetrics", tag = "Operations")
@Path(
    "/management/{organizations: orgs|organizations}/{org}/{apps: apps|applications}/{app}/metrics")
@Produces(MediaType.APPLICATION_JSON)
public class AppMetricsResource {
  static final int DEFAULT_MINUTES = 30;
  static final int MAX_MINUTES = (int) TrafficCounters.RETENTION.toMinutes();

  private final ManagementService management;
  private final TrafficService traffic;

  AppMetricsResource(ManagementService management, TrafficService traffic) {
    this.management = management;
    this.traffic = traffic;
  }

  @GET
  @Operation(
      summary = "An application's requests, errors and latency per 10 seconds, over every node",
      description =
          "Buckets oldest first, the current (partial) one last; another node's counts show"
              + " within `meridian.metrics.apps-store-interval`. See docs/operations.md.")
  public byte[] metrics(
      @BeanParam AppPath path,
      @Parameter(
              description = "How far back, in minutes (default 30)",
              schema = @Schema(type = "integer", minimum = "1", maximum = "60"))
          @QueryParam("minutes")
          String minutes) {
    int window = minutes(minutes);
    ApplicationRef application =
        management.application(management.organization(path.org()), path.app());
    List<TrafficBucket> buckets = traffic.recent(application.id(), Duration.ofMinutes(window));
    return Envelope.of("get application metrics")
        .application(application)
        .data(json(window, buckets))
        .toJson();
  }

  static int minutes(String value) {
    if (value == null) {
      return DEFAULT_MINUTES;
    }
    try {
      int minutes = Integer.parseInt(value.trim());
      if (minutes >= 1 && minutes <= MAX_MINUTES) {
        return minutes;
      }
    } catch (NumberFormatException e) {
      // told below, as for a number out of range
    }
    throw new MeridianException(
        ErrorCode.BAD_REQUEST, "'minutes' must be a whole number from 1 to " + MAX_MINUTES);
  }

  private static ObjectNode json(int minutes, List<TrafficBucket> buckets) {
    ObjectNode data = Json.object();
    data.put("minutes", minutes);
    data.put("bucket_seconds", TrafficCounters.BUCKET.toSeconds());
    TrafficBucket total = TrafficBucket.empty(buckets.isEmpty() ? 0 : buckets.get(0).start());
    ArrayNode array = data.putArray("buckets");
    for (TrafficBucket bucket : buckets) {
      total = total.plus(bucket);
      counts(array.addObject().put("t", bucket.start()), bucket);
    }
    counts(data.putObject("totals"), total);
    return data;
  }

  private static void counts(ObjectNode node, TrafficBucket bucket) {
    node.put("requests", bucket.requests())
        .put("errors_4xx", bucket.errors4xx())
        .put("errors_5xx", bucket.errors5xx())
        .put("latency_mean_ms", round(bucket.latencyMeanMillis()))
        .put("latency_max_ms", round(bucket.latencyMaxMillis()));
  }

  private static double round(double millis) {
    return Math.round(millis * 1000) / 1000.0;
  }
}
