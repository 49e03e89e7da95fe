package io.meridian.edge;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.CorruptedFrameException;
import io.netty.handler.codec.TooLongFrameException;
import java.util.List;

/**
 * Cuts the byte stream into whole MQTT packets before {@link
 * io.netty.handler.codec.mqtt.MqttDecoder} sees them, and refuses a packet as soon as its fixed
 * header announces more than the limit. The decoder alone reads a packet's variable header (an MQTT
 * 5 CONNECT's properties may run to 256 MB) before it checks the length, so a client could make it
 * buffer far more than the limit.
 */
final class MqttFrames extends ByteToMessageDecoder {
  private final int maxRemainingLength;

  MqttFrames(int maxRemainingLength) {
    this.maxRemainingLength = maxRemainingLength;
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    while (in.isReadable()) {
      int start = in.readerIndex();
      int readable = in.readableBytes();
      int remaining = 0;
      int headerLength = 1;
      while (true) {
        if (headerLength >= readable) {
          return; // the rest of the fixed header is still to come
        }
        int digit = in.getUnsignedByte(start + headerLength);
        remaining |= (digit & 0x7F) << (7 * (headerLength - 1));
        headerLength++;
        if ((digit & 0x80) == 0) {
          break;
        }
        if (headerLength > 4) {
          in.skipBytes(readable);
          throw new CorruptedFrameException("MQTT remaining length longer than 4 bytes");
        }
      }
      if (remaining > maxRemainingLength) {
        in.skipBytes(readable);
        throw new TooLongFrameException(
            "MQTT packet of " + remaining + " bytes, over the limit of " + maxRemainingLength);
      }
      if (readable < headerLength + remaining) {
        return;
      }
      out.add(in.readRetainedSlice(headerLength + remaining));
    }
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    EdgeServer.refused(ctx.channel(), cause);
  }
}
