package io.meridian.rest.metrics;

import io.meridian.api.route.ApiResources;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/** The API's part of the metrics: the request timer, {@code /metrics} and each app's requests. */
@Configuration(proxyBeanMethods = false)
@Import(ApiMetrics.class) // built through its constructor
public class MetricsApiConfiguration {
  @Bean
  ApiResources metricsResources(ApiMetrics metrics) {
    return metrics.resources();
  }
}
