package io.meridian.rest.config;

import io.meridian.rest.api.ContainerErrors;
import io.meridian.rest.request.RequestIdFilter;
import io.meridian.rest.request.SecurityHeaders;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/**
 * Request ids and the log of failed requests, around everything else a request passes; the security
 * headers of every response; and the container's own error answers in the API's error format.
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

  @Bean
  SecurityHeaders securityHeaders(SecurityHeadersProperties properties) {
    return new SecurityHeaders(properties.strictTransportSecurity());
  }

  /** Right inside the request id filter, before anything that may answer the request. */
  @Bean
  FilterRegistrationBean<SecurityHeaders> securityHeadersFilter(SecurityHeaders headers) {
    FilterRegistrationBean<SecurityHeaders> registration = new FilterRegistrationBean<>(headers);
    registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 1);
    return registration;
  }

  /**
   * Tomcat's errors (a body or query it cannot parse) in the API's JSON format rather than its HTML
   * page: the valve sits in the application's pipeline, so it reports before the host's would.
   */
  @Bean
  WebServerFactoryCustomizer<TomcatServletWebServerFactory> containerErrors(
      SecurityHeaders headers) {
    return factory ->
        factory.addContextCustomizers(
            context -> context.getPipeline().addValve(new ContainerErrors(headers)));
  }
}
