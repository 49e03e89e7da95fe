package io.meridian.rest.metrics;

import io.meridian.core.identity.admin.ManagementService;
import io.meridian.core.identity.token.TokenService;
import io.meridian.core.traffic.TrafficCounters;
import io.meridian.core.traffic.TrafficService;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.List;
import org.glassfish.jersey.server.ResourceConfig;

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

  ApiMetrics(
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

  /** The resource classes this part serves, for the API document. */
  public List<Class<?>> resources() {
    return properties.enabled()
        ? List.of(MetricsResource.class, AppMetricsResource.class)
        : List.of();
  }

  /** Registers them on the API, unless metrics are disabled. */
  public void registerOn(ResourceConfig config) {
    if (!properties.enabled()) {
      return;
    }
    config.register(new RequestMetrics(registry, properties.percentileHistogram(), counters));
    config.register(
        new MetricsResource(
            registry, new ScrapeAccess(properties.scrapeToken(), tokens::authenticate)));
    config.register(new AppMetricsResource(management, traffic));
  }
}
