package io.meridian.rest;

import io.meridian.rest.access.AccessConfiguration;
import io.meridian.rest.api.JerseyConfig;
import io.meridian.rest.api.JsonBodies;
import io.meridian.rest.app.ActivityApiConfiguration;
import io.meridian.rest.app.EntityApiConfiguration;
import io.meridian.rest.app.IdentityApiConfiguration;
import io.meridian.rest.config.ApiProperties;
import io.meridian.rest.config.CorsProperties;
import io.meridian.rest.config.RequestLogProperties;
import io.meridian.rest.config.SecurityHeadersProperties;
import io.meridian.rest.cors.CorsFilter;
import io.meridian.rest.cors.CorsPolicy;
import io.meridian.rest.device.DeviceApiConfiguration;
import io.meridian.rest.management.ManagementApiConfiguration;
import io.meridian.rest.metrics.MetricsApiConfiguration;
import io.meridian.rest.metrics.MetricsProperties;
import io.meridian.rest.request.RequestLogConfiguration;
import io.meridian.rest.socket.SocketConfiguration;
import io.meridian.rest.system.SystemApiConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * The HTTP API: the servlet filters around it, the Jersey application, and each feature's
 * resources, wired by the feature's own configuration beside it.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({
  ApiProperties.class,
  CorsProperties.class,
  RequestLogProperties.class,
  SecurityHeadersProperties.class,
  MetricsProperties.class
})
@Import({
  RequestLogConfiguration.class,
  AccessConfiguration.class,
  EntityApiConfiguration.class,
  IdentityApiConfiguration.class,
  ActivityApiConfiguration.class,
  ManagementApiConfiguration.class,
  DeviceApiConfiguration.class,
  SystemApiConfiguration.class,
  MetricsApiConfiguration.class,
  SocketConfiguration.class,
  // Every part of the API, with the resources of the WebSocket and the console: the Jersey
  // application, which Spring builds through its constructor.
  JerseyConfig.class
})
public class RestConfiguration {
  @Bean
  JsonBodies jsonBodies(ApiProperties properties) {
    return new JsonBodies(properties);
  }

  @Bean
  CorsFilter corsFilter(CorsProperties cors) {
    return new CorsFilter(
        CorsPolicy.of(cors.allowedOrigins(), cors.allowedHeaders()), cors.maxAge());
  }
}
