package io.meridian.server.metrics;

import com.datastax.oss.driver.api.core.CqlSession;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.common.ConnectionQuota;
import io.meridian.core.common.EventFeed;
import io.meridian.core.geo.GeoChange;
import io.meridian.core.geo.GeoIndexes;
import io.meridian.core.identity.PasswordHasher;
import io.meridian.core.identity.admin.CachedOrganizationStore;
import io.meridian.core.identity.login.HashingBudget;
import io.meridian.core.identity.login.LoginThrottle;
import io.meridian.core.identity.login.RegistrationThrottle;
import io.meridian.core.identity.login.SignUpThrottle;
import io.meridian.core.identity.token.AccessFeed;
import io.meridian.core.identity.token.TokenService;
import io.meridian.core.index.IndexBacklog;
import io.meridian.core.index.IndexRepairer;
import io.meridian.core.realtime.RealtimeHub;
import io.meridian.core.traffic.CassandraTrafficStore;
import io.meridian.core.traffic.TrafficCounters;
import io.meridian.core.traffic.TrafficService;
import io.meridian.index.elasticsearch.ElasticsearchEntityIndex;
import io.meridian.realtime.RealtimeConfiguration;
import io.meridian.realtime.RealtimeService;
import io.meridian.rest.metrics.MetricsProperties;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmInfoMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.FileDescriptorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.web.server.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * One Prometheus registry for the node, with every meter registered explicitly here (no actuator:
 * it would add its endpoints, its auto-configurations and their start-up time for one endpoint).
 */
@Configuration(proxyBeanMethods = false)
class MetricsConfiguration {

  @Bean(destroyMethod = "close")
  PrometheusMeterRegistry meterRegistry() {
    return new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  }

  @Bean
  TrafficCounters trafficCounters(MetricsProperties properties, Clock clock) {
    return new TrafficCounters(clock, properties.appsMax());
  }

  /**
   * The node's id in {@code app_traffic}: a random one per process, so a restarted node's rows
   * never collide with its previous run's (whose counts still add up).
   */
  @Bean(destroyMethod = "close")
  TrafficService trafficService(
      MetricsProperties properties, TrafficCounters counters, CqlSession session, Clock clock) {
    TrafficService service =
        new TrafficService(
            counters, new CassandraTrafficStore(session), UUID.randomUUID().toString(), clock);
    if (properties.enabled()) {
      service.start(properties.appsStoreInterval());
    }
    return service;
  }

  /** Holds the GC notification listeners it registers; closing removes them. */
  @Bean(destroyMethod = "close")
  JvmGcMetrics jvmGcMetrics() {
    return new JvmGcMetrics();
  }

  /** What the services count themselves, read at scrape time. */
  @Bean
  ServiceMeters serviceMeters(
      IndexBacklog backlog,
      IndexRepairer repairer,
      AccessFeed accessFeed,
      EventFeed<GeoChange> geoFeed,
      GeoIndexes geo,
      TokenService tokens,
      LoginThrottle logins,
      PasswordHasher hasher,
      HashingBudget hashing,
      SignUpThrottle signUps,
      RegistrationThrottle registrations,
      ApplicationService applications,
      CachedOrganizationStore organizations) {
    return new ServiceMeters(
        backlog,
        repairer,
        accessFeed,
        geoFeed,
        geo,
        tokens,
        logins,
        hasher,
        hashing,
        signUps,
        registrations,
        applications,
        organizations);
  }

  /** Binds the JVM's meters and the services' once every singleton exists. */
  @Bean
  SmartInitializingSingleton meterBinding(
      MetricsProperties properties,
      PrometheusMeterRegistry registry,
      JvmGcMetrics gc,
      ElasticsearchEntityIndex index,
      ServiceMeters services,
      RealtimeService realtime,
      RealtimeHub realtimeHub,
      List<ConnectionQuota> quotas) {
    return () -> {
      if (!properties.enabled()) {
        return;
      }
      new JvmMemoryMetrics().bindTo(registry);
      gc.bindTo(registry);
      new JvmThreadMetrics().bindTo(registry);
      new ClassLoaderMetrics().bindTo(registry);
      new JvmInfoMetrics().bindTo(registry);
      new ProcessorMetrics().bindTo(registry);
      new UptimeMetrics().bindTo(registry);
      new FileDescriptorMetrics().bindTo(registry);
      index.bindTo(registry);
      services.bindTo(registry);
      RealtimeConfiguration.bind(realtime, realtimeHub, registry);
      List<ConnectionQuota> bounds = new ArrayList<>(quotas);
      bounds.addAll(realtime.quotas());
      QuotaMeters.bind(registry, bounds);
    };
  }

  @Bean
  ApplicationListener<WebServerInitializedEvent> tomcatMeters(
      MetricsProperties properties, PrometheusMeterRegistry registry) {
    return event -> {
      if (properties.enabled()) {
        TomcatThreads.bind(event.getWebServer(), registry);
      }
    };
  }
}
