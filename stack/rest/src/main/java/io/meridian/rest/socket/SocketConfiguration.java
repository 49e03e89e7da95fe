package io.meridian.rest.socket;

import io.meridian.api.socket.SocketRequests;
import io.meridian.rest.config.RequestLogProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The HTTP API served in-process to requests that arrive over the WebSocket. */
@Configuration(proxyBeanMethods = false)
public class SocketConfiguration {
  @Bean
  JerseyContainer jerseyContainer() {
    return new JerseyContainer();
  }

  @Bean
  SocketRequests socketRequests(JerseyContainer container, RequestLogProperties requestLog) {
    return new JerseySocketRequests(container, requestLog);
  }
}
