package io.meridian.rest.security;

import static io.meridian.rest.security.Refusals.assertRefused;
import static io.meridian.rest.security.Refusals.assertThrottled;
import static io.meridian.rest.support.Identities.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.LoopbackClient;
import io.meridian.rest.support.MeridianIT;
import org.junit.jupiter.api.Test;

/**
 * Password guessing must stay throttled however the account is named and wherever the password is
 * checked: sign-in by username, email or uuid, and the old password of a password change, all count
 * against one lock per account (5 free failures with the server's defaults). Guesses come from
 * loopback addresses of the tests' own, so no other test's address is locked.
 */
class SignInThrottleBypassIT extends MeridianIT {
  private static final int FREE_FAILURES = 5;
  private static final String NEW_PASSWORD = "a brand new passphrase";

  private String tokenPath() {
    return "/" + org + "/" + app + "/token";
  }

  private static Reply signIn(LoopbackClient client, String path, String login, String password) {
    return client.post(
        path, json("grant_type", "password", "username", login, "password", password));
  }

  private static void fail(LoopbackClient client, String path, String login, int times) {
    for (int i = 0; i < times; i++) {
      assertRefused(signIn(client, path, login, "wrong guess " + i), 400, "invalid_grant");
    }
  }

  private static Reply changePassword(
      LoopbackClient client, String path, String token, String oldPassword) {
    return client.send(
        "PUT",
        path + "?access_token=" + token,
        json("oldpassword", oldPassword, "newpassword", NEW_PASSWORD),
        "application/json");
  }

  @Test
  void a_user_locked_out_by_username_cannot_go_on_guessing_by_email_or_uuid() {
    String uuid = Identities.user(api, org, app, "ann");
    LoopbackClient attacker = LoopbackClient.from(api);
    fail(attacker, tokenPath(), "ann", FREE_FAILURES);

    Reply byEmail = signIn(attacker, tokenPath(), "ann@example.com", "another guess");
    Reply byUuid = signIn(attacker, tokenPath(), uuid, "yet another guess");
    Reply fromElsewhere =
        signIn(LoopbackClient.from(api), tokenPath(), "ANN@example.com", Identities.PASSWORD);

    assertThrottled(byEmail);
    assertThrottled(byUuid);
    assertThrottled(fromElsewhere);
  }

  @Test
  void guesses_spread_over_username_email_and_uuid_count_as_one_account() {
    String uuid = Identities.user(api, org, app, "bob");
    LoopbackClient attacker = LoopbackClient.from(api);
    fail(attacker, tokenPath(), "bob", 2);
    fail(attacker, tokenPath(), "bob@example.com", 2);
    fail(attacker, tokenPath(), uuid, 1);

    assertThrottled(signIn(attacker, tokenPath(), "bob", Identities.PASSWORD));
  }

  @Test
  void an_unknown_email_is_locked_like_a_known_one_and_says_the_same() {
    Identities.user(api, org, app, "cat");
    LoopbackClient attacker = LoopbackClient.from(api);
    // Each account is tried at once after its own failures: the first lock lasts a second
    // (throttle.base-delay), less than five more sign-ins take on a loaded machine.
    fail(attacker, tokenPath(), "cat@example.com", FREE_FAILURES);
    Reply known = signIn(attacker, tokenPath(), "cat@example.com", "wrong");
    fail(attacker, tokenPath(), "nobody@example.com", FREE_FAILURES);
    Reply unknown = signIn(attacker, tokenPath(), "nobody@example.com", "wrong");

    assertThrottled(known);
    assertThrottled(unknown);
    assertThat(unknown.json().path("error_description").asText())
        .isEqualTo(known.json().path("error_description").asText());
  }

  @Test
  void an_admin_locked_out_by_username_cannot_go_on_guessing_by_email() {
    LoopbackClient attacker = LoopbackClient.from(api);
    fail(attacker, "/management/token", organization.admin(), FREE_FAILURES);

    Reply byEmail =
        signIn(attacker, "/management/token", organization.admin() + "@example.com", "guess");

    assertThrottled(byEmail);
  }

  @Test
  void a_stolen_user_token_cannot_guess_the_password_through_a_password_change() {
    Identities.user(api, org, app, "dan");
    String stolen = Identities.userToken(api, org, app, "dan");
    LoopbackClient thief = LoopbackClient.from(api);
    for (int i = 0; i < FREE_FAILURES; i++) {
      assertRefused(
          changePassword(thief, path("users/dan/password"), stolen, "guess " + i),
          400,
          "auth_invalid_username_or_password");
    }

    Reply rightGuess =
        changePassword(thief, path("users/dan/password"), stolen, Identities.PASSWORD);
    Reply signInElsewhere =
        signIn(LoopbackClient.from(api), tokenPath(), "dan", Identities.PASSWORD);

    assertThrottled(rightGuess);
    assertThrottled(signInElsewhere);
    assertThat(Identities.signIn(api, tokenPath(), "dan", NEW_PASSWORD).status())
        .as("the password was not changed")
        .isEqualTo(400);
  }

  @Test
  void a_stolen_admin_token_cannot_guess_the_password_through_a_password_change() {
    String path = "/management/users/" + organization.admin() + "/password";
    LoopbackClient thief = LoopbackClient.from(api);
    for (int i = 0; i < FREE_FAILURES; i++) {
      assertRefused(
          changePassword(thief, path, organization.adminToken(), "guess " + i),
          400,
          "invalid_grant");
    }

    Reply rightGuess = changePassword(thief, path, organization.adminToken(), Identities.PASSWORD);

    assertThrottled(rightGuess);
  }

  @Test
  void
      the_owner_still_signs_in_from_an_address_it_used_while_a_stranger_keeps_the_account_locked() {
    Identities.user(api, org, app, "eve");
    LoopbackClient owner = LoopbackClient.from(api);
    assertThat(signIn(owner, tokenPath(), "eve", Identities.PASSWORD).status()).isEqualTo(200);
    fail(LoopbackClient.from(api), tokenPath(), "eve", FREE_FAILURES);

    Reply newcomer = signIn(LoopbackClient.from(api), tokenPath(), "eve", Identities.PASSWORD);
    Reply fromOwnersAddress = signIn(owner, tokenPath(), "eve", Identities.PASSWORD);

    assertThrottled(newcomer);
    assertThat(fromOwnersAddress.status()).as(fromOwnersAddress.body()).isEqualTo(200);
  }
}
