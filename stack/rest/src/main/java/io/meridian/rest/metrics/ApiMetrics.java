package io.meridian.rest.metrics;

import io.meridian.api.route.ApiResources;
import io.meridian.core.identity.admin.ManagementService;
import io.meridian.core.identity.token.TokenService;
import io.meridian.core.traffic.TrafficCounters;
import io.meridian.core.traffic.TrafficService;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.Optional;

/**
 * The API's part of the metrics: the request timer filter, the {@code /metrics} resource and each
 * application's recent requests for its admins.
 */
public final class ApiMetrics {
  private final MetricsProperties properties;
  private final PrometheusMeterRegistry registry;
  private final TokenService tokens;
  private final TrafficCounters counters;
  private final TrafficService traffic;
  private final ManagementService management;

  public ApiMetrics(
      MetricsProperties properties,
      PrometheusMeterRegistry registry,
      TokenService tokens,
      TrafficCounters counters,
      TrafficService traffic,
      ManagementService management) {
    this.properties = properties;
    this.registry = registry;
    this.tokens = tokens;
    this.counters = counters;
    this.traffic = traffic;
    this.management = management;
  }

  /** The request timer, unless metrics are disabled. */
  public Optional<RequestMetrics> filter() {
    return properties.enabled()
        ? Optional.of(new RequestMetrics(registry, properties.percentileHistogram(), counters))
        : Optional.empty();
  }

  /** {@code /metrics} and each application's recent requests; none when metrics are disabled. */
  public ApiResources resources() {
    if (!properties.enabled()) {
      return ApiResources.of();
    }
    return ApiResources.of(
        new MetricsResource(
            registry, new ScrapeAccess(properties.scrapeToken(), tokens::authenticate)),
        new AppMetricsResource(management, traffic));
  }
}
