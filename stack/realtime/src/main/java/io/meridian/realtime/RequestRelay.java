package io.meridian.realtime;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.api.socket.SocketRequest;
import io.meridian.api.socket.SocketRequests;
import io.meridian.api.socket.SocketResponse;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Serves a {@code request} message as the REST API serves it over HTTP ({@link SocketRequests}),
 * with the connection's credentials and client address.
 */
final class RequestRelay {
  private final SocketRequests requests;

  RequestRelay(SocketRequests requests) {
    this.requests = requests;
  }

  /**
   * @param message the client's {@code request} message: {@code method}, {@code path}, optional
   *     {@code query} (strings or arrays of strings) and {@code body}
   */
  SocketResponse execute(RealtimeConnection connection, JsonNode message) {
    JsonNode method = message.get("method");
    JsonNode path = message.get("path");
    if (method == null || !method.isTextual() || path == null || !path.isTextual()) {
      throw new MeridianException(
          ErrorCode.BAD_REQUEST, "A request names its 'method' and 'path' (strings)");
    }
    return requests.execute(
        new SocketRequest(
            connection.baseUri(),
            connection.application().organization(),
            connection.application().application(),
            connection.tokenText(),
            connection.clientAddress(),
            null,
            method.asText(),
            path.asText(),
            query(message.get("query")),
            message.get("body")));
  }

  private static Map<String, List<String>> query(JsonNode query) {
    if (query == null || query.isNull()) {
      return Map.of();
    }
    if (!query.isObject()) {
      throw new MeridianException(
          ErrorCode.BAD_REQUEST, "'query' is an object of strings or arrays of strings");
    }
    Map<String, List<String>> parameters = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = query.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      List<String> values = new ArrayList<>(1);
      JsonNode value = field.getValue();
      if (value.isArray()) {
        for (JsonNode item : value) {
          values.add(scalar(field.getKey(), item));
        }
      } else {
        values.add(scalar(field.getKey(), value));
      }
      parameters.put(field.getKey(), values);
    }
    return parameters;
  }

  /** A query value: a string, or a number or boolean as its text. */
  private static String scalar(String name, JsonNode value) {
    if (value.isTextual() || value.isNumber() || value.isBoolean()) {
      return value.asText();
    }
    throw new MeridianException(
        ErrorCode.BAD_REQUEST, "Query parameter '" + name + "' is not a string");
  }
}
