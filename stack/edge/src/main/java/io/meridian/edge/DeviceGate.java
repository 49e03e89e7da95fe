package io.meridian.edge;

import io.meridian.core.device.DeviceHub;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;

/**
 * The handler of a device's connection until the device is attached, for every transport: the
 * device must be admitted within the attach timeout or its connection is closed; once attached, its
 * {@link DeviceConnection} takes over.
 *
 * @param <I> the messages the transport's decoders hand over
 */
abstract class DeviceGate<I> extends SimpleChannelInboundHandler<I> {
  final DeviceHub hub;
  final DeviceAdmission admission;
  final Duration heartbeat;
  final int maxMessageBytes;
  private final Duration attachTimeout;
  private ScheduledFuture<?> deadline;

  /**
   * @param autoRelease whether each message is released once read
   * @param heartbeat the heartbeat a device gets unless it asks for another
   */
  DeviceGate(
      Class<I> messages,
      boolean autoRelease,
      DeviceHub hub,
      DeviceAdmission admission,
      Duration heartbeat,
      int maxMessageBytes,
      Duration attachTimeout) {
    super(messages, autoRelease);
    this.hub = hub;
    this.admission = admission;
    this.heartbeat = heartbeat;
    this.maxMessageBytes = maxMessageBytes;
    this.attachTimeout = attachTimeout;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    deadline = EdgePort.attachDeadline(ctx, attachTimeout);
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    deadline.cancel(false);
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    EdgeServer.refused(ctx.channel(), cause);
  }
}
