package io.meridian.core.push;

import com.eatthepath.pushy.apns.ApnsClient;
import com.eatthepath.pushy.apns.ApnsClientBuilder;
import com.eatthepath.pushy.apns.DeliveryPriority;
import com.eatthepath.pushy.apns.PushNotificationResponse;
import com.eatthepath.pushy.apns.PushType;
import com.eatthepath.pushy.apns.auth.ApnsSigningKey;
import com.eatthepath.pushy.apns.util.SimpleApnsPushNotification;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.Json;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Apple's APNs over HTTP/2 through Pushy, with either of Apple's two ways to authenticate: a
 * token-signing key ({@code p8} with {@code keyId} and {@code teamId}) or a client certificate
 * ({@code p12Certificate}, base64 PKCS#12, with {@code certificatePassword}). One client per
 * notifier version, built on first use and kept: Pushy multiplexes every send over its connections.
 */
public final class ApnsProvider implements PushProvider {
  public static final String NAME = "apple";
  static final int MAX_PAYLOAD_BYTES = 4096;
  private static final Set<String> ENVIRONMENTS = Set.of("development", "production");
  private static final Set<String> GONE =
      Set.of("Unregistered", "BadDeviceToken", "DeviceTokenNotForTopic");
  private static final Set<Integer> PASSING = Set.of(429, 500, 503);

  /**
   * Where clients connect and whom they trust.
   *
   * @param host null for Apple's hosts (by the notifier's environment); else every notifier's
   * @param trusted certificates to trust instead of the JDK's (a test's server), or empty
   */
  public record Connection(
      String host, int port, List<X509Certificate> trusted, int connections, Duration timeout) {}

  private record Client(long version, ApnsClient client) {}

  private final Connection connection;
  private final Map<UUID, Client> clients = new ConcurrentHashMap<>();

  public ApnsProvider(Connection connection) {
    this.connection = connection;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public void validateNotifier(ObjectNode settings, ObjectNode credentials) {
    String environment = text(settings, "environment", "development");
    if (!ENVIRONMENTS.contains(environment)) {
      throw NotifierService.invalid(
          "An apple notifier's 'environment' is development or production");
    }
    if (text(settings, "topic", null) == null) {
      throw NotifierService.invalid("An apple notifier needs 'topic': the app's bundle id");
    }
    boolean token = credentials.has("p8");
    boolean certificate = credentials.has("p12Certificate");
    if (token == certificate) {
      throw NotifierService.invalid(
          "An apple notifier needs either 'p8' (with 'keyId' and 'teamId') or 'p12Certificate'");
    }
    Notifier probe = new Notifier(null, null, "probe", NAME, 0, settings, credentials);
    try {
      if (token) {
        signingKey(probe);
      } else {
        certificate(probe);
      }
    } catch (IOException | GeneralSecurityException | IllegalArgumentException e) {
      throw NotifierService.invalid(
          token
              ? "'p8' must be the PKCS#8 PEM text of an APNs signing key, with 'keyId' and 'teamId'"
              : "'p12Certificate' must be base64 PKCS#12 holding a key and certificate that"
                  + " 'certificatePassword' opens");
    }
  }

  @Override
  public void validatePayload(String notifier, JsonNode payload) {
    Payloads.requireStringOrObject(notifier, payload);
    Payloads.requireAtMost(notifier, body(payload), MAX_PAYLOAD_BYTES);
  }

  @Override
  public CompletableFuture<Outcome> send(
      Notifier notifier, String token, JsonNode payload, String collapseId, Instant expire) {
    ApnsClient client;
    try {
      client = client(notifier);
    } catch (IOException | GeneralSecurityException | IllegalArgumentException e) {
      return CompletableFuture.completedFuture(
          Outcome.failed("bad_credentials", "The notifier's credentials do not load"));
    }
    SimpleApnsPushNotification notification =
        new SimpleApnsPushNotification(
            token,
            notifier.setting("topic"),
            body(payload),
            expire,
            DeliveryPriority.IMMEDIATE,
            PushType.ALERT,
            collapseId);
    CompletableFuture<Outcome> outcome = new CompletableFuture<>();
    client
        .sendNotification(notification)
        .whenComplete(
            (response, error) ->
                outcome.complete(
                    error != null
                        ? Outcome.retry("connection", error.getClass().getSimpleName(), null)
                        : outcome(response)));
    return outcome;
  }

  static Outcome outcome(PushNotificationResponse<?> response) {
    if (response.isAccepted()) {
      return Outcome.sent();
    }
    String reason = response.getRejectionReason().orElse("HTTP " + response.getStatusCode());
    if (response.getStatusCode() == 410 || GONE.contains(reason)) {
      return Outcome.unregistered(reason);
    }
    if (PASSING.contains(response.getStatusCode())) {
      return Outcome.retry(reason, "APNs answered " + response.getStatusCode(), null);
    }
    return Outcome.failed(reason, "APNs refused the notification: " + reason);
  }

  /** A string payload is the alert text; an object is sent as it is. */
  static String body(JsonNode payload) {
    if (payload.isTextual()) {
      ObjectNode aps = Json.object();
      aps.putObject("aps").put("alert", payload.asText());
      return Json.write(aps);
    }
    return Json.write(payload);
  }

  private ApnsClient client(Notifier notifier) throws IOException, GeneralSecurityException {
    Client current = clients.get(notifier.uuid());
    if (current != null && current.version() == notifier.version()) {
      return current.client();
    }
    synchronized (clients) {
      current = clients.get(notifier.uuid());
      if (current != null && current.version() == notifier.version()) {
        return current.client();
      }
      ApnsClient built = build(notifier);
      Client previous = clients.put(notifier.uuid(), new Client(notifier.version(), built));
      if (previous != null) {
        previous.client().close();
      }
      return built;
    }
  }

  private ApnsClient build(Notifier notifier) throws IOException, GeneralSecurityException {
    ApnsClientBuilder builder = new ApnsClientBuilder();
    if (connection.host() != null) {
      builder.setApnsServer(connection.host(), connection.port());
    } else {
      builder.setApnsServer(
          "production".equals(notifier.setting("environment"))
              ? ApnsClientBuilder.PRODUCTION_APNS_HOST
              : ApnsClientBuilder.DEVELOPMENT_APNS_HOST);
    }
    if (!connection.trusted().isEmpty()) {
      builder.setTrustedServerCertificateChain(
          connection.trusted().toArray(X509Certificate[]::new));
    }
    builder.setConcurrentConnections(connection.connections());
    builder.setConnectionTimeout(connection.timeout());
    if (notifier.credentials().has("p8")) {
      builder.setSigningKey(signingKey(notifier));
    } else {
      KeyStore store = certificate(notifier);
      String alias = Collections.list(store.aliases()).get(0);
      String password = password(notifier);
      builder.setClientCredentials(
          (X509Certificate) store.getCertificate(alias),
          (PrivateKey) store.getKey(alias, password.toCharArray()),
          password);
    }
    return builder.build();
  }

  private static ApnsSigningKey signingKey(Notifier notifier)
      throws IOException, GeneralSecurityException {
    String keyId = notifier.setting("keyId");
    String teamId = notifier.setting("teamId");
    if (keyId == null || teamId == null) {
      throw new IllegalArgumentException("keyId and teamId are required");
    }
    return ApnsSigningKey.loadFromInputStream(
        new ByteArrayInputStream(notifier.credential("p8").getBytes(StandardCharsets.US_ASCII)),
        teamId,
        keyId);
  }

  private static KeyStore certificate(Notifier notifier)
      throws IOException, GeneralSecurityException {
    KeyStore store = KeyStore.getInstance("PKCS12");
    store.load(
        new ByteArrayInputStream(
            Base64.getMimeDecoder().decode(notifier.credential("p12Certificate"))),
        password(notifier).toCharArray());
    List<String> aliases = Collections.list(store.aliases());
    if (aliases.isEmpty() || !store.isKeyEntry(aliases.get(0))) {
      throw new IllegalArgumentException("no key entry");
    }
    return store;
  }

  private static String password(Notifier notifier) {
    String password = notifier.credential("certificatePassword");
    return password == null ? "" : password;
  }

  private static String text(ObjectNode settings, String key, String otherwise) {
    JsonNode value = settings.get(key);
    return value == null || !value.isTextual() || value.asText().isBlank()
        ? otherwise
        : value.asText();
  }

  @Override
  public void close() {
    clients.values().forEach(client -> client.client().close());
    clients.clear();
  }
}
