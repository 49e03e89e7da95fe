package io.meridian.loadtests.edge;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * How a device writes its chunks to the edge, byte for byte as Cometa's device SDKs do. The chunk
 * of an RPC reply, an upstream event (first byte {@code 0x07}) and a heartbeat ({@code 0x06}) are
 * HTTP/1.1 chunks, {@code <hex size> CRLF <data> CRLF}, except where an SDK miscounts:
 *
 * <ul>
 *   <li>{@link #LIBCOMETA}: {@code linux/libcometa/libcometa.c} (2017) and {@code cometalib.py}:
 *       exact sizes, CRLF everywhere; heartbeat {@code 1\r\n\x06\r\n}; an upstream event {@code
 *       %x\r\n\x07<data>\r\n} with size {@code len + 1}.
 *   <li>{@link #LEGACY}: {@code linux/libcometa/cometa.c} (2014): heartbeat {@code 2\n\x06\n} (LF
 *       only, the LF counted in the size); a reply {@code %x\r\n<data>\r\n} with size {@code len +
 *       2} (the closing CRLF counted); an upstream event {@code %x\r\n\x07<data>\r\n} with size
 *       {@code len + 3}. A server must parse these leniently.
 * </ul>
 */
public enum Framing {
  LIBCOMETA(0, 1, false),
  LEGACY(2, 3, true);

  /** The heartbeat marker, the single data byte of a heartbeat chunk. */
  public static final byte HEARTBEAT = 0x06;

  /** The marker that opens an upstream event's chunk. */
  public static final byte UPSTREAM = 0x07;

  private static final byte[] CRLF = {'\r', '\n'};

  private final int replyExtra;
  private final int upstreamExtra;
  private final boolean legacyHeartbeat;

  Framing(int replyExtra, int upstreamExtra, boolean legacyHeartbeat) {
    this.replyExtra = replyExtra;
    this.upstreamExtra = upstreamExtra;
    this.legacyHeartbeat = legacyHeartbeat;
  }

  /** {@code libcometa} or {@code legacy}, as given on a command line. */
  public static Framing parse(String name) {
    return switch (name.toLowerCase(Locale.ROOT)) {
      case "libcometa", "standard" -> LIBCOMETA;
      case "legacy", "cometa2014" -> LEGACY;
      default ->
          throw new IllegalArgumentException("framing must be libcometa or legacy, not " + name);
    };
  }

  /** The heartbeat's bytes. */
  public byte[] heartbeat() {
    return legacyHeartbeat
        ? new byte[] {'2', '\n', HEARTBEAT, '\n'}
        : new byte[] {'1', '\r', '\n', HEARTBEAT, '\r', '\n'};
  }

  /** The chunk of an RPC reply carrying {@code reply}. */
  public byte[] reply(byte[] reply) {
    return frame(reply.length + replyExtra, null, reply);
  }

  /** The chunk of an upstream event carrying {@code event}. */
  public byte[] upstream(byte[] event) {
    return frame(event.length + upstreamExtra, UPSTREAM, event);
  }

  /** A correct HTTP/1.1 chunk of {@code data}, as the server writes one. */
  public static byte[] chunk(byte[] data) {
    return frame(data.length, null, data);
  }

  private static byte[] frame(int declaredSize, Byte marker, byte[] data) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(data.length + 12);
    out.writeBytes(Integer.toHexString(declaredSize).getBytes(StandardCharsets.US_ASCII));
    out.writeBytes(CRLF);
    if (marker != null) {
      out.write(marker);
    }
    out.writeBytes(data);
    out.writeBytes(CRLF);
    return out.toByteArray();
  }
}
