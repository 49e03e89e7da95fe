package io.meridian.rest.identity;

import static io.meridian.rest.support.Identities.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.Eventually;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.LoopbackClient;
import io.meridian.rest.support.MeridianIT;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Revoking tokens and changing passwords, for app users and for admins: a revocation holds on every
 * node within a second, so each is polled for with a bound of 1.5 s.
 */
class RevocationIT extends MeridianIT {
  private static final Duration WITHIN = Duration.ofMillis(1500);
  private static final String NEW_PASSWORD = "a brand new passphrase";

  private String tokenPath() {
    return "/" + org + "/" + app + "/token";
  }

  private String userPath(String user) {
    return path("users") + "/" + user;
  }

  private ApiClient user(String username) {
    Identities.user(api, org, app, username);
    return api.withToken(Identities.userToken(api, org, app, username));
  }

  private void assertRevokedWithinBound(ApiClient holder, String path) {
    Eventually.within(
        WITHIN,
        () -> {
          Reply reply = holder.get(path);
          assertThat(reply.status()).as(reply.body()).isEqualTo(401);
          assertThat(reply.error()).isEqualTo("auth_bad_access_token");
        });
  }

  /** A sign-in expected to fail, sent from an address of its own (see {@link LoopbackClient}). */
  private Reply failingSignIn(String tokenPath, String username, String password) {
    return LoopbackClient.from(api)
        .post(
            tokenPath, json("grant_type", "password", "username", username, "password", password));
  }

  @Test
  void revoking_all_of_a_users_tokens_holds_within_a_second_and_later_tokens_work() {
    ApiClient first = user("ann");
    ApiClient second = api.withToken(Identities.userToken(api, org, app, "ann"));
    assertThat(first.get(path("roles")).status()).isEqualTo(200);

    Reply revoked = first.put(userPath("me") + "/revoketokens", "");

    assertThat(revoked.status()).as(revoked.body()).isEqualTo(200);
    assertRevokedWithinBound(first, path("roles"));
    assertRevokedWithinBound(second, path("roles"));
    ApiClient later = api.withToken(Identities.userToken(api, org, app, "ann"));
    assertThat(later.get(path("roles")).status()).isEqualTo(200);
  }

  @Test
  void an_application_administrator_revokes_a_users_tokens() {
    ApiClient bea = user("bea");

    Reply revoked = api.put(userPath("bea") + "/revoketokens", "");

    assertThat(revoked.status()).as(revoked.body()).isEqualTo(200);
    assertRevokedWithinBound(bea, path("roles"));
  }

  @Test
  void revoking_one_token_leaves_the_users_other_tokens_working() {
    ApiClient kept = user("cal");
    String doomed = Identities.userToken(api, org, app, "cal");

    Reply revoked = kept.put(userPath("cal") + "/revoketoken?token=" + doomed, "");

    assertThat(revoked.status()).as(revoked.body()).isEqualTo(200);
    assertRevokedWithinBound(api.withToken(doomed), path("roles"));
    assertThat(kept.get(path("roles")).status()).isEqualTo(200);
    String othersToken = user("dee").token();
    Reply notHers = kept.put(userPath("cal") + "/revoketoken?token=" + othersToken, "");
    assertThat(notHers.status()).isEqualTo(400);
    assertThat(api.withToken(othersToken).get(path("roles")).status()).isEqualTo(200);
  }

  @Test
  void a_wrong_old_password_is_refused_and_changes_nothing() {
    ApiClient eve = user("eve");

    Reply refused =
        eve.put(
            userPath("eve") + "/password",
            json("oldpassword", "not the password", "newpassword", NEW_PASSWORD));

    assertThat(refused.status()).isEqualTo(400);
    assertThat(refused.error()).isEqualTo("auth_invalid_username_or_password");
    assertThat(eve.get(path("roles")).status()).isEqualTo(200);
    assertThat(Identities.signIn(api, tokenPath(), "eve", Identities.PASSWORD).status())
        .isEqualTo(200);
    assertThat(failingSignIn(tokenPath(), "eve", NEW_PASSWORD).error()).isEqualTo("invalid_grant");
    Reply withoutOld = eve.put(userPath("eve") + "/password", json("newpassword", NEW_PASSWORD));
    assertThat(withoutOld.status()).isEqualTo(400);
  }

  @Test
  void a_password_change_revokes_the_old_tokens_and_replaces_the_password() {
    ApiClient fay = user("fay");

    Reply changed =
        fay.put(
            userPath("fay") + "/password",
            json("oldpassword", Identities.PASSWORD, "newpassword", NEW_PASSWORD));

    assertThat(changed.status()).as(changed.body()).isEqualTo(200);
    assertRevokedWithinBound(fay, path("roles"));
    assertThat(failingSignIn(tokenPath(), "fay", Identities.PASSWORD).error())
        .isEqualTo("invalid_grant");
    Reply signIn = Identities.signIn(api, tokenPath(), "fay", NEW_PASSWORD);
    assertThat(signIn.status()).as(signIn.body()).isEqualTo(200);
    String token = signIn.json().path("access_token").asText();
    assertThat(api.withToken(token).get(path("roles")).status()).isEqualTo(200);
  }

  @Test
  void an_application_administrator_sets_a_password_without_the_old_one() {
    ApiClient gus = user("gus");

    Reply set = api.put(userPath("gus") + "/password", json("newpassword", NEW_PASSWORD));

    assertThat(set.status()).as(set.body()).isEqualTo(200);
    assertThat(Identities.signIn(api, tokenPath(), "gus", NEW_PASSWORD).status()).isEqualTo(200);
    assertRevokedWithinBound(gus, path("roles"));
  }

  @Test
  void a_user_can_neither_revoke_nor_change_another_users_tokens_or_password() {
    ApiClient hal = user("hal");
    ApiClient ivy = user("ivy");

    // Ivy's credentials are what would let anyone act for her (her token ends her session, her
    // old password changes it, as Usergrid's SDKs send them); hal holds neither.
    Reply revokeAll = hal.put(userPath("ivy") + "/revoketokens", "");
    Reply revokeOne = hal.put(userPath("ivy") + "/revoketoken?token=" + hal.token(), "");
    // A wrong password on purpose, from an address of its own: the others sign in from 127.0.0.1.
    Reply password =
        LoopbackClient.from(api)
            .withHeader("Authorization", "Bearer " + hal.token())
            .send(
                "PUT",
                userPath("ivy") + "/password",
                json("oldpassword", "not her password", "newpassword", NEW_PASSWORD),
                "application/json");

    assertThat(revokeAll.status()).isEqualTo(403);
    assertThat(revokeOne.status()).isEqualTo(400);
    assertThat(password.status()).isEqualTo(400);
    assertThat(password.error()).isEqualTo("auth_invalid_username_or_password");
    assertThat(ivy.get(path("roles")).status()).isEqualTo(200);
    assertThat(hal.get(path("roles")).status()).isEqualTo(200);
    assertThat(Identities.signIn(api, tokenPath(), "ivy", Identities.PASSWORD).status())
        .isEqualTo(200);
  }

  @Test
  void an_admin_changes_its_own_password_and_its_old_tokens_stop_working() {
    ApiClient admin = api.withToken(organization.adminToken());
    Reply wrong =
        admin.put(
            "/management/users/me/password",
            json("oldpassword", "not the password", "newpassword", NEW_PASSWORD));
    assertThat(wrong.status()).isEqualTo(400);
    assertThat(wrong.error()).isEqualTo("invalid_grant");
    assertThat(admin.get("/management/me").status()).isEqualTo(200);

    Reply changed =
        admin.put(
            "/management/users/me/password",
            json("oldpassword", Identities.PASSWORD, "newpassword", NEW_PASSWORD));

    assertThat(changed.status()).as(changed.body()).isEqualTo(200);
    assertRevokedWithinBound(admin, "/management/me");
    assertThat(
            failingSignIn("/management/token", organization.admin(), Identities.PASSWORD).error())
        .isEqualTo("invalid_grant");
    String token = Identities.adminToken(api, organization.admin(), NEW_PASSWORD);
    assertThat(api.withToken(token).get("/management/orgs/" + org).status()).isEqualTo(200);
  }

  @Test
  void an_admin_revokes_its_own_tokens_but_not_another_admins() {
    ApiClient admin = api.withToken(organization.adminToken());
    Identities.Organization other =
        Identities.organization(api, "org" + UUID.randomUUID().toString().substring(0, 8));
    ApiClient otherAdmin = api.withToken(other.adminToken());

    Reply foreign = admin.put("/management/users/" + other.admin() + "/revoketokens", "");
    Reply own = admin.put("/management/users/" + organization.admin() + "/revoketokens", "");

    assertThat(foreign.status()).isEqualTo(403);
    assertThat(own.status()).as(own.body()).isEqualTo(200);
    assertRevokedWithinBound(admin, "/management/me");
    assertThat(otherAdmin.get("/management/me").status()).isEqualTo(200);
    String fresh = Identities.adminToken(api, organization.admin(), Identities.PASSWORD);
    assertThat(api.withToken(fresh).get("/management/me").status()).isEqualTo(200);
  }
}
