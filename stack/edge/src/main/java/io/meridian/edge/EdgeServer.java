package io.meridian.edge;

import io.meridian.core.device.DeviceHub;
import io.meridian.core.device.DeviceSession;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The device port: a Netty listener of its own (Tomcat never holds a device), where devices attach
 * with Cometa's protocol and stay attached. Also detaches devices that fell silent: one sweep a
 * second over the hub, rather than a timer per connection, which an idle device would pay for.
 */
public final class EdgeServer implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(EdgeServer.class);
  static final String HTTP = "http";
  static final String AGGREGATE = "aggregate";
  static final String ATTACH = "attach";

  private final EdgeProperties properties;
  private final DeviceHub hub;
  private final DeviceAdmission admission;
  private final EdgePort port = new EdgePort("device port");
  private ScheduledFuture<?> sweep;

  EdgeServer(EdgeProperties properties, DeviceHub hub, DeviceAdmission admission) {
    this.properties = properties;
    this.hub = hub;
    this.admission = admission;
  }

  /** Opens the device port. */
  public void start() {
    port.open(
        properties.bindAddress(),
        properties.port(),
        "set meridian.edge.port to a free port (0: any), or meridian.edge.enabled=false",
        pipeline -> {
          pipeline.addLast(HTTP, new HttpServerCodec(4096, 8192, 8192));
          pipeline.addLast(AGGREGATE, new HttpObjectAggregator(properties.maxInfoBytes()));
          pipeline.addLast(
              ATTACH,
              new DeviceAttach(
                  hub,
                  admission,
                  properties.heartbeat(),
                  properties.maxMessageBytes(),
                  properties.attachTimeout()));
        });
    sweep = port.workers().next().scheduleAtFixedRate(this::detachSilent, 1, 1, TimeUnit.SECONDS);
    log.info("Device edge listening on port {}", port());
  }

  /** The bound port (the configured one, or the one the system chose for 0). */
  public int port() {
    return port.port();
  }

  /** Closes the connection of every device silent for more than 1.5 times its heartbeat. */
  void detachSilent() {
    long now = System.nanoTime();
    for (DeviceSession session : hub.sessions()) {
      if (session instanceof EdgeSession edge
          && now - edge.lastSeen() > session.heartbeat().toNanos() * 3 / 2) {
        edge.close();
      }
    }
  }

  /**
   * Switches an attached connection from HTTP to Cometa's chunks: bytes the HTTP decoder had
   * buffered flow on to the chunk decoder.
   */
  static void switchToChunks(
      ChannelHandlerContext attach, int maxMessageBytes, ChannelHandler device) {
    ChannelPipeline pipeline = attach.pipeline();
    pipeline.addAfter(HTTP, "chunks", new CometaChunks(maxMessageBytes));
    pipeline.addAfter("chunks", "device", device);
    pipeline.remove(AGGREGATE);
    pipeline.remove(ATTACH);
    pipeline.remove(HTTP);
  }

  /** A connection that broke the protocol or failed: closed, without harming any other. */
  static void refused(Channel channel, Throwable cause) {
    log.debug("Closing device connection {}: {}", channel.remoteAddress(), cause.toString());
    channel.close();
  }

  @Override
  public void close() {
    if (sweep != null) {
      sweep.cancel(false);
    }
    port.close();
  }
}
