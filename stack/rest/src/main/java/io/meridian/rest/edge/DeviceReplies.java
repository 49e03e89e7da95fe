package io.meridian.rest.edge;

import io.meridian.core.common.Json;
import jakarta.ws.rs.core.MediaType;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;

/** The media type a device's reply is answered with: JSON, text, or bytes, as it parses. */
final class DeviceReplies {
  static final MediaType TEXT = MediaType.valueOf("text/plain;charset=utf-8");

  private DeviceReplies() {}

  static MediaType type(byte[] reply) {
    if (reply.length > 0 && (reply[0] == '{' || reply[0] == '[')) {
      try {
        Json.MAPPER.readTree(reply);
        return MediaType.APPLICATION_JSON_TYPE;
      } catch (IOException e) {
        // not JSON after all: text or bytes
      }
    }
    try {
      StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(reply));
      return TEXT;
    } catch (CharacterCodingException e) {
      return MediaType.APPLICATION_OCTET_STREAM_TYPE;
    }
  }
}
