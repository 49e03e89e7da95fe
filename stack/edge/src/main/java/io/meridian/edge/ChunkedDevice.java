package io.meridian.edge;

import io.meridian.core.device.DeviceHub;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;

/**
 * A device attached over Cometa's HTTP chunks: the last handler of its connection once attached,
 * and its session in the hub. Each chunk from the device is a heartbeat ({@code 0x06}), an upstream
 * event ({@code 0x07} and its payload) or an RPC reply; each RPC request goes to it as one chunk.
 */
final class ChunkedDevice extends DeviceConnection<Object> {
  static final byte HEARTBEAT = 0x06;
  static final byte UPSTREAM = 0x07;

  ChunkedDevice(DeviceHub hub, Channel channel, Attached attached) {
    super(Object.class, false, hub, channel, attached);
  }

  @Override
  void received(ChannelHandlerContext ctx, Object message) {
    byte[] data = (byte[]) message;
    received(hub, this, data);
  }

  /**
   * One message from a Cometa device, chunk or frame: a heartbeat ({@code 0x06}), an upstream event
   * ({@code 0x07} and its payload), or else the reply to the RPC outstanding.
   */
  static void received(DeviceHub hub, EdgeSession session, byte[] data) {
    if (data.length == 1 && data[0] == HEARTBEAT) {
      hub.heartbeat(session, data.length);
    } else if (data.length > 0 && data[0] == UPSTREAM) {
      byte[] payload = new byte[data.length - 1];
      System.arraycopy(data, 1, payload, 0, payload.length);
      hub.event(session, payload);
    } else {
      hub.reply(session, data);
    }
  }

  @Override
  public void deliver(byte[] message) {
    channel.writeAndFlush(CometaChunks.encode(channel.alloc(), message), channel.voidPromise());
  }

  @Override
  public String transport() {
    return "http";
  }
}
