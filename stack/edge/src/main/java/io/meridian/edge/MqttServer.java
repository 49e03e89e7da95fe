package io.meridian.edge;

import io.meridian.core.device.DeviceHub;
import io.netty.handler.codec.mqtt.MqttDecoder;
import io.netty.handler.codec.mqtt.MqttEncoder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The MQTT device port ({@code meridian.edge.mqtt-port}): devices speak MQTT 3.1.1 or 5 to the same
 * hub as Cometa's devices. The client id is the device id, the user name the application key, the
 * password the device secret; see {@link MqttDevice} for the topics. Silent devices are detached by
 * {@link EdgeServer}'s sweep over the hub, as the HTTP ones are: no timer per connection once
 * attached.
 */
public final class MqttServer implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(MqttServer.class);

  /**
   * What a packet may hold beyond its payload: a topic of this edge (under 100 bytes), a packet id
   * and MQTT 5 properties.
   */
  static final int HEADROOM = 1024;

  /** The longest client id MQTT 3.1 may send: as long as a device id may be. */
  private static final int MAX_CLIENT_ID = 64;

  private final EdgeProperties properties;
  private final DeviceHub hub;
  private final DeviceAdmission admission;
  private final EdgePort port = new EdgePort("MQTT device port");

  MqttServer(EdgeProperties properties, DeviceHub hub, DeviceAdmission admission) {
    this.properties = properties;
    this.hub = hub;
    this.admission = admission;
  }

  /** Opens the MQTT port, unless {@code mqtt-port} is -1. */
  public void start() {
    if (properties.mqttPort() < 0) {
      log.info("MQTT device port disabled (meridian.edge.mqtt-port=-1)");
      return;
    }
    int maxPacket = properties.maxMessageBytes() + HEADROOM;
    port.open(
        properties.bindAddress(),
        properties.mqttPort(),
        "set meridian.edge.mqtt-port to a free port (0: any), or -1 for no MQTT",
        pipeline -> {
          pipeline.addLast("frames", new MqttFrames(maxPacket));
          pipeline.addLast("decoder", new MqttDecoder(maxPacket, MAX_CLIENT_ID, true));
          pipeline.addLast("encoder", MqttEncoder.INSTANCE);
          pipeline.addLast(
              MqttConnect.NAME,
              new MqttConnect(
                  hub,
                  admission,
                  properties.heartbeat(),
                  properties.maxMessageBytes(),
                  properties.attachTimeout()));
        });
    log.info("MQTT device port listening on port {}", port());
  }

  /** The bound port (the configured one, or the one the system chose for 0); -1 when off. */
  public int port() {
    return port.port();
  }

  @Override
  public void close() {
    port.close();
  }
}
