package io.meridian.rest.metrics;

import io.meridian.api.route.ApiResources;
import io.meridian.core.identity.admin.ManagementService;
import io.meridian.core.identity.token.TokenService;
import io.meridian.core.traffic.TrafficCounters;
import io.meridian.core.traffic.TrafficService;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The API's part of the metrics: the request timer, {@code /metrics} and each app's requests. */
@Configuration(proxyBeanMethods = false)
public class MetricsApiConfiguration {
  @Bean
  ApiMetrics apiMetrics(
      MetricsProperties properties,
      PrometheusMeterRegistry registry,
      TokenService tokens,
      TrafficCounters counters,
      TrafficService traffic,
      ManagementService management) {
    return new ApiMetrics(properties, registry, tokens, counters, traffic, management);
  }

  @Bean
  ApiResources metricsResources(ApiMetrics metrics) {
    return metrics.resources();
  }
}
