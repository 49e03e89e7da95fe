package io.meridian.server.startup;

import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The start's progress report, and its last line once the server takes requests. */
@Configuration(proxyBeanMethods = false)
class StartupConfiguration {

  @Bean(destroyMethod = "close")
  StartupProgress startupProgress(StartupProperties properties) {
    return StartupProgress.create(properties.console());
  }

  @Bean
  ApplicationListener<ApplicationReadyEvent> startupReady(StartupProgress progress) {
    return event -> {
      String port = event.getApplicationContext().getEnvironment().getProperty("local.server.port");
      progress.ready(
          "ready at http://localhost:"
              + port
              + " (API reference at /docs, OpenAPI document at /openapi.json)");
    };
  }
}
