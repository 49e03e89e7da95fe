package io.meridian.loadtests.faults;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.loadtests.load.MeridianClient;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

/**
 * Single HTTP requests to one node with a short timeout and no retry, for the fault harness: unlike
 * {@link MeridianClient}, a status is an answer to classify rather than an exception, and a failed
 * connection is reported as what it was (timeout, refused, other I/O). Loopback only, as the load
 * tests' client.
 */
final class NodeHttp {
  static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

  /** Outcome of a request that got no HTTP answer in time. */
  static final String TIMEOUT = "timeout";

  /** Outcome of a request whose connection was refused: nothing listens on the port. */
  static final String REFUSED = "refused";

  /** Outcome of a request whose connection failed otherwise (reset, closed mid-answer). */
  static final String IO = "IO";

  private final HttpClient http;
  private final Duration timeout;

  NodeHttp(Duration timeout) {
    this.timeout = timeout;
    this.http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(timeout)
            .build();
  }

  /** An HTTP answer: its status and body, parsed as JSON when it is. */
  record Reply(int status, String body) {
    JsonNode json() {
      if (body == null || body.isBlank()) {
        return MeridianClient.JSON.createObjectNode();
      }
      try {
        return MeridianClient.JSON.readTree(body);
      } catch (IOException notJson) {
        return MeridianClient.JSON.createObjectNode().put("error_description", body);
      }
    }

    boolean ok() {
      return status == 200;
    }

    /** The Usergrid error code of the answer, such as {@code index_unavailable}, or "". */
    String error() {
      return json().path("error").asText("");
    }
  }

  /** Refuses every node that is not on this machine: fault tests never leave it. */
  static List<URI> requireLoopback(List<URI> nodes) {
    if (nodes.isEmpty()) {
      throw new IllegalArgumentException("No node to send requests to");
    }
    for (URI node : nodes) {
      if (!MeridianClient.isLoopback(node)) {
        throw new IllegalArgumentException("Refusing a node that is not loopback: " + node);
      }
    }
    return List.copyOf(nodes);
  }

  /**
   * Sends one request and returns the answer, whatever its status; throws the I/O failure when
   * there was none. {@code body} is JSON text or null.
   */
  Reply send(String method, URI url, String body, String token)
      throws IOException, InterruptedException {
    HttpRequest.Builder request = HttpRequest.newBuilder(url).timeout(timeout);
    request.header("Accept", "application/json");
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    if (body == null) {
      request.method(method, HttpRequest.BodyPublishers.noBody());
    } else {
      request.header("Content-Type", "application/json");
      request.method(method, HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
    }
    HttpResponse<String> response =
        http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    return new Reply(response.statusCode(), response.body());
  }

  /** The outcome name of a request that failed without an answer. */
  static String outcomeOf(IOException failure) {
    if (failure instanceof HttpTimeoutException) {
      return TIMEOUT;
    }
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof ConnectException) {
        return REFUSED;
      }
    }
    return IO;
  }

  /** URL of a path on a node, {@code http://127.0.0.1:8080} + {@code /org/app/things}. */
  static URI url(URI node, String path) {
    String base = node.toString();
    if (base.endsWith("/")) {
      base = base.substring(0, base.length() - 1);
    }
    return URI.create(base + path);
  }
}
