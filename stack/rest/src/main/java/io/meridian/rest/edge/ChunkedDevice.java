package io.meridian.rest.edge;

import io.meridian.core.device.DeviceHub;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

/**
 * A device attached over Cometa's HTTP chunks: the last handler of its connection once attached,
 * and its session in the hub. Each chunk from the device is a heartbeat ({@code 0x06}), an upstream
 * event ({@code 0x07} and its payload) or an RPC reply; each RPC request goes to it as one chunk.
 *
 * <p>Kept small: one of these per attached device is most of what an idle device costs.
 */
final class ChunkedDevice extends ChannelInboundHandlerAdapter implements EdgeSession {
  static final byte HEARTBEAT = 0x06;
  static final byte UPSTREAM = 0x07;

  private final DeviceHub hub;
  private final Channel channel;
  private final UUID app;
  private final String device;
  private final String remoteAddress;
  private final long attachedAt;
  private final Duration heartbeat;
  private volatile long lastSeen;

  ChunkedDevice(
      DeviceHub hub,
      Channel channel,
      UUID app,
      String device,
      String remoteAddress,
      Duration heartbeat) {
    this.hub = hub;
    this.channel = channel;
    this.app = app;
    this.device = device;
    this.remoteAddress = remoteAddress;
    this.heartbeat = heartbeat;
    this.attachedAt = System.currentTimeMillis();
    this.lastSeen = System.nanoTime();
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object message) {
    byte[] data = (byte[]) message;
    lastSeen = System.nanoTime();
    if (data.length == 1 && data[0] == HEARTBEAT) {
      hub.heartbeat(this, data.length);
    } else if (data.length > 0 && data[0] == UPSTREAM) {
      byte[] payload = new byte[data.length - 1];
      System.arraycopy(data, 1, payload, 0, payload.length);
      hub.event(this, payload);
    } else {
      hub.reply(this, data);
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    hub.detach(this, "connection closed");
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    EdgeServer.refused(ctx.channel(), cause);
  }

  @Override
  public void deliver(byte[] message) {
    channel.writeAndFlush(CometaChunks.encode(channel.alloc(), message), channel.voidPromise());
  }

  @Override
  public void close() {
    channel.close();
  }

  @Override
  public long lastSeen() {
    return lastSeen;
  }

  @Override
  public UUID app() {
    return app;
  }

  @Override
  public String device() {
    return device;
  }

  @Override
  public String transport() {
    return "http";
  }

  @Override
  public String remoteAddress() {
    return remoteAddress;
  }

  @Override
  public Instant attachedAt() {
    return Instant.ofEpochMilli(attachedAt);
  }

  @Override
  public Duration heartbeat() {
    return heartbeat;
  }
}
