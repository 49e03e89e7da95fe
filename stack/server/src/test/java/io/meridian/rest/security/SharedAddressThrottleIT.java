package io.meridian.rest.security;

import static io.meridian.rest.security.Refusals.assertRefused;
import static io.meridian.rest.security.Refusals.assertThrottled;
import static io.meridian.rest.support.Identities.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.Identities.Credentials;
import io.meridian.rest.support.LoopbackClient;
import io.meridian.rest.support.MeridianIT;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;

/**
 * Many clients behind one address (a NAT, a load balancer) are not locked out together by one of
 * them, and an address named in {@code X-Forwarded-For} counts only when a trusted proxy (the test
 * server trusts 127.255.0.0/16) says so. The server's default limits: 5 free failures per account
 * and per client secret at an address, 20 per address.
 */
class SharedAddressThrottleIT extends MeridianIT {
  private static final int ADDRESS_FREE_FAILURES = 20;
  private static final int SECRET_FREE_FAILURES = 5;

  private String tokenPath() {
    return "/" + org + "/" + app + "/token";
  }

  private static Reply signIn(LoopbackClient client, String path, String user, String password) {
    return client.post(
        path, json("grant_type", "password", "username", user, "password", password));
  }

  private static Reply grant(LoopbackClient client, String path, String id, String secret) {
    return client.post(
        path, json("grant_type", "client_credentials", "client_id", id, "client_secret", secret));
  }

  /** Fails a sign-in for as many different unknown users: only the address's count grows. */
  private static void guessAtManyAccounts(LoopbackClient client, String path, int times) {
    for (int i = 0; i < times; i++) {
      assertRefused(
          signIn(client, path, "nobody-" + UUID.randomUUID(), "guess " + i), 400, "invalid_grant");
    }
  }

  /** A random address of 198.18.0.0/15 (benchmarking), forwarded as a client's. */
  private static String someClient() {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    return "198."
        + random.nextInt(18, 20)
        + "."
        + random.nextInt(256)
        + "."
        + random.nextInt(1, 255);
  }

  /** A trusted proxy of the test server, at an address of its own. */
  private LoopbackClient proxy() {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    return LoopbackClient.from(
        api, "127.255." + random.nextInt(256) + "." + random.nextInt(1, 255));
  }

  @Test
  void an_attacker_behind_the_load_balancer_locks_only_its_own_address() {
    Identities.user(api, org, app, "lb-ann");
    LoopbackClient balancer = proxy();
    LoopbackClient attacker = balancer.withHeader("X-Forwarded-For", someClient());
    guessAtManyAccounts(attacker, tokenPath(), ADDRESS_FREE_FAILURES);

    Reply attackerAgain = signIn(attacker, tokenPath(), "lb-ann", Identities.PASSWORD);
    Reply neighbour =
        signIn(
            balancer.withHeader("X-Forwarded-For", someClient()),
            tokenPath(),
            "lb-ann",
            Identities.PASSWORD);

    assertThrottled(attackerAgain);
    assertThat(neighbour.status()).as(neighbour.body()).isEqualTo(200);
  }

  @Test
  void the_client_is_the_rightmost_address_no_trusted_proxy_added() {
    Identities.user(api, org, app, "lb-bob");
    LoopbackClient balancer = proxy();
    String attacker = someClient();
    // The attacker writes a new address of its own each time; the balancer appends the real one.
    for (int i = 0; i < ADDRESS_FREE_FAILURES; i++) {
      LoopbackClient forwarded =
          balancer.withHeader("X-Forwarded-For", someClient() + ", " + attacker);
      assertRefused(
          signIn(forwarded, tokenPath(), "nobody-" + UUID.randomUUID(), "guess"),
          400,
          "invalid_grant");
    }

    Reply again =
        signIn(
            balancer.withHeader("X-Forwarded-For", someClient() + ", " + attacker),
            tokenPath(),
            "lb-bob",
            Identities.PASSWORD);

    assertThrottled(again);
  }

  @Test
  void a_forwarded_address_from_a_peer_that_is_not_a_trusted_proxy_is_ignored() {
    Identities.user(api, org, app, "spoof-cy");
    LoopbackClient untrusted = LoopbackClient.from(api);
    for (int i = 0; i < ADDRESS_FREE_FAILURES; i++) {
      LoopbackClient spoofing = untrusted.withHeader("X-Forwarded-For", someClient());
      assertRefused(
          signIn(spoofing, tokenPath(), "nobody-" + UUID.randomUUID(), "guess"),
          400,
          "invalid_grant");
    }

    Reply again =
        signIn(
            untrusted.withHeader("X-Forwarded-For", someClient()),
            tokenPath(),
            "spoof-cy",
            Identities.PASSWORD);

    assertThrottled(again);
  }

  @Test
  void a_locked_nat_still_lets_in_the_accounts_that_signed_in_from_it() {
    Identities.user(api, org, app, "nat-dee");
    Identities.user(api, org, app, "nat-eve");
    LoopbackClient nat = LoopbackClient.from(api);
    Reply before = signIn(nat, tokenPath(), "nat-dee", Identities.PASSWORD);
    assertThat(before.status()).as(before.body()).isEqualTo(200);
    guessAtManyAccounts(nat, tokenPath(), ADDRESS_FREE_FAILURES);

    Reply known = signIn(nat, tokenPath(), "nat-dee", Identities.PASSWORD);
    Reply newHere = signIn(nat, tokenPath(), "nat-eve", Identities.PASSWORD);

    assertThat(known.status()).as(known.body()).isEqualTo(200);
    assertThrottled(newHere);
  }

  @Test
  void wrong_client_secrets_lock_out_no_other_application_behind_the_same_address() {
    String other = "app" + UUID.randomUUID().toString().substring(0, 8);
    Credentials otherCredentials = Identities.application(api, organization, other);
    Identities.user(api.withToken(organization.adminToken()), org, other, "iso-fay");
    LoopbackClient nat = LoopbackClient.from(api);
    // More wrong secrets, for more client ids, than the address would allow wrong passwords.
    for (int i = 0; i <= ADDRESS_FREE_FAILURES; i++) {
      String someId = "YXA6" + UUID.randomUUID().toString().replace("-", "").substring(0, 22);
      assertRefused(grant(nat, tokenPath(), someId, "YXA6wrong-" + i), 400, "invalid_grant");
    }
    for (int i = 0; i < SECRET_FREE_FAILURES; i++) {
      assertRefused(
          grant(nat, tokenPath(), credentials.clientId(), "YXA6wrong-" + i), 400, "invalid_grant");
    }
    Reply wrongAgain = grant(nat, tokenPath(), credentials.clientId(), "YXA6wrong-again");

    String otherPath = "/" + org + "/" + other + "/token";
    Reply otherClient =
        grant(nat, otherPath, otherCredentials.clientId(), otherCredentials.clientSecret());
    Reply otherUser = signIn(nat, otherPath, "iso-fay", Identities.PASSWORD);

    assertThrottled(wrongAgain);
    assertThat(otherClient.status()).as(otherClient.body()).isEqualTo(200);
    assertThat(otherUser.status()).as(otherUser.body()).isEqualTo(200);
  }

  @Test
  void a_stranger_behind_the_same_address_cannot_lock_an_application_out_of_its_grant() {
    LoopbackClient nat = LoopbackClient.from(api);
    for (int i = 0; i < SECRET_FREE_FAILURES; i++) {
      assertRefused(
          grant(nat, tokenPath(), credentials.clientId(), "YXA6stranger-" + i),
          400,
          "invalid_grant");
    }
    assertThrottled(grant(nat, tokenPath(), credentials.clientId(), "YXA6stranger-again"));

    Reply holder = grant(nat, tokenPath(), credentials.clientId(), credentials.clientSecret());

    assertThat(holder.status()).as(holder.body()).isEqualTo(200);
    assertThat(holder.json().path("access_token").asText()).isNotEmpty();
  }
}
