package io.meridian.realtime;

import io.meridian.api.route.ApiResources;
import io.meridian.api.socket.SocketRequests;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.geo.GeoIndexes;
import io.meridian.core.identity.access.AccessControl;
import io.meridian.core.identity.token.TokenService;
import io.meridian.core.query.QueryLanguage;
import io.meridian.core.realtime.GeofenceDetector;
import io.meridian.core.realtime.RealtimeHub;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.tomcat.websocket.server.WsSci;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.info.BuildProperties;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/**
 * The real-time WebSocket of this node: its connections, the upgrade that opens them, its HTTP face
 * ({@code 426} for a plain GET) and its AsyncAPI document. The feed it reads ({@link RealtimeHub})
 * is core's, wired by the assembling module; requests over the socket go to the HTTP API through
 * {@link SocketRequests}.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({RealtimeProperties.class, RealtimeLimits.class})
public class RealtimeConfiguration {
  /** Tomcat's buffers of each WebSocket connection, read once when its WebSocket classes load. */
  private static final String BUFFER_SIZE = "org.apache.tomcat.websocket.DEFAULT_BUFFER_SIZE";

  @Bean(destroyMethod = "close")
  RealtimeService realtimeService(
      RealtimeProperties properties,
      RealtimeLimits limits,
      RealtimeHub hub,
      TokenService tokens,
      AccessControl access,
      QueryLanguage queries,
      GeoIndexes geo,
      SocketRequests requests) {
    return new RealtimeService(
        properties,
        limits,
        hub,
        tokens,
        access,
        queries,
        new RequestRelay(requests),
        new GeofenceDetector(geo));
  }

  /** The socket's route and its AsyncAPI document, in the HTTP API's document too. */
  @Bean
  ApiResources realtimeResources(ObjectProvider<BuildProperties> build) {
    BuildProperties properties = build.getIfAvailable();
    return ApiResources.of(
        new RealtimeResource(),
        new AsyncApiResource(
            AsyncApiDocument.of(properties == null ? "development" : properties.getVersion())));
  }

  /** After the client address is known, before anything else answers. */
  @Bean
  FilterRegistrationBean<RealtimeUpgrade> realtimeUpgrade(
      RealtimeService service, ApplicationService applications, RealtimeProperties properties) {
    FilterRegistrationBean<RealtimeUpgrade> registration =
        new FilterRegistrationBean<>(
            new RealtimeUpgrade(service, applications, properties.bufferBytes()));
    registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 4);
    return registration;
  }

  /** Tomcat's WebSocket support, with small per-connection buffers (messages stream through). */
  @Bean
  WebServerFactoryCustomizer<TomcatServletWebServerFactory> realtimeWebSockets(
      RealtimeProperties properties) {
    return factory -> {
      if (System.getProperty(BUFFER_SIZE) == null) {
        System.setProperty(BUFFER_SIZE, Integer.toString(properties.bufferBytes()));
      }
      factory.addContextCustomizers(
          context -> context.addServletContainerInitializer(new WsSci(), null));
      String socketBuffer = Integer.toString(properties.socketBufferBytes());
      factory.addConnectorCustomizers(
          connector -> {
            connector.setProperty("socket.appReadBufSize", socketBuffer);
            connector.setProperty("socket.appWriteBufSize", socketBuffer);
          });
    };
  }

  /** What the real-time API does, for /metrics. */
  public static void bind(RealtimeService service, RealtimeHub hub, MeterRegistry registry) {
    Gauge.builder("meridian.realtime.connections", service, RealtimeService::connections)
        .description("Open real-time connections on this node")
        .register(registry);
    Gauge.builder("meridian.realtime.queued", service, RealtimeService::queued)
        .description("Messages waiting to be sent to real-time clients on this node")
        .baseUnit("messages")
        .register(registry);
    FunctionCounter.builder("meridian.realtime.messages", service, RealtimeService::messages)
        .description("Messages queued for real-time clients: events and answers")
        .baseUnit("messages")
        .register(registry);
    FunctionCounter.builder("meridian.realtime.events", service, RealtimeService::events)
        .description("Events queued for real-time subscribers on this node")
        .baseUnit("events")
        .register(registry);
    dropped(registry, service, RealtimeService::droppedSlow, "slow_client");
    dropped(registry, service, RealtimeService::droppedRefused, "token_refused");
    dropped(registry, service, RealtimeService::droppedTooBig, "message_too_big");
    FunctionCounter.builder("meridian.realtime.feed.entries", hub, RealtimeHub::entries)
        .description("Feed entries this node read for its subscribers")
        .baseUnit("entries")
        .register(registry);
    FunctionCounter.builder("meridian.realtime.feed.late", hub, RealtimeHub::lateEntries)
        .description("Feed entries found by the sweep, after their seq had passed")
        .baseUnit("entries")
        .register(registry);
    FunctionCounter.builder("meridian.realtime.feed.failed.polls", hub, RealtimeHub::failedPolls)
        .description("Polls of the real-time feed that failed")
        .register(registry);
  }

  /** How many connections a {@link RealtimeService} closed for one reason. */
  private interface Closed {
    long count(RealtimeService service);
  }

  /** The connections this node closed for one reason: one counter, tagged with it. */
  private static void dropped(
      MeterRegistry registry, RealtimeService service, Closed closed, String reason) {
    FunctionCounter.builder("meridian.realtime.dropped", service, closed::count)
        .description("Real-time connections closed by this node")
        .tag("reason", reason)
        .register(registry);
  }
}
