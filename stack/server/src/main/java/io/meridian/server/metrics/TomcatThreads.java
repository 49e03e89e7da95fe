package io.meridian.server.metrics;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.concurrent.Executor;
import org.apache.coyote.AbstractProtocol;
import org.apache.coyote.ProtocolHandler;
import org.apache.tomcat.util.threads.ThreadPoolExecutor;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.web.server.WebServer;

/**
 * Tomcat's request threads and connections, read from its connector directly. Micrometer's {@code
 * TomcatMetrics} reads them through JMX, which needs Tomcat's MBean registry, off in Spring Boot
 * for a faster start; the names here are the ones it would use.
 */
final class TomcatThreads {
  private TomcatThreads() {}

  static void bind(WebServer server, MeterRegistry registry) {
    if (!(server instanceof TomcatWebServer tomcat)) {
      return;
    }
    ProtocolHandler handler = tomcat.getTomcat().getConnector().getProtocolHandler();
    Executor executor = handler.getExecutor();
    if (executor instanceof ThreadPoolExecutor pool) {
      Gauge.builder("tomcat.threads.busy", pool, ThreadPoolExecutor::getActiveCount)
          .description("Request threads serving a request")
          .baseUnit("threads")
          .register(registry);
      Gauge.builder("tomcat.threads.current", pool, ThreadPoolExecutor::getPoolSize)
          .description("Request threads in the pool")
          .baseUnit("threads")
          .register(registry);
      Gauge.builder("tomcat.threads.config.max", pool, ThreadPoolExecutor::getMaximumPoolSize)
          .description("Most request threads the pool may hold")
          .baseUnit("threads")
          .register(registry);
    }
    if (handler instanceof AbstractProtocol<?> protocol) {
      Gauge.builder("tomcat.connections.current", protocol, AbstractProtocol::getConnectionCount)
          .description("Open connections to the HTTP connector")
          .baseUnit("connections")
          .register(registry);
    }
  }
}
