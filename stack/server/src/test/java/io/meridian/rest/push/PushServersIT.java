package io.meridian.rest.push;

import io.meridian.rest.support.MeridianIT;
import io.meridian.rest.support.SharedResources;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Base of the push tests: a server whose queue worker runs and whose providers reach the fakes (an
 * APNs server, an FCM and OAuth endpoint), all started once per test JVM. The context is closed
 * after each class, so no push worker outlives its test to take another test's notifications.
 */
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
@ResourceLock(SharedResources.PUSH_QUEUE)
abstract class PushServersIT extends MeridianIT {
  static final ApnsFake APNS = new ApnsFake();
  static final FcmFake FCM = new FcmFake();

  @DynamicPropertySource
  static void push(DynamicPropertyRegistry registry) {
    PushServersIT.properties().forEach((key, value) -> registry.add(key, () -> value));
  }

  /** The push settings of a node that sends through the fakes. */
  static java.util.Map<String, String> properties() {
    java.util.Map<String, String> properties = new java.util.LinkedHashMap<>();
    properties.put("meridian.push.enabled", "true");
    properties.put("meridian.push.poll", "200ms");
    properties.put("meridian.push.backoff", "100ms");
    properties.put("meridian.push.max-backoff", "2s");
    properties.put("meridian.push.apns-host", "127.0.0.1");
    properties.put("meridian.push.apns-port", String.valueOf(APNS.port));
    properties.put("meridian.push.apns-trusted-certificates", APNS.trustedPem.toString());
    properties.put("meridian.push.fcm-endpoint", FCM.server.baseUrl());
    properties.put("meridian.push.fcm-token-uri", FCM.server.baseUrl() + "/token");
    return properties;
  }
}
