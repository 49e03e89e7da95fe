package io.meridian.edge;

import io.meridian.core.device.DeviceHub;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PongWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import java.nio.charset.StandardCharsets;

/**
 * A device attached over Cometa's WebSocket form: one message per frame, with the same first bytes
 * as the chunks ({@code 0x06} heartbeat, {@code 0x07} upstream event, anything else a reply). RPC
 * requests go as text frames when they are UTF-8, binary frames otherwise. A ping is a heartbeat.
 */
final class WebSocketDevice extends DeviceConnection<WebSocketFrame> {
  WebSocketDevice(DeviceHub hub, Channel channel, Attached attached) {
    super(WebSocketFrame.class, true, hub, channel, attached);
  }

  @Override
  void received(ChannelHandlerContext ctx, WebSocketFrame frame) {
    if (frame instanceof PingWebSocketFrame) {
      ctx.writeAndFlush(new PongWebSocketFrame(frame.content().retain()));
      hub.heartbeat(this, frame.content().readableBytes());
      return;
    }
    if (frame instanceof CloseWebSocketFrame) {
      ctx.writeAndFlush(new CloseWebSocketFrame(1000, null)).addListener(f -> ctx.close());
      return;
    }
    if (!(frame instanceof TextWebSocketFrame || frame instanceof BinaryWebSocketFrame)) {
      return; // pongs and continuation frames (the aggregator joins fragments before this)
    }
    byte[] data = ByteBufUtil.getBytes(frame.content());
    ChunkedDevice.received(hub, this, data);
  }

  @Override
  public void deliver(byte[] message) {
    WebSocketFrame frame =
        isUtf8(message)
            ? new TextWebSocketFrame(Unpooled.wrappedBuffer(message))
            : new BinaryWebSocketFrame(Unpooled.wrappedBuffer(message));
    channel.writeAndFlush(frame, channel.voidPromise());
  }

  private static boolean isUtf8(byte[] message) {
    return ByteBufUtil.isText(Unpooled.wrappedBuffer(message), StandardCharsets.UTF_8);
  }

  @Override
  public String transport() {
    return "websocket";
  }
}
