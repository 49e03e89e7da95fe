package io.meridian.rest.metrics;

import io.meridian.core.identity.token.TokenService;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.List;
import org.glassfish.jersey.server.ResourceConfig;

/** The API's part of the metrics: the request timer filter and the {@code /metrics} resource. */
public final class ApiMetrics {
  private final MetricsProperties properties;
  private final PrometheusMeterRegistry registry;
  private final TokenService tokens;

  ApiMetrics(MetricsProperties properties, PrometheusMeterRegistry registry, TokenService tokens) {
    this.properties = properties;
    this.registry = registry;
    this.tokens = tokens;
  }

  /** The resource classes this part serves, for the API document. */
  public List<Class<?>> resources() {
    return properties.enabled() ? List.of(MetricsResource.class) : List.of();
  }

  /** Registers both on the API, unless metrics are disabled. */
  public void registerOn(ResourceConfig config) {
    if (!properties.enabled()) {
      return;
    }
    config.register(new RequestMetrics(registry, properties.percentileHistogram()));
    config.register(
        new MetricsResource(
            registry, new ScrapeAccess(properties.scrapeToken(), tokens::authenticate)));
  }
}
