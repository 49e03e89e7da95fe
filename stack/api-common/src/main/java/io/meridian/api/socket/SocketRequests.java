package io.meridian.api.socket;

/**
 * Serves a REST request that arrived over an application's WebSocket as the HTTP API serves it over
 * HTTP: the same filters, access rules, resource, envelope and errors. The WebSocket calls it; the
 * HTTP API implements it; the assembling module wires the one to the other, so neither protocol
 * module knows the other.
 */
@FunctionalInterface
public interface SocketRequests {
  /**
   * Serves {@code request} on this thread and returns its response: never throws for anything the
   * client sent, which is answered with a 4xx error in the API's format.
   */
  SocketResponse execute(SocketRequest request);
}
