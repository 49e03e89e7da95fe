package io.meridian.server.device;

import com.datastax.oss.driver.api.core.CqlSession;
import com.github.benmanes.caffeine.cache.Ticker;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.device.CassandraDeviceKeyStore;
import io.meridian.core.device.CassandraEdgeSettingsStore;
import io.meridian.core.device.DeviceEvents;
import io.meridian.core.device.DeviceKeyStore;
import io.meridian.core.device.DeviceSecrets;
import io.meridian.core.device.EdgeSettingsService;
import io.meridian.core.device.EdgeSettingsStore;
import io.meridian.core.device.Webhooks;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.EntityService;
import io.meridian.core.identity.token.AccessFeed;
import io.meridian.core.identity.token.TokenCodec;
import io.meridian.core.identity.token.TokenService;
import io.meridian.core.realtime.RealtimeFeed;
import io.meridian.core.secret.SecretStore;
import io.meridian.edge.EdgeEventsProperties;
import io.meridian.edge.WebhookProperties;
import java.net.InetAddress;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Devices' upstream events (to real-time subscribers and webhooks), applications' edge settings and
 * device secrets (rotated and revoked ones in {@code device_keys}). {@link DeviceEvents} is an
 * {@link io.meridian.core.device.EdgeObserver} bean: the edge's hub tells it of every event.
 */
@Configuration(proxyBeanMethods = false)
public class EdgeEventsConfiguration {
  /** The data key that seals webhook signing keys; a cluster secret like the push one. */
  private static final String WEBHOOK_KEY = "edge-webhook-key";

  private static final CollectionName DEVICES = CollectionName.of("devices");

  @Bean
  EdgeSettingsStore edgeSettingsStore(CqlSession session) {
    return new CassandraEdgeSettingsStore(session);
  }

  @Bean
  EdgeSettingsService edgeSettingsService(
      EdgeSettingsStore store, SecretStore secrets, EdgeEventsProperties properties) {
    return new EdgeSettingsService(
        store, secrets.obtain(WEBHOOK_KEY, 32), properties.settingsCache(), Ticker.systemTicker());
  }

  @Bean
  DeviceKeyStore deviceKeyStore(CqlSession session) {
    return new CassandraDeviceKeyStore(session);
  }

  @Bean
  DeviceSecrets deviceSecrets(
      TokenCodec codec,
      TokenService tokens,
      EdgeSettingsService settings,
      DeviceKeyStore keys,
      AccessFeed feed) {
    return new DeviceSecrets(codec, tokens::generation, settings, keys, feed);
  }

  @Bean(destroyMethod = "close")
  Webhooks webhooks(EdgeSettingsService settings, Clock clock, WebhookProperties properties) {
    return new Webhooks(
        settings,
        InetAddress::getAllByName,
        clock,
        new Webhooks.Options(
            properties.capacity(),
            properties.workers(),
            properties.maxAttempts(),
            properties.firstBackoff(),
            properties.maxBackoff(),
            properties.connectTimeout(),
            properties.timeout(),
            properties.allowPrivateAddresses()));
  }

  @Bean(destroyMethod = "close")
  DeviceEvents deviceEvents(
      ApplicationService applications,
      EntityService entities,
      RealtimeFeed feed,
      Webhooks webhooks,
      EdgeEventsProperties properties) {
    return new DeviceEvents(
        (app, device) ->
            applications
                .find(app)
                .flatMap(application -> entities.find(application, DEVICES, device))
                .orElse(null),
        feed::appendEvent,
        webhooks::submit,
        properties.lanes(),
        properties.capacity(),
        properties.entityCache(),
        Ticker.systemTicker());
  }
}
