package io.meridian.edge;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.CorruptedFrameException;
import io.netty.handler.codec.TooLongFrameException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * HTTP/1.1 chunks as Cometa devices write them after their attach: a hex size line, the data, a
 * line end. Parsed leniently, as devices in the field do it: line ends are CRLF or a bare LF, blank
 * lines between chunks are skipped, and a size that counts the data's own line end (old SDKs write
 * {@code 2\n\x06\n} for a heartbeat, and reply sizes that include the CRLF) gives the data without
 * it. A size line that is not hex, or a size over the limit, ends the connection.
 */
final class CometaChunks extends ByteToMessageDecoder {
  /** Hex digits of the largest size line accepted, extensions included. */
  private static final int MAX_SIZE_LINE = 32;

  private final int maxMessageBytes;
  private int expected = -1;

  CometaChunks(int maxMessageBytes) {
    this.maxMessageBytes = maxMessageBytes;
  }

  /** One chunk as a server writes it: size, CRLF, data, CRLF. */
  static ByteBuf encode(ByteBufAllocator allocator, byte[] data) {
    byte[] size = Integer.toHexString(data.length).getBytes(StandardCharsets.US_ASCII);
    ByteBuf chunk = allocator.buffer(size.length + data.length + 4);
    chunk.writeBytes(size).writeByte('\r').writeByte('\n');
    chunk.writeBytes(data).writeByte('\r').writeByte('\n');
    return chunk;
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    while (true) {
      if (expected < 0) {
        int size = sizeLine(in);
        if (size == -1) {
          return; // not a whole line yet
        }
        if (size == -2) {
          continue; // a blank line between chunks
        }
        expected = size;
      }
      if (in.readableBytes() < expected) {
        return;
      }
      byte[] data = new byte[dataLength(in, expected)];
      in.readBytes(data);
      in.skipBytes(expected - data.length);
      boolean countedLineEnd = data.length < expected;
      expected = -1;
      if (!countedLineEnd) {
        skipLineEnd(in);
      }
      out.add(data);
    }
  }

  /**
   * Reads a size line: the size, -1 when the line is incomplete (nothing consumed), -2 for a blank
   * line (consumed).
   */
  private int sizeLine(ByteBuf in) {
    int end =
        in.forEachByte(
            in.readerIndex(), Math.min(in.readableBytes(), MAX_SIZE_LINE + 2), b -> b != '\n');
    if (end < 0) {
      if (in.readableBytes() > MAX_SIZE_LINE + 1) {
        throw new CorruptedFrameException("chunk size line too long");
      }
      return -1;
    }
    int start = in.readerIndex();
    int lineEnd = end > start && in.getByte(end - 1) == '\r' ? end - 1 : end;
    in.readerIndex(end + 1);
    if (lineEnd == start) {
      return -2;
    }
    long size = 0;
    for (int i = start; i < lineEnd; i++) {
      byte b = in.getByte(i);
      if (b == ';' || b == ' ' || b == '\t') {
        break; // chunk extensions and trailing blanks are ignored
      }
      int digit = Character.digit(b, 16);
      if (digit < 0) {
        throw new CorruptedFrameException("chunk size is not hexadecimal");
      }
      size = size * 16 + digit;
      if (size > maxMessageBytes) {
        throw new TooLongFrameException("chunk larger than " + maxMessageBytes + " bytes");
      }
    }
    return (int) size;
  }

  /** The data's length: the size, less a line end the size counted. */
  private static int dataLength(ByteBuf in, int size) {
    int last = in.readerIndex() + size - 1;
    if (size >= 2 && in.getByte(last) == '\n' && in.getByte(last - 1) == '\r') {
      return size - 2;
    }
    if (size >= 1 && in.getByte(last) == '\n') {
      return size - 1;
    }
    return size;
  }

  /** Skips the line end after a chunk's data, if it has arrived (else the blank-line rule does). */
  private static void skipLineEnd(ByteBuf in) {
    if (in.isReadable() && in.getByte(in.readerIndex()) == '\r') {
      in.skipBytes(1);
    }
    if (in.isReadable() && in.getByte(in.readerIndex()) == '\n') {
      in.skipBytes(1);
    }
  }
}
