package io.meridian.rest.identity;

import static io.meridian.rest.support.Identities.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.ExtraNode;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.LoopbackClient;
import io.meridian.rest.support.MeridianIT;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code POST /management/users}: an admin signs up outside any organization while open
 * registration is on (the shared test server has it on), charged to its address's sign-up
 * allowance; with registration off only the superuser may add one. The answer never holds a secret.
 */
class AdminSignUpIT extends MeridianIT {
  private static String unique(String prefix) {
    return prefix + UUID.randomUUID().toString().substring(0, 8);
  }

  private static String admin(String username, String password) {
    return json(
        "username",
        username,
        "name",
        "Ada",
        "email",
        username + "@example.com",
        "password",
        password);
  }

  private static void assertUsergridError(Reply reply, int status, String error) {
    assertThat(reply.status()).as(reply.body()).isEqualTo(status);
    assertThat(reply.error()).as(reply.body()).isEqualTo(error);
    for (String field : new String[] {"error_description", "timestamp", "error_id"}) {
      assertThat(reply.json().has(field)).as(reply.body()).isTrue();
    }
  }

  private static String security(ApiClient client) {
    Reply document = client.get("/openapi.json");
    assertThat(document.status()).isEqualTo(200);
    return document
        .json()
        .path("paths")
        .path("/management/users")
        .path("post")
        .path("security")
        .toString();
  }

  @Test
  void a_guest_signs_up_an_admin_who_then_signs_in_and_has_no_organization() {
    String username = unique("adm");

    Reply created =
        LoopbackClient.from(api).post("/management/users", admin(username, Identities.PASSWORD));

    assertThat(created.status()).as(created.body()).isEqualTo(200);
    assertThat(created.json().path("action").asText()).isEqualTo("create user");
    var user = created.json().path("data").path("user");
    assertThat(user.path("username").asText()).isEqualTo(username);
    assertThat(user.path("email").asText()).isEqualTo(username + "@example.com");
    assertThat(user.path("organizations").size()).isZero();
    assertThat(created.body())
        .doesNotContain(Identities.PASSWORD)
        .doesNotContain("password")
        .doesNotContain("$2");
    String token = Identities.adminToken(api, username, Identities.PASSWORD);
    Reply me = api.anonymous().withToken(token).get("/management/me");
    assertThat(me.status()).as(me.body()).isEqualTo(200);
    assertThat(me.json().path("data").path("uuid").asText()).isEqualTo(user.path("uuid").asText());
  }

  @Test
  void a_form_encoded_sign_up_works_as_usergrids() {
    String username = unique("form");

    Reply created =
        LoopbackClient.from(api)
            .send(
                "POST",
                "/management/users",
                "username="
                    + username
                    + "&email="
                    + username
                    + "%40example.com&password="
                    + ApiClient.encode(Identities.PASSWORD),
                "application/x-www-form-urlencoded");

    assertThat(created.status()).as(created.body()).isEqualTo(200);
    assertThat(Identities.adminToken(api, username, Identities.PASSWORD)).isNotBlank();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{}",
        "[]",
        "not json",
        "{\"username\":\"ok-name\",\"email\":\"not-an-email\",\"password\":\"correct horse battery\"}",
        "{\"username\":\"-bad\",\"email\":\"bad@example.com\",\"password\":\"correct horse battery\"}",
        "{\"username\":\"short-pw\",\"email\":\"short@example.com\",\"password\":\"short\"}",
        "{\"username\":false,\"email\":\"f@example.com\",\"password\":\"correct horse battery\"}",
      })
  void a_bad_sign_up_is_a_400_and_creates_nobody(String body) {
    Reply refused = LoopbackClient.from(api).post("/management/users", body);

    assertThat(refused.status()).as(refused.body()).isEqualTo(400);
    assertThat(refused.json().has("error_description")).isTrue();
    assertThat(refused.body()).doesNotContain("io.meridian").doesNotContain("Exception:");
    assertThat(Identities.signIn(api, "/management/token", "short-pw", "short").status())
        .isNotEqualTo(200);
  }

  @Test
  void a_taken_username_or_email_is_refused() {
    String username = unique("dup");
    LoopbackClient guest = LoopbackClient.from(api);
    assertThat(guest.post("/management/users", admin(username, Identities.PASSWORD)).status())
        .isEqualTo(200);

    Reply again = guest.post("/management/users", admin(username, "another long password"));

    assertUsergridError(again, 400, "duplicate_unique_property_exists");
    assertThat(
            Identities.signIn(api, "/management/token", username, "another long password").status())
        .isNotEqualTo(200);
  }

  @Test
  void an_address_that_spent_its_sign_ups_is_throttled() {
    LoopbackClient guest = LoopbackClient.from(api);
    Reply refused = null;
    String refusedName = null;
    for (int i = 0; i < 40 && refused == null; i++) {
      String username = unique("many");
      Reply reply = guest.post("/management/users", admin(username, Identities.PASSWORD));
      if (reply.status() != 200) {
        refused = reply;
        refusedName = username;
      }
    }

    assertThat(refused).as("an address may not sign up admins without bound").isNotNull();
    assertUsergridError(refused, 429, "too_many_requests");
    assertThat(Long.parseLong(refused.header("Retry-After"))).isGreaterThanOrEqualTo(1);
    assertThat(
            Identities.signIn(api, "/management/token", refusedName, Identities.PASSWORD).status())
        .isNotEqualTo(200);
  }

  @Test
  void with_registration_off_only_the_superuser_adds_admins() {
    try (ExtraNode closed =
        ExtraNode.start(Map.of("meridian.identity.open-registration", "false"))) {
      ApiClient guest = closed.client();
      ApiClient admin =
          guest.withToken(Identities.adminToken(guest, organization.admin(), Identities.PASSWORD));
      ApiClient superuser = guest.withToken(Identities.superuserToken(guest));
      String refusedName = unique("closed");
      String addedName = unique("root");

      Reply byGuest = guest.post("/management/users", admin(refusedName, Identities.PASSWORD));
      Reply byAdmin = admin.post("/management/users", admin(refusedName, Identities.PASSWORD));
      Identities.user(api, org, app, "member");
      Reply byUser =
          guest
              .withToken(Identities.userToken(api, org, app, "member"))
              .post("/management/users", admin(refusedName, Identities.PASSWORD));
      Reply bySuperuser =
          superuser.post("/management/users", admin(addedName, Identities.PASSWORD));

      assertUsergridError(byGuest, 401, "unauthorized");
      assertUsergridError(byAdmin, 403, "forbidden");
      assertThat(byUser.status()).as(byUser.body()).isEqualTo(403);
      assertThat(bySuperuser.status()).as(bySuperuser.body()).isEqualTo(200);
      assertThat(
              Identities.signIn(guest, "/management/token", refusedName, Identities.PASSWORD)
                  .status())
          .isNotEqualTo(200);
      assertThat(Identities.adminToken(guest, addedName, Identities.PASSWORD)).isNotBlank();
      // The served document says the route needs credentials here, and none on the open server.
      String closedSecurity = security(guest);
      String openSecurity = security(api.anonymous());
      assertThat(closedSecurity).contains("bearerAuth").doesNotContain("{}");
      assertThat(openSecurity).isEqualTo("[{}]");
    }
  }
}
