package io.meridian.edge;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The device edge: Cometa's device protocol (HTTP chunks and WebSocket) and MQTT, each on a port of
 * its own, and the RPCs applications send to devices.
 *
 * @param enabled whether this node opens the device ports at all
 * @param bindAddress the address both device ports listen on
 * @param port Cometa's device protocol, HTTP/1.1 chunks or WebSocket (0: any free port)
 * @param mqttPort MQTT 3.1.1 and 5 (0: any free port; -1: no MQTT)
 * @param heartbeat the heartbeat a device is told at attach; silent for 1.5 times it, it is
 *     detached
 * @param rpcTimeout how long an RPC waits for the device's reply unless the caller asks less
 * @param maxRpcTimeout the longest timeout a caller may ask
 * @param maxQueued plain RPCs that may wait for one device beyond the one outstanding
 * @param maxInFlight JSON-RPC correlated RPCs in flight to one device
 * @param maxMessageBytes the largest chunk, frame or PUBLISH either side may send
 * @param maxInfoBytes the largest attach body (the device's info string)
 * @param attachTimeout how long a connection may take to complete its attach request
 * @param advertisedAddress the base URL other nodes relay RPCs to this node at (empty: this node's
 *     API port on 127.0.0.1)
 * @param nodeBeat how often this node says it is alive in the registry
 * @param nodeTimeout a node silent this long is dead: its devices are marked disconnected
 * @param statsInterval how often this node writes its statistics for the cross-node sums
 * @param presenceRefresh how often an attached device's entity gets its {@code last_heartbeat}
 */
@ConfigurationProperties("meridian.edge")
public record EdgeProperties(
    @DefaultValue("true") boolean enabled,
    @DefaultValue("0.0.0.0") String bindAddress,
    @DefaultValue("8090") int port,
    @DefaultValue("1883") int mqttPort,
    @DefaultValue("60s") Duration heartbeat,
    @DefaultValue("10s") Duration rpcTimeout,
    @DefaultValue("60s") Duration maxRpcTimeout,
    @DefaultValue("32") int maxQueued,
    @DefaultValue("16") int maxInFlight,
    @DefaultValue("65536") int maxMessageBytes,
    @DefaultValue("4096") int maxInfoBytes,
    @DefaultValue("10s") Duration attachTimeout,
    @DefaultValue("") String advertisedAddress,
    @DefaultValue("1s") Duration nodeBeat,
    @DefaultValue("5s") Duration nodeTimeout,
    @DefaultValue("2s") Duration statsInterval,
    @DefaultValue("5m") Duration presenceRefresh) {

  public EdgeProperties {
    if (port < 0 || port > 65535 || mqttPort < -1 || mqttPort > 65535) {
      throw new IllegalArgumentException("meridian.edge: port 0..65535, mqtt-port -1..65535");
    }
    if (heartbeat.toSeconds() < 1 || rpcTimeout.isNegative() || rpcTimeout.isZero()) {
      throw new IllegalArgumentException(
          "meridian.edge: heartbeat at least 1s, rpc-timeout positive");
    }
    if (maxRpcTimeout.compareTo(rpcTimeout) < 0) {
      throw new IllegalArgumentException("meridian.edge.max-rpc-timeout must be >= rpc-timeout");
    }
    if (maxQueued < 0 || maxInFlight < 1 || maxMessageBytes < 256 || maxInfoBytes < 64) {
      throw new IllegalArgumentException(
          "meridian.edge: max-queued >= 0, max-in-flight >= 1, max-message-bytes >= 256,"
              + " max-info-bytes >= 64");
    }
    if (nodeTimeout.compareTo(nodeBeat.multipliedBy(2)) < 0) {
      throw new IllegalArgumentException(
          "meridian.edge.node-timeout must be at least twice node-beat");
    }
  }
}
