package io.meridian.core.push;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;

/**
 * One push service (APNs, FCM, or none): checks what a notifier and a payload must hold, and sends
 * one payload to one device token. Implementations keep their connections per notifier and are safe
 * for concurrent use.
 */
public interface PushProvider {

  /** The {@code provider} value of notifiers served by this provider. */
  String name();

  /**
   * Refuses (400) a notifier this provider could not send with: missing or malformed settings or
   * credentials. {@code settings} are the notifier's public properties, {@code credentials} its
   * secret ones.
   */
  void validateNotifier(ObjectNode settings, ObjectNode credentials);

  /** Refuses (400) a payload this provider would reject, before anything is queued. */
  void validatePayload(String notifier, JsonNode payload);

  /**
   * Sends one payload. The future completes with the provider's answer, never exceptionally: a
   * failure to reach the provider is a {@link Outcome.Kind#RETRY}.
   *
   * @param collapseId the same for every send of one notification, so that a send repeated after a
   *     crash replaces the first on the device where the provider supports it
   * @param expire when the provider may stop trying to deliver, or null
   */
  CompletableFuture<Outcome> send(
      Notifier notifier, String token, JsonNode payload, String collapseId, Instant expire);

  /** Closes every connection this provider holds. */
  default void close() {}

  /** The answer to one send. */
  record Outcome(Kind kind, String code, String message, Duration retryAfter) {
    public enum Kind {
      /** The provider accepted the payload. */
      SENT,
      /** The provider says the token no longer names an installed app: stop sending to it. */
      UNREGISTERED,
      /** Throttled or a passing failure: send again later ({@code retryAfter} if it said). */
      RETRY,
      /** Refused for good (a bad payload, a bad credential). */
      FAILED
    }

    public static Outcome sent() {
      return new Outcome(Kind.SENT, null, null, null);
    }

    public static Outcome unregistered(String code) {
      return new Outcome(Kind.UNREGISTERED, code, "The provider no longer knows this token", null);
    }

    public static Outcome retry(String code, String message, Duration retryAfter) {
      return new Outcome(Kind.RETRY, code, message, retryAfter);
    }

    public static Outcome failed(String code, String message) {
      return new Outcome(Kind.FAILED, code, message, null);
    }
  }
}
