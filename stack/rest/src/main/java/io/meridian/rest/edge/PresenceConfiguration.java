package io.meridian.rest.edge;

import com.datastax.oss.driver.api.core.CqlSession;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.device.CassandraDeviceRegistry;
import io.meridian.core.device.DeviceEntities;
import io.meridian.core.device.DevicePresence;
import io.meridian.core.device.DeviceRegistry;
import io.meridian.core.device.EdgeNodes;
import io.meridian.core.device.EntityDevices;
import io.meridian.core.entity.EntityService;
import io.meridian.rest.config.EdgeProperties;
import java.time.Clock;
import java.time.Duration;
import org.springframework.boot.web.server.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Devices as entities with presence, the registry of which node holds each device, the liveness of
 * nodes, and the relay of RPCs to the node holding a device.
 */
@Configuration(proxyBeanMethods = false)
public class PresenceConfiguration {
  /** Writers of presence, each device always on the same one; and the writes each may queue. */
  private static final int PRESENCE_WRITERS = 4;

  private static final int PRESENCE_QUEUE = 16_384;

  /** How long beyond an RPC's timeout a relayed RPC may take: the other node answers at it. */
  private static final Duration RELAY_MARGIN = Duration.ofSeconds(2);

  private static final Duration RELAY_CONNECT_TIMEOUT = Duration.ofSeconds(2);

  @Bean
  EdgeNode edgeNode(EdgeProperties properties) {
    return new EdgeNode(properties.advertisedAddress());
  }

  @Bean
  DeviceRegistry deviceRegistry(CqlSession session) {
    return new CassandraDeviceRegistry(session);
  }

  @Bean
  DeviceEntities deviceEntities(EntityService entities, ApplicationService applications) {
    return new EntityDevices(entities, applications);
  }

  /** An {@link io.meridian.core.device.EdgeObserver}: the hub tells it every attach and detach. */
  @Bean(destroyMethod = "close")
  DevicePresence devicePresence(
      DeviceRegistry registry,
      DeviceEntities entities,
      EdgeNode node,
      EdgeProperties properties,
      Clock clock) {
    return new DevicePresence(
        registry,
        entities,
        node.id(),
        node::address,
        clock,
        properties.presenceRefresh(),
        PRESENCE_WRITERS,
        PRESENCE_QUEUE);
  }

  @Bean(destroyMethod = "close")
  EdgeNodes edgeNodes(
      DeviceRegistry registry,
      DeviceEntities entities,
      EdgeNode node,
      EdgeProperties properties,
      Clock clock) {
    return new EdgeNodes(
        registry,
        entities,
        node.id(),
        node::address,
        clock,
        properties.nodeBeat(),
        properties.nodeTimeout());
  }

  /** Once the API listens, this node has its address and begins to beat. */
  @Bean
  ApplicationListener<WebServerInitializedEvent> edgeNodeListening(EdgeNode node, EdgeNodes nodes) {
    return event -> {
      if (event.getApplicationContext().getServerNamespace() == null) {
        node.listening(event.getWebServer().getPort());
        nodes.start();
      }
    };
  }

  @Bean
  DeviceRelay deviceRelay() {
    return new DeviceRelay(RELAY_CONNECT_TIMEOUT, RELAY_MARGIN);
  }
}
