package io.meridian.console;

import io.meridian.api.route.ApiResources;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The web console: its files, read from the jar once at start, and the resource serving them. */
@Configuration(proxyBeanMethods = false)
public class ConsoleConfiguration {
  @Bean
  ApiResources consoleResources() {
    return ApiResources.of(new ConsoleResource(ConsoleFiles.load()));
  }
}
