package io.meridian.server.device;

import com.datastax.oss.driver.api.core.CqlSession;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.common.ConnectionQuota;
import io.meridian.core.counter.CounterService;
import io.meridian.core.device.CassandraDeviceRegistry;
import io.meridian.core.device.DeviceEntities;
import io.meridian.core.device.DeviceEvents;
import io.meridian.core.device.DeviceHub;
import io.meridian.core.device.DevicePresence;
import io.meridian.core.device.DeviceRegistry;
import io.meridian.core.device.DeviceRpc;
import io.meridian.core.device.DeviceSecrets;
import io.meridian.core.device.DeviceTakeovers;
import io.meridian.core.device.EdgeNode;
import io.meridian.core.device.EdgeNodes;
import io.meridian.core.device.EdgeStats;
import io.meridian.core.device.EntityDevices;
import io.meridian.core.device.RpcRelay;
import io.meridian.core.entity.EntityService;
import io.meridian.edge.EdgeLimits;
import io.meridian.edge.EdgeProperties;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.web.server.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Core's device edge: the hub of this node's attached devices and its observers, devices as
 * entities with presence, the registry of which node holds each device, the liveness of nodes, and
 * where an RPC is served. The ports devices attach through are the edge module's; the relay to
 * another node is the HTTP API's ({@link RpcRelay}).
 */
@Configuration(proxyBeanMethods = false)
public class DeviceConfiguration {
  /** Writers of presence, each device always on the same one; and the writes each may queue. */
  private static final int PRESENCE_WRITERS = 4;

  private static final int PRESENCE_QUEUE = 16_384;

  @Bean
  EdgeNode edgeNode(EdgeProperties properties) {
    return new EdgeNode(properties.advertisedAddress());
  }

  @Bean
  DeviceRegistry deviceRegistry(CqlSession session) {
    return new CassandraDeviceRegistry(session);
  }

  @Bean
  DeviceEntities deviceEntities(
      EntityService entities, ApplicationService applications, CounterService counters) {
    return new EntityDevices(entities, applications, counters);
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

  @Bean
  DeviceTakeovers deviceTakeovers(
      DeviceRegistry registry,
      EdgeNodes nodes,
      EdgeNode node,
      DeviceEntities entities,
      Clock clock) {
    return new DeviceTakeovers(registry, nodes, node.id(), entities, clock);
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
   * The hub of the devices attached to this node, and everything that observes it, in the order
   * each event is told to them: upstream events (to the real-time feed and webhooks), the edge's
   * statistics, then presence and the device registry. A new observer is one parameter here and its
   * place in the list. Closed after both device ports (which depend on it), so that devices of
   * every transport are detached as this node stops, whichever ports are open. A device whose
   * secret is revoked or rotated is detached as soon as this node learns of it.
   */
  @Bean(destroyMethod = "closeAll")
  DeviceHub deviceHub(
      DeviceEvents events,
      EdgeStats stats,
      DevicePresence presence,
      ScheduledExecutorService edgeTimer,
      EdgeProperties properties,
      DeviceSecrets secrets) {
    DeviceHub hub =
        new DeviceHub(
            List.of(events, stats, presence),
            edgeTimer,
            properties.maxQueued(),
            properties.maxInFlight());
    secrets.onChange(app -> hub.detachWhere(app, secrets::holds, "secret revoked"));
    return hub;
  }

  /** The RPCs each caller and application may have waiting for devices on this node. */
  @Bean
  ConnectionQuota deviceRpcQuota(EdgeLimits limits) {
    return new ConnectionQuota(
        "waiting_rpcs", 0, limits.rpcsPerCaller(), limits.rpcsPerApplication());
  }

  /** Where an application's RPC to a device is served: here, or on the node holding the device. */
  @Bean
  DeviceRpc deviceRpc(
      DeviceHub hub,
      DeviceRegistry registry,
      EdgeNodes nodes,
      EdgeNode node,
      RpcRelay relay,
      EdgeProperties properties,
      @Qualifier("deviceRpcQuota") ConnectionQuota waiting) {
    return new DeviceRpc(
        hub,
        registry,
        nodes,
        node,
        relay,
        properties.rpcTimeout(),
        properties.maxRpcTimeout(),
        properties.maxMessageBytes(),
        waiting);
  }
}
