package io.meridian.rest.config;

import io.meridian.rest.request.RequestIdFilter;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/** Request ids and the log of failed requests, around everything else a request passes. */
@Configuration(proxyBeanMethods = false)
class RequestLogConfiguration {
  @Bean
  FilterRegistrationBean<RequestIdFilter> requestIdFilter(RequestLogProperties properties) {
    FilterRegistrationBean<RequestIdFilter> registration =
        new FilterRegistrationBean<>(new RequestIdFilter(properties.maxFailuresPerSecond()));
    registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
    return registration;
  }
}
