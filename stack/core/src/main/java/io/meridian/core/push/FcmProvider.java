package io.meridian.core.push;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.auth.oauth2.AccessToken;
import com.google.auth.oauth2.ServiceAccountCredentials;
import io.meridian.core.common.Json;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Google's FCM HTTP v1 API ({@code POST /v1/projects/{project}/messages:send}), authenticated with
 * an OAuth 2 access token that google-auth-library gets for the notifier's service account. The
 * token endpoint is the operator's setting, never the key file's, so a notifier cannot make a node
 * post a signed assertion to a host of its choosing.
 */
public final class FcmProvider implements PushProvider {
  public static final String NAME = "google";
  static final int MAX_PAYLOAD_BYTES = 4096;
  static final String SCOPE = "https://www.googleapis.com/auth/firebase.messaging";
  private static final Set<String> MESSAGE_FIELDS =
      Set.of("notification", "data", "android", "apns", "webpush", "fcm_options");
  private static final Set<String> GONE = Set.of("UNREGISTERED");
  private static final Set<Integer> PASSING = Set.of(429, 500, 502, 503, 504);

  /**
   * @param endpoint the FCM API's base, e.g. {@code https://fcm.googleapis.com}
   * @param tokenUri Google's OAuth 2 token endpoint
   */
  public record Connection(URI endpoint, URI tokenUri, Duration timeout) {}

  private record Account(long version, ServiceAccountCredentials credentials) {}

  private final Connection connection;
  private final HttpClient http;
  private final Map<UUID, Account> accounts = new ConcurrentHashMap<>();

  public FcmProvider(Connection connection) {
    this.connection = connection;
    this.http = HttpClient.newBuilder().connectTimeout(connection.timeout()).build();
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public void validateNotifier(ObjectNode settings, ObjectNode credentials) {
    JsonNode account = credentials.get("serviceAccount");
    if (account == null) {
      throw NotifierService.invalid(
          "A google notifier needs 'serviceAccount': the service-account key JSON");
    }
    try {
      ServiceAccountCredentials parsed = credentials(account);
      if (projectId(settings, parsed) == null) {
        throw NotifierService.invalid(
            "A google notifier needs 'projectId' or a key with 'project_id'");
      }
    } catch (IOException | RuntimeException e) {
      if (e instanceof io.meridian.core.common.MeridianException refused) {
        throw refused;
      }
      throw NotifierService.invalid(
          "'serviceAccount' must be a service-account key JSON (type, client_email, private_key)");
    }
  }

  @Override
  public void validatePayload(String notifier, JsonNode payload) {
    Payloads.requireStringOrObject(notifier, payload);
    if (payload.isObject()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = payload.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> field = it.next();
        if (!MESSAGE_FIELDS.contains(field.getKey())) {
          throw Payloads.invalid(
              notifier,
              "has '"
                  + field.getKey()
                  + "'; an FCM message takes "
                  + String.join(", ", MESSAGE_FIELDS.stream().sorted().toList()));
        }
        if (!field.getValue().isObject()) {
          throw Payloads.invalid(notifier, "has '" + field.getKey() + "' that is not an object");
        }
      }
      JsonNode data = payload.get("data");
      if (data != null) {
        data.fields()
            .forEachRemaining(
                entry -> {
                  if (!entry.getValue().isTextual()) {
                    throw Payloads.invalid(
                        notifier, "has data '" + entry.getKey() + "' that is not a string");
                  }
                });
      }
    }
    Payloads.requireAtMost(notifier, Json.write(payload), MAX_PAYLOAD_BYTES);
  }

  @Override
  public CompletableFuture<Outcome> send(
      Notifier notifier, String token, JsonNode payload, String collapseId, Instant expire) {
    String accessToken;
    ServiceAccountCredentials credentials;
    try {
      credentials = account(notifier);
      credentials.refreshIfExpired();
      AccessToken current = credentials.getAccessToken();
      accessToken = current.getTokenValue();
    } catch (IOException e) {
      return CompletableFuture.completedFuture(
          Outcome.retry("oauth", "Could not get an access token for the service account", null));
    } catch (RuntimeException e) {
      return CompletableFuture.completedFuture(
          Outcome.failed("bad_credentials", "The notifier's service account does not load"));
    }
    String project = projectId(notifier.settings(), credentials);
    HttpRequest request =
        HttpRequest.newBuilder(
                connection.endpoint().resolve("/v1/projects/" + project + "/messages:send"))
            .timeout(connection.timeout().multipliedBy(3))
            .header("Authorization", "Bearer " + accessToken)
            .header("Content-Type", "application/json; UTF-8")
            .POST(HttpRequest.BodyPublishers.ofString(message(token, payload, collapseId, expire)))
            .build();
    return http.sendAsync(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8))
        .handle(
            (response, error) ->
                error != null
                    ? Outcome.retry("connection", error.getClass().getSimpleName(), null)
                    : outcome(response));
  }

  static String message(String token, JsonNode payload, String collapseId, Instant expire) {
    ObjectNode message = Json.object();
    message.put("token", token);
    if (payload.isTextual()) {
      message.putObject("notification").put("body", payload.asText());
    } else {
      message.setAll((ObjectNode) payload.deepCopy());
    }
    ObjectNode android =
        message.has("android") ? (ObjectNode) message.get("android") : message.putObject("android");
    android.put("collapse_key", collapseId);
    if (expire != null) {
      long seconds = Math.max(0, Duration.between(Instant.now(), expire).toSeconds());
      android.put("ttl", seconds + "s");
    }
    ObjectNode body = Json.object();
    body.set("message", message);
    return Json.write(body);
  }

  static Outcome outcome(HttpResponse<String> response) {
    int status = response.statusCode();
    if (status == 200) {
      return Outcome.sent();
    }
    String code = errorCode(response.body());
    if (GONE.contains(code) || status == 404) {
      return Outcome.unregistered(code == null ? "UNREGISTERED" : code);
    }
    if (PASSING.contains(status)) {
      Duration retryAfter =
          response.headers().firstValue("Retry-After").flatMap(FcmProvider::seconds).orElse(null);
      return Outcome.retry(
          code == null ? "HTTP " + status : code, "FCM answered " + status, retryAfter);
    }
    return Outcome.failed(
        code == null ? "HTTP " + status : code, "FCM refused the message (" + status + ")");
  }

  /** FCM's own error code (details[].errorCode), else the Google API status. */
  private static String errorCode(String body) {
    try {
      JsonNode error = Json.MAPPER.readTree(body).path("error");
      for (JsonNode detail : error.path("details")) {
        if (detail.hasNonNull("errorCode")) {
          return detail.get("errorCode").asText();
        }
      }
      return error.hasNonNull("status") ? error.get("status").asText() : null;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  private static java.util.Optional<Duration> seconds(String value) {
    try {
      return java.util.Optional.of(Duration.ofSeconds(Long.parseLong(value.trim())));
    } catch (NumberFormatException e) {
      return java.util.Optional.empty();
    }
  }

  private ServiceAccountCredentials account(Notifier notifier) throws IOException {
    Account current = accounts.get(notifier.uuid());
    if (current != null && current.version() == notifier.version()) {
      return current.credentials();
    }
    ServiceAccountCredentials built = credentials(notifier.credentials().get("serviceAccount"));
    accounts.put(notifier.uuid(), new Account(notifier.version(), built));
    return built;
  }

  /** The key as google-auth-library reads it, its token endpoint replaced by the operator's. */
  private ServiceAccountCredentials credentials(JsonNode account) throws IOException {
    JsonNode parsed = account.isTextual() ? Json.MAPPER.readTree(account.asText()) : account;
    if (!parsed.isObject()) {
      throw new IOException("not an object");
    }
    ObjectNode key = ((ObjectNode) parsed).deepCopy();
    key.put("token_uri", connection.tokenUri().toString());
    if (!key.has("type")) {
      key.put("type", "service_account");
    }
    return (ServiceAccountCredentials)
        ServiceAccountCredentials.fromStream(
                new ByteArrayInputStream(Json.write(key).getBytes(StandardCharsets.UTF_8)))
            .createScoped(List.of(SCOPE));
  }

  private static String projectId(ObjectNode settings, ServiceAccountCredentials credentials) {
    JsonNode configured = settings.get("projectId");
    if (configured != null && configured.isTextual() && !configured.asText().isBlank()) {
      return configured.asText();
    }
    return credentials.getProjectId();
  }
}
