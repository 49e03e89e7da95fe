package io.meridian.rest.push;

import com.eatthepath.pushy.apns.auth.ApnsVerificationKey;
import com.eatthepath.pushy.apns.server.MockApnsServer;
import com.eatthepath.pushy.apns.server.MockApnsServerBuilder;
import com.eatthepath.pushy.apns.server.PushNotificationHandler;
import com.eatthepath.pushy.apns.server.RejectedNotificationException;
import com.eatthepath.pushy.apns.server.RejectionReason;
import com.eatthepath.pushy.apns.server.ValidatingPushNotificationHandlerFactory;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.interfaces.ECPublicKey;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * APNs as the tests meet it: Pushy's {@code MockApnsServer} over TLS with HTTP/2, validating
 * provider tokens (ES256, by key id and team) and client certificates, device tokens by topic, and
 * tokens Apple has unregistered; it can also answer 429 a given number of times per token. It
 * records what it accepted, so a test counts deliveries per device token.
 */
final class ApnsFake implements AutoCloseable {
  static final String TOPIC = "io.meridian.test";
  static final String KEY_ID = "KEY1234567";
  static final String TEAM_ID = "TEAM123456";

  final TestCertificates certificates = new TestCertificates();
  final KeyPair signingKeys = TestCertificates.ec();
  final Path trustedPem = certificates.authorityPem();
  final int port;

  private final Set<String> tokens = ConcurrentHashMap.newKeySet();
  private final Map<String, Instant> unregistered = new ConcurrentHashMap<>();
  private final Map<String, AtomicInteger> throttled = new ConcurrentHashMap<>();
  private final Map<String, AtomicInteger> accepted = new ConcurrentHashMap<>();
  private final List<String> payloads = new CopyOnWriteArrayList<>();
  private volatile long delayMillis;
  private final MockApnsServer server;

  ApnsFake() {
    try {
      ApnsVerificationKey verification =
          new ApnsVerificationKey(KEY_ID, TEAM_ID, (ECPublicKey) signingKeys.getPublic());
      ValidatingPushNotificationHandlerFactory validating =
          new ValidatingPushNotificationHandlerFactory(
              Map.of(TOPIC, tokens),
              unregistered,
              Map.of(KEY_ID, verification),
              Map.of(verification, Set.of(TOPIC)));
      TestCertificates.Issued tls = certificates.server();
      this.server =
          new MockApnsServerBuilder()
              .setServerCredentials(
                  new java.security.cert.X509Certificate[] {
                    tls.certificate(), certificates.authority
                  },
                  tls.key(),
                  null)
              .setTrustedClientCertificateChain(
                  new ByteArrayInputStream(
                      TestCertificates.pem("CERTIFICATE", certificates.authority.getEncoded())
                          .getBytes(StandardCharsets.US_ASCII)))
              .setHandlerFactory(
                  session -> {
                    PushNotificationHandler inner = validating.buildHandler(session);
                    return (headers, payload) -> {
                      String token = headers.path().toString().substring("/3/device/".length());
                      if (delayMillis > 0) {
                        try {
                          Thread.sleep(delayMillis); // a slow APNs: sends stay in flight
                        } catch (InterruptedException e) {
                          Thread.currentThread().interrupt();
                        }
                      }
                      AtomicInteger throttle = throttled.get(token);
                      if (throttle != null && throttle.getAndDecrement() > 0) {
                        throw new RejectedNotificationException(RejectionReason.TOO_MANY_REQUESTS);
                      }
                      inner.handlePushNotification(headers, payload);
                      accepted.computeIfAbsent(token, t -> new AtomicInteger()).incrementAndGet();
                      payloads.add(payload.toString(StandardCharsets.UTF_8));
                    };
                  })
              .build();
      this.port = this.server.start(0).get();
    } catch (Exception e) {
      throw new IllegalStateException("The APNs fake did not start", e);
    }
  }

  /** A device token APNs knows for the test topic. */
  String register(String token) {
    tokens.add(token);
    return token;
  }

  void unregister(String token) {
    unregistered.put(token, Instant.now());
  }

  /** The next {@code times} sends to the token are answered 429 Too Many Requests. */
  void throttle(String token, int times) {
    throttled.put(token, new AtomicInteger(times));
  }

  /** Each accepted send takes this long to answer, on its connection. */
  void delay(long millis) {
    this.delayMillis = millis;
  }

  int accepted(String token) {
    AtomicInteger count = accepted.get(token);
    return count == null ? 0 : count.get();
  }

  List<String> payloads() {
    return payloads;
  }

  /** The PKCS#8 PEM text of the token-signing key, as Apple's {@code .p8} file holds it. */
  String p8() {
    return TestCertificates.pem("PRIVATE KEY", signingKeys.getPrivate().getEncoded());
  }

  @Override
  public void close() {
    server.shutdown().join();
  }
}
