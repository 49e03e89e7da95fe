package io.meridian.rest.config;

import io.meridian.rest.api.ContainerErrors;
import io.meridian.rest.request.RequestIdFilter;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/**
 * Request ids and the log of failed requests, around everything else a request passes; and the
 * container's own error answers in the API's error format.
 */
@Configuration(proxyBeanMethods = false)
class RequestLogConfiguration {
  @Bean
  FilterRegistrationBean<RequestIdFilter> requestIdFilter(RequestLogProperties properties) {
    FilterRegistrationBean<RequestIdFilter> registration =
        new FilterRegistrationBean<>(new RequestIdFilter(properties.maxFailuresPerSecond()));
    registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
    return registration;
  }

  /**
   * Tomcat's errors (a body or query it cannot parse) in the API's JSON format rather than its HTML
   * page: the valve sits in the application's pipeline, so it reports before the host's would.
   */
  @Bean
  WebServerFactoryCustomizer<TomcatServletWebServerFactory> containerErrors() {
    return factory ->
        factory.addContextCustomizers(
            context -> context.getPipeline().addValve(new ContainerErrors()));
  }
}
