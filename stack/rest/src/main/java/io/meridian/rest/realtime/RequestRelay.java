package io.meridian.rest.realtime;

import com.fasterxml.jackson.databind.JsonNode;

/** Serves a {@code request} message as the REST API would serve it over HTTP. */
interface RequestRelay {
  /**
   * @param message the client's {@code request} message
   */
  Reply execute(RealtimeConnection connection, JsonNode message);

  /**
   * @param body the response's JSON, or null when it has none
   */
  record Reply(int status, JsonNode body) {}
}
