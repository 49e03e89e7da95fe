package io.meridian.loadtests.edge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * What a simulated device answers to an RPC request, at once:
 *
 * <ul>
 *   <li>{@code echo}: the request's bytes;
 *   <li>{@code fixed}: a configured body, the same for every request;
 *   <li>{@code jsonrpc}: to a JSON-RPC request (an object with an {@code id}), {@code
 *       {"jsonrpc":"2.0","id":<its id>,"result":<the configured body, or the request's params>}};
 *       anything else is echoed.
 * </ul>
 *
 * Thread-safe (immutable).
 */
public final class Replier {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** How a device answers. */
  public enum Mode {
    ECHO,
    FIXED,
    JSONRPC;

    public static Mode parse(String name) {
      return switch (name.toLowerCase(Locale.ROOT)) {
        case "echo" -> ECHO;
        case "fixed", "json" -> FIXED;
        case "jsonrpc", "json-rpc" -> JSONRPC;
        default ->
            throw new IllegalArgumentException(
                "reply mode must be echo, fixed or jsonrpc, not " + name);
      };
    }
  }

  private final Mode mode;
  private final byte[] fixed;
  private final JsonNode result;

  /** {@code body} is the fixed reply, or the JSON-RPC result (JSON; empty: echo the params). */
  public Replier(Mode mode, String body) {
    this.mode = mode;
    this.fixed = body.getBytes(StandardCharsets.UTF_8);
    JsonNode parsed = null;
    if (mode == Mode.JSONRPC && !body.isBlank()) {
      try {
        parsed = JSON.readTree(body);
      } catch (IOException e) {
        throw new IllegalArgumentException("the JSON-RPC result is not JSON: " + body, e);
      }
    }
    this.result = parsed;
  }

  public Mode mode() {
    return mode;
  }

  /** The reply to {@code request}. */
  public byte[] reply(byte[] request) {
    return switch (mode) {
      case ECHO -> request;
      case FIXED -> fixed;
      case JSONRPC -> jsonRpc(request);
    };
  }

  private byte[] jsonRpc(byte[] request) {
    JsonNode parsed;
    try {
      parsed = JSON.readTree(request);
    } catch (IOException notJson) {
      return request;
    }
    if (parsed == null || !parsed.isObject() || !parsed.has("id")) {
      return request;
    }
    ObjectNode answer = JSON.createObjectNode();
    answer.put("jsonrpc", "2.0");
    answer.set("id", parsed.get("id"));
    answer.set(
        "result",
        result != null ? result : parsed.has("params") ? parsed.get("params") : NullNode.instance);
    try {
      return JSON.writeValueAsBytes(answer);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
