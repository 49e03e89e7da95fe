package io.meridian.rest.metrics;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
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
@Path("/metrics")
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
  public Response scrape(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization) {
    access.require(authorization);
    return Response.ok(registry.scrape(), CONTENT_TYPE).build();
  }
}
