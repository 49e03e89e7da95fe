package io.meridian.rest.asset;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import jakarta.ws.rs.core.MediaType;
import java.util.Locale;
import java.util.Set;

/**
 * The types files are stored and served with. A stored type is served as given, with {@code
 * X-Content-Type-Options: nosniff} and the API's {@code Content-Security-Policy} (set on every
 * response), and as an attachment unless it is a type browsers show passively: an uploaded HTML
 * page or SVG opened from a link is saved, never rendered on the API's origin.
 */
final class ContentTypes {
  static final String UNKNOWN = MediaType.APPLICATION_OCTET_STREAM;
  private static final int MAX_LENGTH = 255;
  private static final Set<String> SHOWN_INLINE =
      Set.of(
          "image/png",
          "image/jpeg",
          "image/gif",
          "image/webp",
          "image/avif",
          "image/bmp",
          "text/plain");

  private ContentTypes() {}

  /**
   * The type of a raw upload, from its {@code Content-Type}: required, and not one that means
   * something else on this path (JSON sets properties, a form is not a file).
   */
  static String ofRawUpload(String header) {
    if (header == null || header.isBlank()) {
      throw unsupported(
          "Send the file with its Content-Type (application/octet-stream when unknown)");
    }
    MediaType type = parse(header, ErrorCode.UNSUPPORTED_MEDIA_TYPE);
    String subtype = type.getSubtype().toLowerCase(Locale.ROOT);
    if (type.isCompatible(MediaType.APPLICATION_JSON_TYPE) || subtype.endsWith("+json")) {
      throw unsupported(
          "A JSON body sets an entity's properties with PUT; send a JSON file as"
              + " application/octet-stream or as the 'file' part of a multipart form");
    }
    if (type.isCompatible(MediaType.APPLICATION_FORM_URLENCODED_TYPE)
        || type.getType().equalsIgnoreCase("multipart")) {
      throw unsupported("Send a file as multipart/form-data with a 'file' part, or as raw bytes");
    }
    return header.trim();
  }

  /**
   * The type of a multipart form's {@code file} part; a part without one, or one claiming to be a
   * form itself (the request's type repeated by some clients), is of unknown type, which {@link
   * ContentSniffer} then tells from the bytes. The form's own type is never a file's.
   */
  static String ofPart(String header) {
    if (header == null || header.isBlank()) {
      return UNKNOWN;
    }
    MediaType type = parse(header, ErrorCode.BAD_REQUEST);
    if (type.getType().equalsIgnoreCase("multipart")) {
      return UNKNOWN;
    }
    return header.trim();
  }

  /** {@code inline} for types browsers only display, {@code attachment} for any other. */
  static String disposition(String contentType) {
    try {
      MediaType type = MediaType.valueOf(contentType);
      String bare = (type.getType() + "/" + type.getSubtype()).toLowerCase(Locale.ROOT);
      boolean passive =
          SHOWN_INLINE.contains(bare)
              || type.getType().equalsIgnoreCase("audio")
              || type.getType().equalsIgnoreCase("video");
      return passive ? "inline" : "attachment";
    } catch (IllegalArgumentException e) {
      return "attachment";
    }
  }

  private static MediaType parse(String header, ErrorCode code) {
    if (header.length() > MAX_LENGTH) {
      throw new MeridianException(
          code, "The file's Content-Type is longer than " + MAX_LENGTH + " characters");
    }
    try {
      MediaType type = MediaType.valueOf(header.trim());
      if (type.isWildcardType() || type.isWildcardSubtype()) {
        throw new MeridianException(code, "The file's Content-Type may not be a wildcard");
      }
      return type;
    } catch (IllegalArgumentException e) {
      throw new MeridianException(code, "The file's Content-Type is malformed");
    }
  }

  private static MeridianException unsupported(String description) {
    return new MeridianException(ErrorCode.UNSUPPORTED_MEDIA_TYPE, description);
  }
}
