package io.meridian.rest.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.Eventually;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.MeridianIT;
import io.meridian.rest.support.SocketClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A client resuming a subscription from a sequence it did not get here: another tenant's, one ahead
 * of the feed, or made up. It is served this application's events only, and a resume point the feed
 * cannot serve is answered with a reset and a snapshot, never with silence.
 */
class ForeignResumeIT extends MeridianIT {
  private static final Duration WAIT = Duration.ofSeconds(10);

  private static String subscribe(Long resume) {
    return "{\"op\":\"subscribe\",\"id\":\"s\",\"collection\":\"things\""
        + (resume == null ? "" : ",\"resume\":" + resume)
        + "}";
  }

  private static JsonNode nextEvent(SocketClient socket) {
    return socket.next(message -> message.path("op").asText().equals("event"), WAIT);
  }

  private static List<String> eventNames(List<JsonNode> messages) {
    return messages.stream()
        .filter(message -> message.path("op").asText().equals("event"))
        .map(message -> message.path("entity").path("name").asText())
        .toList();
  }

  private void create(ApiClient client, String path, String name) {
    ApiClient.Reply created = client.post(path, "{\"name\":\"" + name + "\"}");
    assertThat(created.status()).as(created.body()).isEqualTo(200);
  }

  @Test
  void a_resume_from_another_tenants_sequence_replays_only_this_applications_events() {
    String otherOrg = "org" + UUID.randomUUID().toString().substring(0, 8);
    Identities.Organization other = Identities.organization(api.anonymous(), otherOrg);
    Identities.Credentials otherApp = Identities.application(api.anonymous(), other, "secrets");
    ApiClient tenant = api.withToken(Identities.clientToken(api, otherOrg, "secrets", otherApp));
    String otherThings = "/" + otherOrg + "/secrets/things";

    long foreignSeq;
    try (SocketClient theirs = SocketClient.open(api.base(), otherOrg, "secrets", tenant.token())) {
      theirs.send(subscribe(null));
      theirs.next("subscribed");
      create(tenant, otherThings, "their-first");
      foreignSeq = nextEvent(theirs).path("seq").asLong();
    }
    create(tenant, otherThings, "their-second");
    create(api, path("things"), "ours");

    try (SocketClient ours = SocketClient.open(api.base(), org, app, api.token())) {
      ours.send(subscribe(foreignSeq));
      JsonNode subscribed = ours.next(message -> !message.path("op").asText().isEmpty(), WAIT);
      assertThat(subscribed.path("op").asText()).as(subscribed.toString()).isEqualTo("subscribed");
      assertThat(nextEvent(ours).path("entity").path("name").asText()).isEqualTo("ours");
      List<JsonNode> rest = ours.drain(Duration.ofMillis(1_500));
      assertThat(eventNames(rest)).isEmpty();
      assertThat(rest.toString()).doesNotContain("their-", otherOrg);
    }
  }

  @Test
  void a_resume_ahead_of_the_feed_is_reset_with_a_snapshot_and_live_events_follow() {
    create(api, path("things"), "before");
    Eventually.within(
        WAIT, () -> assertThat(api.get(path("things")).body()).contains("\"before\""));
    long anHourAhead = (System.currentTimeMillis() + 3_600_000L) * 1_000L;
    for (long ahead : List.of(anHourAhead, Long.MAX_VALUE)) {
      try (SocketClient socket = SocketClient.open(api.base(), org, app, api.token())) {
        socket.send(subscribe(ahead));
        JsonNode subscribed = socket.next("subscribed");
        JsonNode reset = socket.next("reset");
        JsonNode snapshot = socket.next("snapshot");

        assertThat(subscribed.path("seq").asLong()).isLessThan(ahead);
        assertThat(reset.path("seq").asLong()).isEqualTo(subscribed.path("seq").asLong());
        assertThat(snapshot.path("entities").findValuesAsText("name")).contains("before");
        String name = "after-" + (ahead == Long.MAX_VALUE ? "max" : "hour");
        create(api, path("things"), name);
        // Live events follow the reset's sequence. The snapshot is read after that sequence was
        // taken, so "before" may come again as an event (its feed entry can be newer than the
        // node's last read of the feed): a client applies it over its snapshot; nothing else may
        // come first.
        List<String> names = new ArrayList<>();
        do {
          names.add(nextEvent(socket).path("entity").path("name").asText());
        } while (!names.get(names.size() - 1).equals(name) && names.size() < 10);
        assertThat(names).endsWith(name);
        assertThat(names.subList(0, names.size() - 1)).allMatch("before"::equals);
      }
    }
  }
}
