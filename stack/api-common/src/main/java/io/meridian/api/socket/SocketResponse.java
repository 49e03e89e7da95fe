package io.meridian.api.socket;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.common.Json;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The answer to a {@link SocketRequest}: the status and JSON body the same request would have been
 * answered over HTTP (the Usergrid envelope, or its error format), and the request's id.
 */
public final class SocketResponse {
  private final int status;
  private final byte[] json;
  private final String requestId;

  public SocketResponse(int status, byte[] json, String requestId) {
    this.status = status;
    this.json = json == null || json.length == 0 ? null : json;
    this.requestId = requestId;
  }

  public int status() {
    return status;
  }

  /**
   * The body as the API wrote it, UTF-8 JSON, or null when the response has none ({@code 204}):
   * what a socket writes as the message's {@code body} without parsing it again ({@code
   * JsonGenerator.writeRawValue}). A copy is not made: do not change it.
   */
  public byte[] json() {
    return json;
  }

  /** The body parsed, or null when the response has none; parsed anew on each call. */
  public JsonNode body() {
    if (json == null) {
      return null;
    }
    try {
      return Json.MAPPER.readTree(json);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The request's id: its log lines carry it, and an error body quotes it as {@code error_id}. */
  public String requestId() {
    return requestId;
  }

  @Override
  public String toString() {
    return "SocketResponse[" + status + "]";
  }
}
