package io.meridian.edge;

import io.meridian.core.device.DeviceHub;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;

/**
 * What every transport's attached device is: the last handler of its connection, and its session in
 * the hub. It notes when the device last said anything, detaches it when the connection closes and
 * refuses the connection on a failure; the transport reads the messages.
 *
 * <p>Kept small: one of these per attached device is most of what an idle device costs.
 *
 * @param <I> the messages the transport's decoders hand over
 */
abstract class DeviceConnection<I> extends SimpleChannelInboundHandler<I> implements EdgeSession {
  final DeviceHub hub;
  final Channel channel;
  private final Attached attached;
  private volatile long lastSeen;

  /**
   * @param autoRelease whether each message is released once read (reference-counted frames)
   */
  DeviceConnection(
      Class<I> messages, boolean autoRelease, DeviceHub hub, Channel channel, Attached attached) {
    super(messages, autoRelease);
    this.hub = hub;
    this.channel = channel;
    this.attached = attached;
    this.lastSeen = System.nanoTime();
  }

  @Override
  protected final void channelRead0(ChannelHandlerContext ctx, I message) {
    lastSeen = System.nanoTime();
    received(ctx, message);
  }

  /** One message from the device. */
  abstract void received(ChannelHandlerContext ctx, I message);

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    hub.detach(this, "connection closed");
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    EdgeServer.refused(ctx.channel(), cause);
  }

  @Override
  public void close() {
    channel.close();
  }

  @Override
  public Attached attached() {
    return attached;
  }

  @Override
  public long lastSeen() {
    return lastSeen;
  }
}
