package io.meridian.rest.config;

import io.meridian.rest.api.ContainerErrors;
import io.meridian.rest.request.RequestIdFilter;
import org.apache.catalina.core.StandardHost;
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
   * Tomcat's errors in the API's JSON format rather than its HTML page, at both levels where Tomcat
   * answers by itself: in the application's pipeline (a body or query it cannot parse), so it
   * reports before the host's would; and as the host's own error report, for requests that never
   * reach the application (a request line or headers too long to parse).
   */
  @Bean
  WebServerFactoryCustomizer<TomcatServletWebServerFactory> containerErrors() {
    return factory ->
        factory.addContextCustomizers(
            context -> {
              context.getPipeline().addValve(new ContainerErrors());
              if (context.getParent() instanceof StandardHost host) {
                host.setErrorReportValveClass(ContainerErrors.class.getName());
              }
            });
  }
}
