package io.meridian.api.socket;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One REST request received over an application's WebSocket ({@code {"op":"request",...}}), with
 * what the connection knows of its client. What the socket decided at its handshake ({@code
 * baseUri}, the application, the token, the client address) must be non-null, except the token;
 * what the client sent in the message ({@code method}, {@code path}, {@code query}, {@code body})
 * is checked by {@link SocketRequests#execute}, which answers a 400 for anything wrong with it.
 *
 * @param baseUri where the client reached the server: the handshake's URI will do ({@code
 *     wss://api.example.com/acme/fleet/...} is read as {@code https://api.example.com/});
 *     envelopes' {@code uri} fields start with it, as over HTTP. Only its scheme and authority are
 *     used.
 * @param organization the name of the socket's organization
 * @param application the name of the socket's application
 * @param accessToken the connection's access token as the client sent it (checked exactly like
 *     {@code Authorization: Bearer}), or null for a guest
 * @param clientAddress the client's address as the handshake resolved it (through the trusted
 *     proxies, like {@code ClientAddressFilter}); the sign-in and sign-up throttles key on it
 * @param requestId the id wanted for the request's log lines and {@code error_id}, or null (or one
 *     that is not a sane {@code X-Request-Id}) for a fresh one
 * @param method {@code GET}, {@code POST}, {@code PUT} or {@code DELETE}
 * @param path the path inside the application, starting with {@code /}, its segments as plain text
 *     (not percent-encoded): {@code /trucks/abc}, {@code /pictures/my clouds}
 * @param query the query parameters (plain text, not encoded), or null
 * @param body the JSON body, or null for none
 */
public record SocketRequest(
    URI baseUri,
    String organization,
    String application,
    String accessToken,
    String clientAddress,
    String requestId,
    String method,
    String path,
    Map<String, List<String>> query,
    JsonNode body) {

  public SocketRequest {
    Objects.requireNonNull(baseUri, "baseUri");
    Objects.requireNonNull(organization, "organization");
    Objects.requireNonNull(application, "application");
    Objects.requireNonNull(clientAddress, "clientAddress");
    query = query == null ? Map.of() : query;
  }
}
