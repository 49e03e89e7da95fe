package io.meridian.loadtests.edge;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.DecoderException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * Reads the edge's side of an attached device's connection: the attach response's head ({@link
 * EdgeMessage.Head}), then its HTTP/1.1 chunks, one {@link EdgeMessage.Chunk} each (the attach
 * confirmation first, then one per RPC request), then {@link EdgeMessage.End} at the zero chunk.
 *
 * <p>Leniently, as the SDKs' own parsers are: a line may end with LF alone, a chunk's closing CRLF
 * may be missing or doubled (blank lines before a size are skipped), a size may carry extensions
 * ({@code ;name=value}) and spaces. Never leniently past a bound: a head over {@code maxHead}
 * bytes, a size line over 256 bytes, a size that is not hexadecimal or a chunk over {@code
 * maxChunk} bytes is a {@link DecoderException}. A refusal that is not chunked is read as one
 * {@link EdgeMessage.Chunk} of its {@code Content-Length} body, then {@link EdgeMessage.End}.
 *
 * <p>One instance per channel; Netty calls it on the channel's event loop only.
 */
public final class EdgeResponseDecoder extends ByteToMessageDecoder {
  private static final int MAX_SIZE_LINE = 256;

  private enum State {
    HEAD,
    SIZE,
    DATA,
    DATA_END,
    BODY,
    DONE
  }

  private final int maxHead;
  private final int maxChunk;
  private State state = State.HEAD;
  private long remaining;

  public EdgeResponseDecoder(int maxHead, int maxChunk) {
    this.maxHead = maxHead;
    this.maxChunk = maxChunk;
  }

  @Override
  protected void decode(ChannelHandlerContext context, ByteBuf in, List<Object> out) {
    while (in.isReadable()) {
      int before = in.readableBytes();
      State was = state;
      switch (state) {
        case HEAD -> readHead(in, out);
        case SIZE -> readSize(in, out);
        case DATA -> readData(in, out);
        case DATA_END -> readDataEnd(in);
        case BODY -> readBody(in, out);
        case DONE -> in.skipBytes(in.readableBytes());
      }
      if (state == was && in.readableBytes() == before) {
        return; // needs more bytes
      }
    }
  }

  private void readHead(ByteBuf in, List<Object> out) {
    int end = headEnd(in);
    if (end < 0) {
      if (in.readableBytes() > maxHead) {
        throw new DecoderException("response head over " + maxHead + " bytes");
      }
      return;
    }
    String head =
        in.readCharSequence(end - in.readerIndex(), StandardCharsets.ISO_8859_1).toString();
    skipLineEnd(in);
    skipLineEnd(in);
    String[] lines = head.split("\r?\n");
    String[] statusLine = lines[0].trim().split(" +", 3);
    if (statusLine.length < 2 || !statusLine[0].startsWith("HTTP/")) {
      throw new DecoderException("not an HTTP status line: " + printable(lines[0]));
    }
    int status;
    try {
      status = Integer.parseInt(statusLine[1]);
    } catch (NumberFormatException e) {
      throw new DecoderException("bad status: " + printable(lines[0]));
    }
    boolean chunked = false;
    long length = -1;
    for (int i = 1; i < lines.length; i++) {
      int colon = lines[i].indexOf(':');
      if (colon < 0) {
        continue;
      }
      String name = lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT);
      String value = lines[i].substring(colon + 1).trim();
      if (name.equals("transfer-encoding")) {
        chunked = value.toLowerCase(Locale.ROOT).contains("chunked");
      } else if (name.equals("content-length")) {
        try {
          length = Long.parseLong(value);
        } catch (NumberFormatException e) {
          throw new DecoderException("bad Content-Length: " + printable(value));
        }
      }
    }
    out.add(new EdgeMessage.Head(status, chunked, length));
    if (chunked) {
      state = State.SIZE;
    } else if (length > 0) {
      if (length > maxChunk) {
        throw new DecoderException("body of " + length + " bytes over " + maxChunk);
      }
      remaining = length;
      state = State.BODY;
    } else {
      out.add(new EdgeMessage.End());
      state = State.DONE;
    }
  }

  /** Index of the line end that closes the head (LF LF or CRLF CRLF), or -1. */
  private static int headEnd(ByteBuf in) {
    for (int i = in.readerIndex(); i < in.writerIndex(); i++) {
      if (in.getByte(i) != '\n') {
        continue;
      }
      int next = i + 1;
      if (next < in.writerIndex() && in.getByte(next) == '\r') {
        next++;
      }
      if (next < in.writerIndex() && in.getByte(next) == '\n') {
        return i > in.readerIndex() && in.getByte(i - 1) == '\r' ? i - 1 : i;
      }
    }
    return -1;
  }

  private static void skipLineEnd(ByteBuf in) {
    if (in.isReadable() && in.getByte(in.readerIndex()) == '\r') {
      in.skipBytes(1);
    }
    if (in.isReadable() && in.getByte(in.readerIndex()) == '\n') {
      in.skipBytes(1);
    }
  }

  private void readSize(ByteBuf in, List<Object> out) {
    int lf = in.indexOf(in.readerIndex(), in.writerIndex(), (byte) '\n');
    if (lf < 0) {
      if (in.readableBytes() > MAX_SIZE_LINE) {
        throw new DecoderException("chunk size line over " + MAX_SIZE_LINE + " bytes");
      }
      return;
    }
    String line =
        in.readCharSequence(lf - in.readerIndex(), StandardCharsets.ISO_8859_1).toString();
    in.skipBytes(1);
    int extension = line.indexOf(';');
    String size = (extension < 0 ? line : line.substring(0, extension)).trim();
    if (size.isEmpty()) {
      return; // a blank line: a closing CRLF too many
    }
    long length;
    try {
      length = Long.parseLong(size, 16);
    } catch (NumberFormatException e) {
      throw new DecoderException("bad chunk size: " + printable(line));
    }
    if (length < 0 || length > maxChunk) {
      throw new DecoderException("chunk of " + length + " bytes over " + maxChunk);
    }
    if (length == 0) {
      out.add(new EdgeMessage.End());
      state = State.DONE;
      return;
    }
    remaining = length;
    state = State.DATA;
  }

  private void readData(ByteBuf in, List<Object> out) {
    if (in.readableBytes() < remaining) {
      return;
    }
    byte[] data = new byte[(int) remaining];
    in.readBytes(data);
    out.add(new EdgeMessage.Chunk(data));
    state = State.DATA_END;
  }

  /** The CRLF after a chunk's data: CR LF, LF alone, or nothing (the next size follows). */
  private void readDataEnd(ByteBuf in) {
    byte first = in.getByte(in.readerIndex());
    if (first == '\r') {
      if (in.readableBytes() < 2) {
        return;
      }
      in.skipBytes(1);
      if (in.getByte(in.readerIndex()) == '\n') {
        in.skipBytes(1);
      }
    } else if (first == '\n') {
      in.skipBytes(1);
    }
    state = State.SIZE;
  }

  private void readBody(ByteBuf in, List<Object> out) {
    if (in.readableBytes() < remaining) {
      return;
    }
    byte[] data = new byte[(int) remaining];
    in.readBytes(data);
    out.add(new EdgeMessage.Chunk(data));
    out.add(new EdgeMessage.End());
    state = State.DONE;
  }

  private static String printable(String text) {
    String shown = text.length() > 40 ? text.substring(0, 40) + "..." : text;
    return shown.replaceAll("[^\\x20-\\x7e]", "?");
  }
}
