package io.meridian.rest.edge;

import io.meridian.core.device.DeviceHub;
import io.meridian.core.device.DeviceSession;
import io.meridian.rest.config.EdgeProperties;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadPoolExecutor;
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
  private final EventLoopGroup boss = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
  private final EventLoopGroup workers =
      new MultiThreadIoEventLoopGroup(
          Math.max(1, Runtime.getRuntime().availableProcessors()), NioIoHandler.newFactory());
  private final ExecutorService admissions;
  private Channel listener;
  private ScheduledFuture<?> sweep;

  EdgeServer(EdgeProperties properties, DeviceHub hub, DeviceAdmission admission) {
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
              Thread thread = new Thread(runnable, "edge-admission");
              thread.setDaemon(true);
              return thread;
            },
            new ThreadPoolExecutor.AbortPolicy());
  }

  /** Opens the device port. */
  public void start() {
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
                    pipeline.addLast(HTTP, new HttpServerCodec(4096, 8192, 8192));
                    pipeline.addLast(
                        AGGREGATE, new HttpObjectAggregator(properties.maxInfoBytes()));
                    pipeline.addLast(
                        ATTACH,
                        new DeviceAttach(
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
            .bind(new InetSocketAddress(properties.bindAddress(), properties.port()))
            .awaitUninterruptibly();
    if (!bound.isSuccess()) {
      close();
      throw new IllegalStateException(
          "The device port "
              + properties.bindAddress()
              + ":"
              + properties.port()
              + " cannot be opened ("
              + bound.cause().getMessage()
              + "): set meridian.edge.port to a free port (0: any), or"
              + " meridian.edge.enabled=false");
    }
    listener = bound.channel();
    sweep = workers.next().scheduleAtFixedRate(this::detachSilent, 1, 1, TimeUnit.SECONDS);
    log.info("Device edge listening on port {}", port());
  }

  /** The bound port (the configured one, or the one the system chose for 0). */
  public int port() {
    return ((InetSocketAddress) listener.localAddress()).getPort();
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
    if (listener != null) {
      listener.close().syncUninterruptibly();
    }
    hub.closeAll();
    admissions.shutdownNow();
    workers.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    boss.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
  }
}
