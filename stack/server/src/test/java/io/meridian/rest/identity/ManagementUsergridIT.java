package io.meridian.rest.identity;

import static io.meridian.rest.support.Identities.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.AppAccess;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.LoopbackClient;
import io.meridian.rest.support.MeridianIT;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The management API as Usergrid 2's clients call it (issue 33): the lightweight sign-in at {@code
 * /management/me}, a token described at {@code /management/token}, an organization's admins keyed
 * by username, answers a strict client model of Usergrid's accepts, an admin added by email only, a
 * sign-out by the token alone, {@code POST} for a password change and admin emails as Usergrid
 * takes them.
 */
class ManagementUsergridIT extends MeridianIT {
  /** Strict as a client's generated model: any field Usergrid does not send fails the parse. */
  private static final ObjectMapper STRICT =
      new ObjectMapper().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  /** Usergrid's management answer: these fields and no others. */
  record UsergridManagementAnswer(
      String action,
      String status,
      JsonNode data,
      List<JsonNode> entities,
      Integer count,
      JsonNode organization,
      JsonNode credentials,
      long timestamp,
      long duration) {}

  /** Usergrid's {@code AccessInfo} for an admin: these fields and no others. */
  record UsergridAccessInfo(
      @JsonProperty("access_token") String accessToken,
      @JsonProperty("expires_in") long expiresIn,
      Long passwordChanged,
      JsonNode user) {}

  private static <T> T strictly(Reply reply, Class<T> model) {
    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    try {
      return STRICT.readValue(reply.body(), model);
    } catch (java.io.IOException e) {
      throw new AssertionError("Not Usergrid's " + model.getSimpleName() + ": " + reply.body(), e);
    }
  }

  private static String unique(String prefix) {
    return prefix + UUID.randomUUID().toString().substring(0, 8);
  }

  private void assertSignedIn(UsergridAccessInfo info) {
    assertThat(info.accessToken()).isNotBlank();
    assertThat(info.expiresIn()).isEqualTo(24 * 3600);
    assertThat(info.passwordChanged()).isPositive();
    assertThat(info.user().path("username").asText()).isEqualTo(organization.admin());
    assertThat(info.user().path("organizations").has(org)).isTrue();
    assertThat(info.user().toString()).doesNotContain(Identities.PASSWORD);
    Reply withIt = api.anonymous().withToken(info.accessToken()).get("/management/orgs/" + org);
    assertThat(withIt.status()).as(withIt.body()).isEqualTo(200);
  }

  @Test
  void an_admin_signs_in_at_me_by_query_json_or_form_with_usergrids_answer() {
    ApiClient guest = api.anonymous();
    String grant =
        "grant_type=password&username="
            + ApiClient.encode(organization.admin())
            + "&password="
            + ApiClient.encode(Identities.PASSWORD);

    Reply byQuery = guest.get("/management/me?" + grant);
    Reply byJson =
        guest.post(
            "/management/me",
            json(
                "grant_type",
                "password",
                "username",
                organization.admin(),
                "password",
                Identities.PASSWORD));
    Reply byForm = guest.send("POST", "/management/me", grant, "application/x-www-form-urlencoded");
    // A failed sign-in on purpose, from an address of its own: the others sign in from 127.0.0.1.
    Reply wrong =
        LoopbackClient.from(api)
            .get("/management/me?grant_type=password&username=x&password=nope1234");

    for (Reply signedIn : List.of(byQuery, byJson, byForm)) {
      assertSignedIn(strictly(signedIn, UsergridAccessInfo.class));
    }
    assertThat(wrong.status()).as(wrong.body()).isEqualTo(400);
    assertThat(wrong.error()).isEqualTo("invalid_grant");
    assertSignedIn(
        strictly(
            Identities.signIn(
                guest, "/management/token", organization.admin(), Identities.PASSWORD),
            UsergridAccessInfo.class));
  }

  @Test
  void the_token_endpoint_without_a_grant_describes_the_callers_own_token() {
    String token = Identities.adminToken(api, organization.admin(), Identities.PASSWORD);

    UsergridAccessInfo described =
        strictly(
            api.anonymous().withToken(token).get("/management/token"), UsergridAccessInfo.class);
    Reply fromQuery =
        api.anonymous().get("/management/token?access_token=" + ApiClient.encode(token));
    Reply guest = api.anonymous().get("/management/token");

    assertThat(described.accessToken()).isEqualTo(token);
    assertThat(described.expiresIn()).isBetween(24 * 3600L - 60, 24 * 3600L);
    assertThat(described.user().path("username").asText()).isEqualTo(organization.admin());
    UsergridAccessInfo unechoed = strictly(fromQuery, UsergridAccessInfo.class);
    assertThat(unechoed.accessToken()).isNull();
    assertThat(unechoed.user().path("username").asText()).isEqualTo(organization.admin());
    assertThat(fromQuery.body()).doesNotContain(token);
    assertThat(guest.status()).as(guest.body()).isEqualTo(400);
    assertThat(guest.error()).isEqualTo("unsupported_grant_type");
  }

  @Test
  void an_organization_lists_its_admins_keyed_by_username() {
    ApiClient admin = api.withToken(organization.adminToken());
    String second = unique("sec");
    admin.post(
        "/management/orgs/" + org + "/users",
        json("username", second, "email", second + "@example.com", "password", "a long password"));

    UsergridManagementAnswer answer =
        strictly(admin.get("/management/orgs/" + org), UsergridManagementAnswer.class);

    JsonNode users = answer.organization().path("users");
    assertThat(users.size()).isEqualTo(2);
    assertThat(users.path(organization.admin()).path("username").asText())
        .isEqualTo(organization.admin());
    assertThat(users.path(second).path("email").asText()).isEqualTo(second + "@example.com");
    assertThat(users.path(second).path("uuid").asText()).isNotBlank();
    assertThat(users.toString()).doesNotContain("a long password").doesNotContain("password");
  }

  @Test
  void management_answers_parse_strictly_into_usergrids_model() {
    ApiClient admin = api.withToken(organization.adminToken());
    String base = "/management/orgs/" + org;

    List<Reply> answers =
        List.of(
            admin.get(base + "?access_token=ignored&limit=3"),
            admin.get(base + "/apps"),
            admin.post(base + "/apps", json("name", unique("more"))),
            admin.get(base + "/apps/" + app),
            admin.get(base + "/credentials"),
            admin.get(base + "/users"),
            admin.get("/management/me"),
            admin.get("/management/users/" + organization.admin()),
            admin.get("/management/users/me/invitations"));

    for (Reply reply : answers) {
      UsergridManagementAnswer answer = strictly(reply, UsergridManagementAnswer.class);
      assertThat(answer.action()).as(reply.body()).isNotBlank();
      assertThat(answer.timestamp()).isPositive();
    }
  }

  @Test
  void an_admin_added_with_only_an_email_is_named_by_it_and_cannot_sign_in_yet() {
    String email = unique("new") + "@example.com";

    Reply added =
        api.withToken(organization.adminToken())
            .post("/management/orgs/" + org + "/users", json("email", email));

    JsonNode user = strictly(added, UsergridManagementAnswer.class).data().path("user");
    assertThat(user.path("username").asText()).isEqualTo(email);
    assertThat(user.path("email").asText()).isEqualTo(email);
    assertThat(user.path("organizations").has(org)).isTrue();
    assertThat(added.body()).doesNotContain("password");
    LoopbackClient guesser = LoopbackClient.from(api);
    for (String guess : List.of("", email, "null")) {
      Reply signIn =
          guesser.post(
              "/management/token",
              Identities.json("grant_type", "password", "username", email, "password", guess));
      assertThat(signIn.status()).as(signIn.body()).isEqualTo(400);
    }
  }

  @Test
  void the_token_alone_revokes_itself_without_other_credentials() {
    String doomed = Identities.adminToken(api, organization.admin(), Identities.PASSWORD);
    String kept = Identities.adminToken(api, organization.admin(), Identities.PASSWORD);
    String another = Identities.adminToken(api, organization.admin(), Identities.PASSWORD);
    ApiClient guest = api.anonymous();

    Reply byMe =
        guest.call("PUT", "/management/users/me/revoketoken?token=" + ApiClient.encode(doomed));
    Reply byName =
        guest.call(
            "POST",
            "/management/users/"
                + organization.admin()
                + "/revoketoken?token="
                + ApiClient.encode(another));
    Reply wrongAdmin =
        guest.call(
            "PUT", "/management/users/someone-else/revoketoken?token=" + ApiClient.encode(kept));
    Reply forged = guest.call("PUT", "/management/users/me/revoketoken?token=not-a-token");

    assertThat(byMe.status()).as(byMe.body()).isEqualTo(200);
    assertThat(byName.status()).as(byName.body()).isEqualTo(200);
    assertThat(wrongAdmin.status()).as(wrongAdmin.body()).isEqualTo(400);
    assertThat(forged.status()).as(forged.body()).isEqualTo(401);
    AppAccess.awaitStatus(401, () -> guest.withToken(doomed).get("/management/me"));
    AppAccess.awaitStatus(401, () -> guest.withToken(another).get("/management/me"));
    assertThat(guest.withToken(kept).get("/management/me").status()).isEqualTo(200);
  }

  @Test
  void a_password_change_by_post_works_as_put() {
    String username = unique("pw");
    ApiClient admin = api.withToken(organization.adminToken());
    admin.post(
        "/management/orgs/" + org + "/users",
        json("username", username, "email", username + "@example.com", "password", "first pass1"));
    UsergridAccessInfo before =
        strictly(
            Identities.signIn(api, "/management/token", username, "first pass1"),
            UsergridAccessInfo.class);
    ApiClient self = api.anonymous().withToken(before.accessToken());

    Reply changed =
        self.post(
            "/management/users/" + username + "/password",
            json("oldpassword", "first pass1", "newpassword", "second pass2"));

    assertThat(strictly(changed, UsergridManagementAnswer.class).action())
        .isEqualTo("set admin user password");
    UsergridAccessInfo after =
        strictly(
            Identities.signIn(api, "/management/token", username, "second pass2"),
            UsergridAccessInfo.class);
    assertThat(after.passwordChanged()).isGreaterThan(before.passwordChanged());
    assertThat(Identities.signIn(api, "/management/token", username, "first pass1").status())
        .isEqualTo(400);
  }

  @Test
  void an_admin_email_with_a_long_local_part_is_accepted_as_usergrid_accepts_it() {
    String email = "x".repeat(90) + "." + unique("long") + "@example.com";
    String username = unique("ll");

    Reply added =
        api.withToken(organization.adminToken())
            .post(
                "/management/orgs/" + org + "/users",
                json("username", username, "email", email, "password", Identities.PASSWORD));
    Reply noAt =
        api.withToken(organization.adminToken())
            .post(
                "/management/orgs/" + org + "/users",
                json("username", unique("na"), "email", "no-at-sign", "password", "a password1"));

    assertThat(added.status()).as(added.body()).isEqualTo(200);
    assertThat(Identities.signIn(api, "/management/token", email, Identities.PASSWORD).status())
        .isEqualTo(200);
    assertThat(noAt.status()).as(noAt.body()).isEqualTo(400);
    assertThat(noAt.error()).isEqualTo("illegal_argument");
  }
}
