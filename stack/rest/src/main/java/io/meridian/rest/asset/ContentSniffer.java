package io.meridian.rest.asset;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import jakarta.ws.rs.core.MediaType;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;

/**
 * The type of a file sent as {@code application/octet-stream} (or with no type in a form), told
 * from its first bytes as Usergrid does: a JPEG is stored as {@code image/jpeg}. Only binary
 * formats with a fixed signature are recognised; text (HTML, SVG, JSON) never is, so a file can
 * only become a type a browser would render actively if its sender said so (and even then it is
 * served as an attachment, see {@link ContentTypes}). Detection reads at most {@link #HEAD} bytes
 * ahead and hands them back: the upload still streams.
 */
final class ContentSniffer {
  /** The longest signature looked at (WebP, WAV: {@code RIFF....WEBP}). */
  static final int HEAD = 12;

  private ContentSniffer() {}

  /** The body to stage (the same bytes) and the type to record. */
  record Sniffed(InputStream body, String contentType) {}

  /** {@code declared} unless it is unknown (octet-stream); then the type the bytes show, if any. */
  static Sniffed sniff(InputStream body, String declared) {
    if (!unknown(declared)) {
      return new Sniffed(body, declared);
    }
    BufferedInputStream buffered = new BufferedInputStream(body, 8192);
    buffered.mark(HEAD);
    byte[] head;
    try {
      head = buffered.readNBytes(HEAD);
      buffered.reset();
    } catch (IOException e) {
      throw new MeridianException(ErrorCode.BAD_REQUEST, "The upload ended early");
    }
    String detected = of(head);
    return new Sniffed(buffered, detected == null ? declared : detected);
  }

  /** Whether {@code type} says nothing about the file: {@code application/octet-stream}. */
  static boolean unknown(String type) {
    if (type == null) {
      return true;
    }
    int parameters = type.indexOf(';');
    String bare = (parameters < 0 ? type : type.substring(0, parameters)).trim();
    return bare.toLowerCase(Locale.ROOT).equals(MediaType.APPLICATION_OCTET_STREAM);
  }

  /** The type of a file starting with {@code head}, or null when no signature matches. */
  static String of(byte[] head) {
    if (starts(head, 0, 0xFF, 0xD8, 0xFF)) {
      return "image/jpeg";
    }
    if (starts(head, 0, 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A)) {
      return "image/png";
    }
    if (text(head, 0, "GIF87a") || text(head, 0, "GIF89a")) {
      return "image/gif";
    }
    if (text(head, 0, "RIFF") && text(head, 8, "WEBP")) {
      return "image/webp";
    }
    if (text(head, 0, "RIFF") && text(head, 8, "WAVE")) {
      return "audio/wav";
    }
    if (starts(head, 0, 'I', 'I', 0x2A, 0x00) || starts(head, 0, 'M', 'M', 0x00, 0x2A)) {
      return "image/tiff";
    }
    if (text(head, 0, "%PDF-")) {
      return "application/pdf";
    }
    if (starts(head, 0, 'P', 'K', 0x03, 0x04)) {
      return "application/zip";
    }
    if (starts(head, 0, 0x1F, 0x8B)) {
      return "application/gzip";
    }
    if (text(head, 0, "ID3")) {
      return "audio/mpeg";
    }
    if (text(head, 0, "OggS")) {
      return "audio/ogg";
    }
    if (text(head, 4, "ftyp")) {
      return "video/mp4";
    }
    return null;
  }

  private static boolean starts(byte[] head, int offset, int... signature) {
    if (head.length < offset + signature.length) {
      return false;
    }
    for (int i = 0; i < signature.length; i++) {
      if ((head[offset + i] & 0xFF) != signature[i]) {
        return false;
      }
    }
    return true;
  }

  private static boolean text(byte[] head, int offset, String signature) {
    byte[] bytes = signature.getBytes(StandardCharsets.US_ASCII);
    return head.length >= offset + bytes.length
        && Arrays.equals(head, offset, offset + bytes.length, bytes, 0, bytes.length);
  }
}
