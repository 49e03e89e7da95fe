package io.meridian.rest.security;

import static io.meridian.rest.security.Refusals.assertThrottled;
import static io.meridian.rest.support.Identities.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.identity.login.RegistrationThrottle;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.ExtraNode;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.LoopbackClient;
import io.meridian.rest.support.MeridianIT;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Threat: registrations and invitations sent without bound, by anyone while registration is open
 * (each organization comes with an admin whose password is hashed) or by any admin with a token
 * (each invitation is stored and meant to reach a mailbox). An address registers a few
 * organizations an hour, an inviter and an address invite or add a few admins an hour; beyond that
 * a {@code 429} with {@code Retry-After}, counted, and nothing is created. The shared test server
 * lifts the registration allowance (every class registers organizations from 127.0.0.1), so this
 * class runs a node of its own with small allowances: 3 registrations per address, 3 admins per
 * inviter and 5 per address.
 */
class RegistrationRationingIT extends MeridianIT {
  private static final int REGISTRATIONS = 3;
  private static final int PER_INVITER = 3;
  private static final int PER_ADDRESS = 5;

  private static ExtraNode node;

  @BeforeAll
  static void a_node_with_small_allowances() {
    node =
        ExtraNode.start(
            Map.of(
                "meridian.identity.registrations.per-address", Integer.toString(REGISTRATIONS),
                "meridian.identity.invitations.per-inviter", Integer.toString(PER_INVITER),
                "meridian.identity.invitations.per-address", Integer.toString(PER_ADDRESS)));
  }

  @AfterAll
  static void stop() {
    node.close();
  }

  private static String unique(String prefix) {
    return prefix + UUID.randomUUID().toString().substring(0, 8);
  }

  private static String registration(String organization) {
    String admin = unique("owner");
    return json(
        "organization",
        organization,
        "username",
        admin,
        "email",
        admin + "@example.com",
        "password",
        Identities.PASSWORD);
  }

  private static LoopbackClient from(String address, String token) {
    return LoopbackClient.from(node.client(), address)
        .withHeader("Authorization", "Bearer " + token);
  }

  private static String someAddress() {
    return LoopbackClient.from(node.client()).source();
  }

  private String invite(String email) {
    return "/management/orgs/" + org + "/users/" + email;
  }

  private static int pendingInvitations(Identities.Organization invitee) {
    Reply pending =
        node.client().withToken(invitee.adminToken()).get("/management/users/me/invitations");
    assertThat(pending.status()).as(pending.body()).isEqualTo(200);
    return pending.json().path("data").size();
  }

  @Test
  void an_address_registers_its_allowance_of_organizations_and_no_more() {
    LoopbackClient guest = LoopbackClient.from(node.client());
    for (int i = 0; i < REGISTRATIONS; i++) {
      Reply registered = guest.post("/management/orgs", registration(unique("rationed")));
      assertThat(registered.status()).as(registered.body()).isEqualTo(200);
    }
    long refusalsBefore = node.bean(RegistrationThrottle.class).refusals();
    String refusedName = unique("refused");

    Reply refused = guest.post("/management/orgs", registration(refusedName));

    assertThrottled(refused);
    assertThat(refused.json().path("error_description").asText()).contains("organizations");
    assertThat(node.bean(RegistrationThrottle.class).refusals()).isEqualTo(refusalsBefore + 1);
    ApiClient superuser = node.client().withToken(Identities.superuserToken(node.client()));
    assertThat(superuser.get("/management/orgs/" + refusedName).status()).isEqualTo(404);
    Reply elsewhere =
        LoopbackClient.from(node.client()).post("/management/orgs", registration(refusedName));
    assertThat(elsewhere.status()).as(elsewhere.body()).isEqualTo(200);
  }

  @Test
  void a_malformed_registration_spends_nothing_and_the_superuser_is_not_rationed() {
    LoopbackClient guest = LoopbackClient.from(node.client());
    for (int i = 0; i <= REGISTRATIONS; i++) {
      Reply malformed =
          guest.post("/management/orgs", json("organization", unique("bad"), "password", "x"));
      assertThat(malformed.status()).as(malformed.body()).isEqualTo(400);
    }
    Reply registered = guest.post("/management/orgs", registration(unique("fine")));
    assertThat(registered.status()).as(registered.body()).isEqualTo(200);

    ApiClient superuser = node.client().withToken(Identities.superuserToken(node.client()));
    for (int i = 0; i <= REGISTRATIONS; i++) {
      Reply byRoot = superuser.post("/management/orgs", registration(unique("root")));
      assertThat(byRoot.status()).as(byRoot.body()).isEqualTo(200);
    }
  }

  @Test
  void an_admin_invites_its_allowance_whatever_address_it_sends_from() {
    Identities.Organization invitee = Identities.organization(api, unique("invitee"));
    for (int i = 0; i < PER_INVITER; i++) {
      Reply invited =
          from(someAddress(), organization.adminToken())
              .send("PUT", invite(unique("nobody") + "@example.com"), "", "application/json");
      assertThat(invited.status()).as(invited.body()).isEqualTo(200);
    }

    Reply refused =
        from(someAddress(), organization.adminToken())
            .send("PUT", invite(invitee.admin() + "@example.com"), "", "application/json");
    Reply created =
        from(someAddress(), organization.adminToken())
            .post(
                "/management/orgs/" + org + "/users",
                json(
                    "username",
                    unique("direct"),
                    "email",
                    unique("direct") + "@example.com",
                    "password",
                    Identities.PASSWORD));

    assertThrottled(refused);
    assertThat(refused.json().path("error_description").asText()).contains("invited");
    assertThat(pendingInvitations(invitee)).isZero();
    assertThrottled(created);
    Reply admins =
        node.client()
            .withToken(organization.adminToken())
            .get("/management/orgs/" + org + "/users");
    assertThat(admins.json().path("data").size()).isEqualTo(1);
  }

  @Test
  void an_address_invites_its_allowance_whichever_admins_send_from_it() {
    Identities.Organization second = Identities.organization(api, unique("second"));
    String shared = someAddress();
    for (int i = 0; i < PER_INVITER; i++) {
      Reply invited =
          from(shared, organization.adminToken())
              .send("PUT", invite(unique("nobody") + "@example.com"), "", "application/json");
      assertThat(invited.status()).as(invited.body()).isEqualTo(200);
    }
    String theirs = "/management/orgs/" + second.name() + "/users/";
    for (int i = PER_INVITER; i < PER_ADDRESS; i++) {
      Reply invited =
          from(shared, second.adminToken())
              .send("PUT", theirs + unique("nobody") + "@example.com", "", "application/json");
      assertThat(invited.status()).as(invited.body()).isEqualTo(200);
    }

    Reply refused =
        from(shared, second.adminToken())
            .send("PUT", theirs + unique("nobody") + "@example.com", "", "application/json");
    Reply elsewhere =
        from(someAddress(), second.adminToken())
            .send("PUT", theirs + unique("nobody") + "@example.com", "", "application/json");

    assertThrottled(refused);
    assertThat(elsewhere.status()).as(elsewhere.body()).isEqualTo(200);
  }
}
