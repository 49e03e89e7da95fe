package io.meridian.rest.realtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.AppAccess;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.MeridianIT;
import io.meridian.rest.support.SocketClient;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * Adversarial tests of the real-time API's authorisation: a subscriber sees only what a GET would
 * show it, at the time of each event; revoking its token, narrowing its permissions or deleting its
 * user takes effect on an open connection within a second; credentials of another application do
 * not open a connection; a forbidden collection cannot be subscribed to.
 */
@ExtendWith(OutputCaptureExtension.class)
class RealtimeAccessIT extends MeridianIT {
  /** A second and a little: the access feed's bound, plus the connections' token check. */
  private static final Duration BOUND = Duration.ofMillis(1_300);

  private AppAccess access;
  private String fredToken;

  @BeforeEach
  void signFredIn() {
    access = new AppAccess(api, org, app);
    access.user("fred");
    access.restrictDefaultRole("get:/cars", "get:/cars/visible");
    fredToken = Identities.userToken(api, org, app, "fred");
  }

  private SocketClient fred() {
    SocketClient socket = SocketClient.open(api.base(), org, app, fredToken);
    socket.send("{\"op\":\"subscribe\",\"id\":\"c\",\"collection\":\"cars\"}");
    socket.next("subscribed");
    return socket;
  }

  @Test
  void aSubscriberIsToldOnlyOfEntitiesItMayRead() {
    try (SocketClient socket = fred()) {
      access.create("cars", "{\"name\":\"hidden\"}");
      access.create("cars", "{\"name\":\"visible\"}");
      JsonNode event = socket.next("event");
      assertThat(event.path("entity").path("name").asText()).isEqualTo("visible");
      assertThat(socket.drain(Duration.ofMillis(600))).isEmpty();
    }
  }

  @Test
  void aRenameDoesNotShowWhatTheEntityWasCalledBefore() {
    try (SocketClient socket = fred()) {
      String secret = access.create("cars", "{\"name\":\"secret\"}");
      api.put(path("cars/" + secret), "{\"name\":\"visible\"}"); // fred may read "visible" only
      api.put(path("cars/visible"), "{\"speed\":3}");
      JsonNode event = socket.next("event");
      assertThat(event.path("entity").path("speed").asInt()).isEqualTo(3); // not the rename
      assertThat(event.path("previous").path("name").asText()).isEqualTo("visible");
      assertThat(socket.drain(Duration.ofMillis(600))).isEmpty();
    }
  }

  @Test
  void aTokenInTheUpgradeUrlIsNeverLogged(CapturedOutput output) {
    try (SocketClient socket = SocketClient.openWithQueryToken(api.base(), org, app, fredToken)) {
      socket.send("{\"op\":\"request\",\"id\":\"r\",\"method\":\"GET\",\"path\":\"/secrets\"}");
      assertThat(socket.next("response").path("status").asInt()).isEqualTo(403);
      socket.send("not json");
      socket.next("error");
    }
    assertThatThrownBy(
            () -> SocketClient.openWithQueryToken(api.base(), org, "no-such-app", fredToken))
        .isInstanceOf(SocketClient.Refused.class);
    assertThat(output.getAll()).doesNotContain(fredToken);
  }

  @Test
  void aForbiddenCollectionIsRefusedAndTheConnectionStaysOpen() {
    try (SocketClient socket = fred()) {
      socket.send("{\"op\":\"subscribe\",\"id\":\"s\",\"collection\":\"secrets\"}");
      JsonNode error = socket.next("error");
      assertThat(error.path("id").asText()).isEqualTo("s");
      assertThat(error.path("error").asText()).isEqualTo("forbidden");
      access.create("secrets", "{\"name\":\"plans\"}");
      access.create("cars", "{\"name\":\"visible\"}");
      assertThat(socket.next("event").path("entity").path("name").asText()).isEqualTo("visible");
    }
  }

  @Test
  void aRevokedTokenClosesTheConnectionWithinASecond() {
    try (SocketClient socket = fred()) {
      ApiClient.Reply revoked = api.put(path("users/fred/revoketokens"), "");
      assertThat(revoked.status()).as(revoked.body()).isEqualTo(200);
      long start = System.nanoTime();
      assertThat(socket.closeCode(Duration.ofSeconds(5))).isEqualTo(4001);
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(BOUND);
      assertThat(socket.drain(Duration.ZERO))
          .anySatisfy(
              message ->
                  assertThat(message.path("error").asText()).isEqualTo("auth_bad_access_token"));
    }
  }

  @Test
  void aDeletedUserIsClosedWithinASecond() {
    try (SocketClient socket = fred()) {
      assertThat(api.delete(path("users/fred")).status()).isEqualTo(200);
      long start = System.nanoTime();
      assertThat(socket.closeCode(Duration.ofSeconds(5))).isEqualTo(4001);
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(BOUND);
    }
  }

  @Test
  void aNarrowedPermissionFiltersEventsWithinASecond() throws InterruptedException {
    try (SocketClient socket = fred()) {
      String visible = access.create("cars", "{\"name\":\"visible\"}");
      assertThat(socket.next("event").path("event").asText()).isEqualTo("create");
      access.revoke("roles/default", "get:/cars/visible");
      Thread.sleep(BOUND.toMillis());
      api.put(path("cars/" + visible), "{\"speed\":1}");
      assertThat(socket.drain(Duration.ofMillis(800))).isEmpty();
      assertThat(socket.isClosed()).isFalse(); // filtered: the token itself is still good
    }
  }

  @Test
  void credentialsOfAnotherApplicationOpenNothing() {
    String otherApp = app + "x";
    Identities.application(api.anonymous(), organization, otherApp);
    ApiClient orgAdmin = api.withToken(organization.adminToken());
    Identities.user(orgAdmin, org, otherApp, "mallory");
    String foreign = Identities.userToken(orgAdmin, org, otherApp, "mallory");
    assertThatThrownBy(() -> SocketClient.open(api.base(), org, app, foreign))
        .isInstanceOfSatisfying(
            SocketClient.Refused.class, refused -> assertThat(refused.status()).isEqualTo(401));
    try (SocketClient socket = SocketClient.open(api.base(), org, app, null)) {
      socket.send("{\"op\":\"auth\",\"id\":\"a\",\"token\":\"" + foreign + "\"}");
      assertThat(socket.next("error").path("error").asText()).isEqualTo("unauthorized");
      socket.send("{\"op\":\"subscribe\",\"id\":\"s\",\"collection\":\"cars\"}");
      assertThat(socket.next("error").path("id").asText()).isEqualTo("s"); // still a guest
    }
  }

  @Test
  void anotherApplicationsWritesNeverArrive() {
    String otherApp = app + "y";
    Identities.application(api.anonymous(), organization, otherApp);
    ApiClient orgAdmin = api.withToken(organization.adminToken());
    try (SocketClient socket = fred()) {
      assertThat(
              orgAdmin
                  .post("/" + org + "/" + otherApp + "/cars", "{\"name\":\"visible\"}")
                  .status())
          .isEqualTo(200);
      assertThat(socket.drain(Duration.ofMillis(800))).isEmpty();
      access.create("cars", "{\"name\":\"visible\"}");
      assertThat(socket.next("event").path("event").asText()).isEqualTo("create");
    }
  }

  @Test
  void aGuestGetsOnlyWhatTheGuestRoleAllows() {
    try (SocketClient socket = SocketClient.open(api.base(), org, app, null)) {
      socket.send("{\"op\":\"subscribe\",\"id\":\"s\",\"collection\":\"cars\"}");
      JsonNode error = socket.next("error");
      assertThat(List.of("unauthorized", "forbidden")).contains(error.path("error").asText());
      access.create("cars", "{\"name\":\"visible\"}");
      assertThat(socket.drain(Duration.ofMillis(600)))
          .noneMatch(message -> message.path("op").asText().equals("event"));
    }
  }
}
