package io.meridian.core.push;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;

/** Usergrid's {@code noop} provider: accepts every notifier and payload, sends nothing. */
public final class NoopProvider implements PushProvider {
  public static final String NAME = "noop";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public void validateNotifier(ObjectNode settings, ObjectNode credentials) {}

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
