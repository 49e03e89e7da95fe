package io.meridian.core.push;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;

/**
 * A provider whose notifiers need a {@code p8} credential and a {@code keyId} setting, as APNs'
 * token auth does, without any network: what the notifier use cases check and seal.
 */
final class KeyedProvider implements PushProvider {
  static final String NAME = "keyed";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public void validateNotifier(ObjectNode settings, ObjectNode credentials) {
    if (!settings.hasNonNull("keyId") || !credentials.hasNonNull("p8")) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT, "A keyed notifier needs keyId and p8");
    }
  }

  @Override
  public void validatePayload(String notifier, JsonNode payload) {
    Payloads.requireStringOrObject(notifier, payload);
  }

  @Override
  public CompletableFuture<Outcome> send(
      Notifier notifier, String token, JsonNode payload, String collapseId, Instant expire) {
    return CompletableFuture.completedFuture(Outcome.sent());
  }
}
