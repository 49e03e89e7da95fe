package io.meridian.rest.metrics;

import io.meridian.api.route.ApiPart;
import io.meridian.core.identity.access.Access;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;

/**
 * {@code GET /metrics}: every meter of this node in the Prometheus text format, for the scrape
 * token or the superuser only (the series name routes and load, which is not every caller's
 * business). The access filter leaves this path to this resource, since a scrape token is not an
 * access token.
 */
@Access(Access.Rule.SCRAPER)
@Path("/metrics")
@ApiPart(id = "metrics", tag = "Operations")
public class MetricsResource {
  /** The Prometheus text format, which {@link PrometheusMeterRegistry#scrape()} writes. */
  static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

  private final PrometheusMeterRegistry registry;
  private final ScrapeAccess access;

  MetricsResource(PrometheusMeterRegistry registry, ScrapeAccess access) {
    this.registry = registry;
    this.access = access;
  }

  @GET
  @Operation(
      summary = "This node's metrics in the Prometheus text format",
      description =
          "For `Authorization: Bearer <meridian.metrics.scrape-token>` or a superuser token;"
              + " absent when meridian.metrics.enabled is false. See docs/operations.md.")
  @ApiResponse(
      responseCode = "200",
      description = "Prometheus text format 0.0.4",
      content = @Content(mediaType = "text/plain", schema = @Schema(type = "string")))
  public Response scrape(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization) {
    access.require(authorization);
    return Response.ok(registry.scrape(), CONTENT_TYPE).build();
  }
}
