package io.meridian.core.device;

import io.meridian.core.common.Json;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;

/** The media type a device's reply is answered with: JSON, text, or bytes, as it parses. */
final class DeviceReplies {
  static final String JSON = "application/json";
  static final String TEXT = "text/plain;charset=utf-8";
  static final String BYTES = "application/octet-stream";

  private DeviceReplies() {}

  static String type(byte[] reply) {
    if (reply.length > 0 && (reply[0] == '{' || reply[0] == '[')) {
      try {
        Json.MAPPER.readTree(reply);
        return JSON;
      } catch (IOException e) {
        // not JSON after all: text or bytes
      }
    }
    try {
      StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(reply));
      return TEXT;
    } catch (CharacterCodingException e) {
      return BYTES;
    }
  }
}
