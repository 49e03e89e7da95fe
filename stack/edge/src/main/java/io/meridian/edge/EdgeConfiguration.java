package io.meridian.edge;

import io.meridian.core.app.ApplicationService;
import io.meridian.core.device.DeviceHub;
import io.meridian.core.device.DeviceSecrets;
import io.meridian.core.device.DeviceTakeovers;
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
  EdgeEventsProperties.class,
  WebhookProperties.class
})
public class EdgeConfiguration {
  @Bean(destroyMethod = "close")
  DeviceAdmission deviceAdmission(
      ApplicationService applications, DeviceSecrets secrets, DeviceTakeovers takeovers) {
    return new DeviceAdmission(applications, secrets, takeovers);
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
