package io.meridian.rest.edge;

import io.meridian.core.device.DeviceHub;
import io.meridian.rest.config.EdgeProperties;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.mqtt.MqttDecoder;
import io.netty.handler.codec.mqtt.MqttEncoder;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
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
  private final EventLoopGroup boss = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
  private final EventLoopGroup workers =
      new MultiThreadIoEventLoopGroup(
          Math.max(1, Runtime.getRuntime().availableProcessors()), NioIoHandler.newFactory());
  private final ExecutorService admissions;
  private Channel listener;

  MqttServer(EdgeProperties properties, DeviceHub hub, DeviceAdmission admission) {
    this.properties = properties;
    this.hub = hub;
    this.admission = admission;
    this.admissions =
        new ThreadPoolExecutor(
            1,
            2,
            30,
            TimeUnit.SECONDS,
            new LinkedBlockingQueue<>(65_536),
            runnable -> {
              Thread thread = new Thread(runnable, "mqtt-admission");
              thread.setDaemon(true);
              return thread;
            },
            new ThreadPoolExecutor.AbortPolicy());
  }

  /** Opens the MQTT port, unless {@code mqtt-port} is -1. */
  public void start() {
    if (properties.mqttPort() < 0) {
      log.info("MQTT device port disabled (meridian.edge.mqtt-port=-1)");
      return;
    }
    int maxPacket = properties.maxMessageBytes() + HEADROOM;
    ServerBootstrap bootstrap =
        new ServerBootstrap()
            .group(boss, workers)
            .channel(NioServerSocketChannel.class)
            .option(ChannelOption.SO_BACKLOG, 4096)
            .childOption(ChannelOption.TCP_NODELAY, true)
            .childOption(ChannelOption.SO_KEEPALIVE, true)
            .childHandler(
                new ChannelInitializer<SocketChannel>() {
                  @Override
                  protected void initChannel(SocketChannel channel) {
                    ChannelPipeline pipeline = channel.pipeline();
                    pipeline.addLast("frames", new MqttFrames(maxPacket));
                    pipeline.addLast("decoder", new MqttDecoder(maxPacket, MAX_CLIENT_ID, true));
                    pipeline.addLast("encoder", MqttEncoder.INSTANCE);
                    pipeline.addLast(
                        MqttConnect.NAME,
                        new MqttConnect(
                            hub,
                            admission,
                            admissions,
                            properties.heartbeat(),
                            properties.maxMessageBytes(),
                            properties.attachTimeout()));
                  }
                });
    ChannelFuture bound =
        bootstrap
            .bind(new InetSocketAddress(properties.bindAddress(), properties.mqttPort()))
            .awaitUninterruptibly();
    if (!bound.isSuccess()) {
      close();
      throw new IllegalStateException(
          "The MQTT device port "
              + properties.bindAddress()
              + ":"
              + properties.mqttPort()
              + " cannot be opened ("
              + bound.cause().getMessage()
              + "): set meridian.edge.mqtt-port to a free port (0: any), or -1 for no MQTT");
    }
    listener = bound.channel();
    log.info("MQTT device port listening on port {}", port());
  }

  /** The bound port (the configured one, or the one the system chose for 0); -1 when off. */
  public int port() {
    return listener == null ? -1 : ((InetSocketAddress) listener.localAddress()).getPort();
  }

  @Override
  public void close() {
    if (listener != null) {
      listener.close().syncUninterruptibly();
    }
    admissions.shutdownNow();
    workers.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    boss.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
  }
}
