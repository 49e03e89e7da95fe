package io.meridian.loadtests.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;

/**
 * A small client of Meridian's REST API for the loaders and the simulations' set-up: JSON in and
 * out, Usergrid's error format turned into {@link ApiException}. It refuses any host but loopback
 * unless {@code allowRemote} is set, so that load is never pointed elsewhere by accident.
 */
public final class MeridianClient {
  public static final ObjectMapper JSON = new ObjectMapper();

  private final URI base;
  private final HttpClient http;

  public MeridianClient(URI base, boolean allowRemote) {
    if (!allowRemote && !isLoopback(base)) {
      throw new IllegalArgumentException(
          "Refusing to send load to "
              + base
              + ": only loopback unless remote targets are allowed explicitly");
    }
    String text = base.toString();
    this.base = URI.create(text.endsWith("/") ? text.substring(0, text.length() - 1) : text);
    this.http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
  }

  /** Whether the URL names this machine: localhost or a 127.x or ::1 address. */
  public static boolean isLoopback(URI url) {
    String host = url.getHost();
    if (host == null) {
      return false;
    }
    try {
      return host.equals("localhost") || InetAddress.getByName(host).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }

  public URI base() {
    return base;
  }

  /** An application and the credentials that administer it. */
  public record App(String org, String app, String clientId, String clientSecret) {
    /** The application's path, {@code /org/app}. */
    public String path() {
      return "/" + org + "/" + app;
    }
  }

  /** A Usergrid-format error answer. */
  public static final class ApiException extends RuntimeException {
    private final int status;
    private final String error;

    public ApiException(int status, String error, String description) {
      super(status + " " + error + ": " + description);
      this.status = status;
      this.error = error;
    }

    public int status() {
      return status;
    }

    public String error() {
      return error;
    }
  }

  /**
   * Sends a request and returns the parsed JSON answer; any status but 2xx is an {@link
   * ApiException}. {@code body} may be null, a {@link JsonNode} or a string of JSON.
   */
  public JsonNode send(String method, String path, Object body, String token) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofMinutes(2));
    request.header("Accept", "application/json");
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    if (body == null) {
      request.method(method, HttpRequest.BodyPublishers.noBody());
    } else {
      String text = body instanceof String s ? s : body.toString();
      request.header("Content-Type", "application/json");
      request.method(method, HttpRequest.BodyPublishers.ofString(text, StandardCharsets.UTF_8));
    }
    HttpResponse<String> response;
    try {
      response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      // A refused connection's message is often null: name the exception then.
      String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      throw new UncheckedIOException(method + " " + base + path + ": " + reason, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted during " + method + " " + path, e);
    }
    JsonNode answer = parse(response.body());
    if (response.statusCode() / 100 != 2) {
      throw new ApiException(
          response.statusCode(),
          answer.path("error").asText("http_" + response.statusCode()),
          answer.path("error_description").asText(response.body()));
    }
    return answer;
  }

  private static JsonNode parse(String body) {
    if (body == null || body.isBlank()) {
      return JSON.createObjectNode();
    }
    try {
      return JSON.readTree(body);
    } catch (IOException e) {
      return JSON.createObjectNode().put("error_description", body);
    }
  }

  /** A client-credentials token of the application. */
  public String clientToken(App app) {
    ObjectNode grant =
        JSON.createObjectNode()
            .put("grant_type", "client_credentials")
            .put("client_id", app.clientId())
            .put("client_secret", app.clientSecret());
    return send("POST", app.path() + "/token", grant, null).path("access_token").asText();
  }

  /** A password-grant token of an application user. */
  public String userToken(App app, String username, String password) {
    ObjectNode grant =
        JSON.createObjectNode()
            .put("grant_type", "password")
            .put("username", username)
            .put("password", password);
    return send("POST", app.path() + "/token", grant, null).path("access_token").asText();
  }

  /**
   * Creates a new organization, its administrator and an application, and returns the application's
   * client credentials. Needs open registration, or the superuser's password.
   */
  public App provision(String prefix, String superuserPassword) {
    String stamp = Long.toString(System.currentTimeMillis(), 36) + randomText(4).toLowerCase();
    String org = prefix + "-" + stamp;
    String app = "bench";
    String admin = prefix + "-admin-" + stamp;
    String password = randomText(24);
    String root = null;
    if (superuserPassword != null && !superuserPassword.isEmpty()) {
      ObjectNode grant =
          JSON.createObjectNode()
              .put("grant_type", "password")
              .put("username", "superuser")
              .put("password", superuserPassword);
      root = send("POST", "/management/token", grant, null).path("access_token").asText();
    }
    ObjectNode organization =
        JSON.createObjectNode()
            .put("organization", org)
            .put("username", admin)
            .put("name", "Load test")
            .put("email", admin + "@example.com")
            .put("password", password);
    send("POST", "/management/orgs", organization, root);
    ObjectNode grant =
        JSON.createObjectNode()
            .put("grant_type", "password")
            .put("username", admin)
            .put("password", password);
    String adminToken =
        send("POST", "/management/token", grant, null).path("access_token").asText();
    send(
        "POST",
        "/management/orgs/" + org + "/apps",
        JSON.createObjectNode().put("name", app),
        adminToken);
    JsonNode pair =
        send("GET", "/management/orgs/" + org + "/apps/" + app + "/credentials", null, adminToken)
            .path("credentials");
    return new App(org, app, pair.path("client_id").asText(), pair.path("client_secret").asText());
  }

  /** URL-encodes a query parameter's value. */
  public static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }

  /** Random URL-safe text from a {@link SecureRandom}, for generated passwords. */
  public static String randomText(int bytes) {
    byte[] raw = new byte[bytes];
    new SecureRandom().nextBytes(raw);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
  }
}
