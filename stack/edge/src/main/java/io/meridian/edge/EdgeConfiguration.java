package io.meridian.edge;

import io.meridian.core.app.ApplicationService;
import io.meridian.core.common.ConnectionQuota;
import io.meridian.core.device.DeviceHub;
import io.meridian.core.device.DeviceSecrets;
import io.meridian.core.device.DeviceTakeovers;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The device ports of this node, Cometa's and MQTT, over Netty. What they attach devices to (the
 * hub, its observers, RPC routing) is core's, wired by the assembling module.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({
  EdgeProperties.class,
  EdgeLimits.class,
  EdgeEventsProperties.class,
  WebhookProperties.class
})
public class EdgeConfiguration {
  /** The devices each address and application may hold attached to this node, both transports. */
  @Bean
  ConnectionQuota deviceAttachQuota(EdgeLimits limits) {
    return new ConnectionQuota(
        "attached_devices", limits.attachmentsPerAddress(), 0, limits.attachmentsPerApplication());
  }

  @Bean(destroyMethod = "close")
  DeviceAdmission deviceAdmission(
      ApplicationService applications,
      DeviceSecrets secrets,
      DeviceTakeovers takeovers,
      @Qualifier("deviceAttachQuota") ConnectionQuota attachments) {
    return new DeviceAdmission(applications, secrets, takeovers, attachments);
  }

  @Bean(initMethod = "start", destroyMethod = "close")
  @ConditionalOnProperty(name = "meridian.edge.enabled", matchIfMissing = true)
  EdgeServer edgeServer(EdgeProperties properties, DeviceHub hub, DeviceAdmission admission) {
    return new EdgeServer(properties, hub, admission);
  }

  /** The MQTT device port; it opens nothing when {@code mqtt-port} is -1. */
  @Bean(initMethod = "start", destroyMethod = "close")
  @ConditionalOnProperty(name = "meridian.edge.enabled", matchIfMissing = true)
  MqttServer mqttServer(EdgeProperties properties, DeviceHub hub, DeviceAdmission admission) {
    return new MqttServer(properties, hub, admission);
  }
}
