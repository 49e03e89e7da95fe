package io.meridian.rest.request;

import io.meridian.rest.api.ContainerErrors;
import io.meridian.rest.config.ApiProperties;
import io.meridian.rest.config.RequestLogProperties;
import io.meridian.rest.config.SecurityHeadersProperties;
import jakarta.servlet.Filter;
import org.apache.catalina.core.StandardHost;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/**
 * Request ids and the log of failed requests, around everything else a request passes; paths in
 * their canonical form (see {@link CanonicalPaths}); the security headers of every response; the
 * client address; and the container's own error answers in the API's error format.
 */
@Configuration(proxyBeanMethods = false)
public class RequestLogConfiguration {
  @Bean
  FilterRegistrationBean<RequestIdFilter> requestIdFilter(RequestLogProperties properties) {
    return ordered(0, new RequestIdFilter(properties.maxFailuresPerSecond()));
  }

  @Bean
  SecurityHeaders securityHeaders(SecurityHeadersProperties properties) {
    return new SecurityHeaders(properties.strictTransportSecurity());
  }

  /** Right inside the request id filter, before anything reads the path. */
  @Bean
  FilterRegistrationBean<CanonicalPaths> canonicalPathsFilter() {
    return ordered(1, new CanonicalPaths());
  }

  /** Inside the path's canonical form, before anything that may answer the request. */
  @Bean
  FilterRegistrationBean<SecurityHeaders> securityHeadersFilter(SecurityHeaders headers) {
    return ordered(2, headers);
  }

  /**
   * The client address, from the trusted proxies' {@code X-Forwarded-For}, before anything that
   * reads it; a setting that is not an address or range stops the start.
   */
  @Bean
  FilterRegistrationBean<ClientAddressFilter> clientAddressFilter(ApiProperties properties) {
    return ordered(3, new ClientAddressFilter(TrustedProxies.of(properties.trustedProxies())));
  }

  /**
   * Tomcat's errors in the API's JSON format rather than its HTML page, at both levels where Tomcat
   * answers by itself: in the application's pipeline (a body or query it cannot parse), so it
   * reports before the host's would; and as the host's own error report, for requests that never
   * reach the application (a request line or headers too long to parse).
   */
  @Bean
  WebServerFactoryCustomizer<TomcatServletWebServerFactory> containerErrors(
      SecurityHeaders headers) {
    return factory ->
        factory.addContextCustomizers(
            context -> {
              context.getPipeline().addValve(new ContainerErrors(headers));
              if (context.getParent() instanceof StandardHost host) {
                // The host adds no error valve of its own when one of this class is there.
                host.setErrorReportValveClass(ContainerErrors.class.getName());
                host.getPipeline().addValve(new ContainerErrors(headers));
              }
            });
  }

  /** The filter, {@code position} places inside the outermost of the API's (0: the outermost). */
  private static <F extends Filter> FilterRegistrationBean<F> ordered(int position, F filter) {
    FilterRegistrationBean<F> registration = new FilterRegistrationBean<>(filter);
    registration.setOrder(Ordered.HIGHEST_PRECEDENCE + position);
    return registration;
  }
}
