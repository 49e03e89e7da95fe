package io.meridian.rest.edge;

import io.meridian.core.app.ApplicationService;
import io.meridian.core.device.DeviceHub;
import io.meridian.core.device.DeviceRegistry;
import io.meridian.core.device.DeviceSecrets;
import io.meridian.core.device.EdgeNodes;
import io.meridian.core.device.EdgeObserver;
import io.meridian.rest.config.EdgeProperties;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The device edge of this node: the hub of attached devices (told to every {@link EdgeObserver}
 * bean) and the device ports, Cometa's and MQTT.
 */
@Configuration(proxyBeanMethods = false)
public class EdgeConfiguration {

  /** RPC deadlines: one thread, cancelled tasks removed at once (most RPCs are answered). */
  @Bean(destroyMethod = "shutdownNow")
  ScheduledExecutorService edgeTimer() {
    ScheduledThreadPoolExecutor timer =
        new ScheduledThreadPoolExecutor(
            1,
            runnable -> {
              Thread thread = new Thread(runnable, "edge-timer");
              thread.setDaemon(true);
              return thread;
            });
    timer.setRemoveOnCancelPolicy(true);
    return timer;
  }

  /**
   * Closed after both device ports (which depend on it), so that devices of every transport are
   * detached as this node stops, whichever ports are open.
   */
  @Bean(destroyMethod = "closeAll")
  DeviceHub deviceHub(
      ObjectProvider<EdgeObserver> observers,
      ScheduledExecutorService edgeTimer,
      EdgeProperties properties) {
    List<EdgeObserver> ordered = observers.orderedStream().toList();
    return new DeviceHub(ordered, edgeTimer, properties.maxQueued(), properties.maxInFlight());
  }

  @Bean(destroyMethod = "close")
  DeviceAdmission deviceAdmission(ApplicationService applications, DeviceSecrets secrets) {
    return new DeviceAdmission(applications, secrets);
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

  @Bean
  DeviceRpc deviceRpc(
      DeviceHub hub,
      DeviceRegistry registry,
      EdgeNodes nodes,
      EdgeNode node,
      DeviceRelay relay,
      EdgeProperties properties) {
    return new DeviceRpc(
        hub,
        registry,
        nodes,
        node,
        relay,
        properties.rpcTimeout(),
        properties.maxRpcTimeout(),
        properties.maxMessageBytes());
  }
}
