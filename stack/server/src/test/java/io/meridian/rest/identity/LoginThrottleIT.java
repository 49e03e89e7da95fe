package io.meridian.rest.identity;

import static io.meridian.rest.support.Identities.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.LoopbackClient;
import io.meridian.rest.support.MeridianIT;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Failed sign-ins are throttled per user (5 free failures) and per client address (20), with the
 * server's default settings. Every failure here is sent from a loopback address of the test's own:
 * all other tests sign in from 127.0.0.1, which must never be locked.
 */
class LoginThrottleIT extends MeridianIT {
  private static final int USER_FREE_FAILURES = 5;
  private static final int ADDRESS_FREE_FAILURES = 20;

  private String tokenPath() {
    return "/" + org + "/" + app + "/token";
  }

  private static Reply signIn(LoopbackClient client, String path, String user, String password) {
    return client.post(
        path, json("grant_type", "password", "username", user, "password", password));
  }

  private static long assertLocked(Reply reply) {
    assertThat(reply.status()).as(reply.body()).isEqualTo(429);
    assertThat(reply.error()).isEqualTo("too_many_requests");
    assertThat(reply.header("Retry-After")).as("Retry-After").isNotNull();
    long retryAfter = Long.parseLong(reply.header("Retry-After"));
    assertThat(retryAfter).isGreaterThanOrEqualTo(1);
    return retryAfter;
  }

  private static void failRepeatedly(LoopbackClient client, String path, String user, int times) {
    for (int i = 0; i < times; i++) {
      Reply failed = signIn(client, path, user, "wrong password " + i);
      assertThat(failed.status()).as("failure " + i + ": " + failed.body()).isEqualTo(400);
      assertThat(failed.error()).isEqualTo("invalid_grant");
    }
  }

  @Test
  void a_user_is_locked_after_five_failures_even_against_the_right_password_then_let_in_again()
      throws InterruptedException {
    Identities.user(api, org, app, "ann");
    LoopbackClient client = LoopbackClient.from(api);
    failRepeatedly(client, tokenPath(), "ann", USER_FREE_FAILURES);

    Reply locked = signIn(client, tokenPath(), "ann", Identities.PASSWORD);

    long retryAfter = assertLocked(locked);
    assertThat(locked.json().has("access_token")).isFalse();
    Thread.sleep(retryAfter * 1000);
    Reply unlocked = signIn(client, tokenPath(), "ann", Identities.PASSWORD);
    assertThat(unlocked.status()).as(unlocked.body()).isEqualTo(200);
    assertThat(unlocked.json().path("user").path("username").asText()).isEqualTo("ann");
  }

  @Test
  void the_lock_of_a_user_holds_from_every_address() {
    Identities.user(api, org, app, "bea");
    failRepeatedly(LoopbackClient.from(api), tokenPath(), "bea", USER_FREE_FAILURES);

    Reply elsewhere = signIn(LoopbackClient.from(api), tokenPath(), "bea", Identities.PASSWORD);

    assertLocked(elsewhere);
  }

  @Test
  void an_unknown_username_is_locked_the_same_way_as_a_real_one() {
    Identities.user(api, org, app, "cal");
    LoopbackClient client = LoopbackClient.from(api);
    for (int i = 0; i < USER_FREE_FAILURES; i++) {
      failRepeatedly(client, tokenPath(), "cal", 1);
      failRepeatedly(client, tokenPath(), "nobody", 1);
    }

    Reply real = signIn(client, tokenPath(), "cal", "wrong password");
    Reply unknown = signIn(client, tokenPath(), "nobody", "wrong password");

    assertLocked(real);
    assertLocked(unknown);
    assertThat(unknown.json().path("error_description").asText())
        .isEqualTo(real.json().path("error_description").asText());
  }

  @Test
  void an_admin_is_locked_after_five_failures_at_the_management_token_endpoint() {
    LoopbackClient client = LoopbackClient.from(api);
    failRepeatedly(client, "/management/token", organization.admin(), USER_FREE_FAILURES);

    Reply locked = signIn(client, "/management/token", organization.admin(), Identities.PASSWORD);

    assertLocked(locked);
  }

  @Test
  void an_address_is_locked_after_twenty_failures_while_others_still_sign_in() {
    Identities.user(api, org, app, "dee");
    LoopbackClient attacker = LoopbackClient.from(api);
    for (int i = 0; i < ADDRESS_FREE_FAILURES; i++) {
      String guess = "guess-" + i + "-" + UUID.randomUUID().toString().substring(0, 6);
      Reply failed = signIn(attacker, tokenPath(), guess, "wrong password");
      assertThat(failed.status()).as("failure " + i + ": " + failed.body()).isEqualTo(400);
    }

    Reply locked = signIn(attacker, tokenPath(), "dee", Identities.PASSWORD);
    Reply fromLocalhost = Identities.signIn(api, tokenPath(), "dee", Identities.PASSWORD);
    Reply fromElsewhere = signIn(LoopbackClient.from(api), tokenPath(), "dee", Identities.PASSWORD);

    assertLocked(locked);
    assertThat(fromLocalhost.status()).as(fromLocalhost.body()).isEqualTo(200);
    assertThat(fromElsewhere.status()).as(fromElsewhere.body()).isEqualTo(200);
  }
}
