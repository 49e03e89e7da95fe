package io.meridian.core.query;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Opaque, tamper-evident cursors. A cursor is a keyset position (the sort values of the last entity
 * served, never an offset) followed by an HMAC over the position and the query it belongs to. The
 * key is shared by every node, so any node continues any cursor; a cursor that was altered, or that
 * belongs to another query, application or collection, fails the check and is a 400.
 *
 * <p>Positions hold only strings, longs, doubles, booleans and nulls (JSON round-trips them).
 */
public final class Cursors {
  /** 128 bits of HMAC-SHA256: forging one is out of reach, and cursors stay short. */
  private static final int MAC_LENGTH = 16;

  private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
  private static final Base64.Decoder DECODER = Base64.getUrlDecoder();
  private static final int MAX_CURSOR_LENGTH = 4096;

  private final SecretKeySpec key;

  public Cursors(byte[] key) {
    this.key = new SecretKeySpec(key.clone(), "HmacSHA256");
  }

  /**
   * @param query identifies the query: everything that decides which entities match and in which
   *     order (application, collection or connection, mode, canonical query text)
   */
  public String encode(String query, List<Object> position) {
    byte[] payload;
    try {
      payload = Json.MAPPER.writeValueAsBytes(position);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("A cursor position must be plain JSON values", e);
    }
    byte[] mac = mac(query, payload);
    byte[] cursor = Arrays.copyOf(payload, payload.length + MAC_LENGTH);
    System.arraycopy(mac, 0, cursor, payload.length, MAC_LENGTH);
    return ENCODER.encodeToString(cursor);
  }

  /**
   * The position a cursor carries, after checking that it is intact and belongs to {@code query}.
   */
  public List<Object> decode(String query, String cursor) {
    if (cursor.length() > MAX_CURSOR_LENGTH) {
      throw invalid();
    }
    byte[] bytes;
    try {
      bytes = DECODER.decode(cursor.trim());
    } catch (IllegalArgumentException e) {
      throw invalid();
    }
    if (bytes.length <= MAC_LENGTH) {
      throw invalid();
    }
    byte[] payload = Arrays.copyOf(bytes, bytes.length - MAC_LENGTH);
    byte[] mac = Arrays.copyOfRange(bytes, payload.length, bytes.length);
    if (!MessageDigest.isEqual(mac, mac(query, payload))) {
      throw invalid();
    }
    try {
      JsonNode values = Json.MAPPER.readTree(payload);
      List<Object> position = new ArrayList<>(values.size());
      for (JsonNode value : values) {
        position.add(plain(value));
      }
      return position;
    } catch (java.io.IOException e) {
      throw invalid(); // only reachable with a valid MAC, i.e. never for a cursor we did not issue
    }
  }

  private static Object plain(JsonNode value) {
    if (value.isNull()) {
      return null;
    }
    if (value.isTextual()) {
      return value.asText();
    }
    if (value.isBoolean()) {
      return value.asBoolean();
    }
    if (value.isIntegralNumber()) {
      return value.asLong();
    }
    return value.asDouble();
  }

  private byte[] mac(String query, byte[] payload) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(key);
      mac.update(query.getBytes(StandardCharsets.UTF_8));
      mac.update((byte) 0);
      return Arrays.copyOf(mac.doFinal(payload), MAC_LENGTH);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
    }
  }

  private static MeridianException invalid() {
    return new MeridianException(
        ErrorCode.ILLEGAL_ARGUMENT,
        "The cursor is not valid for this query: pass back the cursor of the previous page of the"
            + " same query unchanged");
  }
}
