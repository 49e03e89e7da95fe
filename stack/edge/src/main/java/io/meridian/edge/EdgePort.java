package io.meridian.edge;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A listening port of the device edge (Cometa's or MQTT's): Netty event loops of its own, the
 * options every device connection gets, and a start that fails with what to set when the port is
 * taken.
 */
final class EdgePort implements AutoCloseable {
  private final String name;
  private final EventLoopGroup boss = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
  private final EventLoopGroup workers =
      new MultiThreadIoEventLoopGroup(
          Math.max(1, Runtime.getRuntime().availableProcessors()), NioIoHandler.newFactory());
  private Channel listener;

  /**
   * @param name what the port is, for operators ("device port", "MQTT device port")
   */
  EdgePort(String name) {
    this.name = name;
  }

  /**
   * Listens; each connection's pipeline is built by {@code pipeline}. A port that cannot be opened
   * stops the start, with {@code remedy} (what to set instead).
   */
  void open(String address, int port, String remedy, Consumer<ChannelPipeline> pipeline) {
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
                    pipeline.accept(channel.pipeline());
                  }
                });
    ChannelFuture bound =
        bootstrap.bind(new InetSocketAddress(address, port)).awaitUninterruptibly();
    if (!bound.isSuccess()) {
      close();
      throw new IllegalStateException(
          "The "
              + name
              + " "
              + address
              + ":"
              + port
              + " cannot be opened ("
              + bound.cause().getMessage()
              + "): "
              + remedy);
    }
    listener = bound.channel();
  }

  /** The bound port (the configured one, or the one the system chose for 0); -1 when not open. */
  int port() {
    return listener == null ? -1 : ((InetSocketAddress) listener.localAddress()).getPort();
  }

  EventLoopGroup workers() {
    return workers;
  }

  /** The device's address as this node sees it. */
  static String address(Channel channel) {
    return channel.remoteAddress() instanceof InetSocketAddress inet
        ? inet.getAddress().getHostAddress()
        : String.valueOf(channel.remoteAddress());
  }

  /** Closes the connection unless the attach completes in time (slowloris): cancel when it does. */
  static ScheduledFuture<?> attachDeadline(ChannelHandlerContext ctx, Duration timeout) {
    return ctx.executor()
        .schedule(() -> ctx.channel().close(), timeout.toMillis(), TimeUnit.MILLISECONDS);
  }

  @Override
  public void close() {
    if (listener != null) {
      listener.close().syncUninterruptibly();
    }
    workers.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    boss.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
  }
}
