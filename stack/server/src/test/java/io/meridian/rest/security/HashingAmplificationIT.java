package io.meridian.rest.security;

import static io.meridian.rest.security.Refusals.assertRefused;
import static io.meridian.rest.security.Refusals.assertThrottled;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import io.meridian.core.common.Json;
import io.meridian.core.identity.PasswordHasher;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.LoopbackClient;
import io.meridian.rest.support.MeridianIT;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Anonymous callers (the guest role may {@code POST /users}) must not make the server hash
 * passwords at will: a bad batch is refused before any hashing, a request carries at most 10
 * passwords, an address has a budget of hashes (20 at once, 30 a minute) and of sign-ups (30 a
 * minute, 200 an hour), all with the server's defaults. Each guest here calls from a loopback
 * address of its own, so its budget is fresh and no other test's is spent; the hashes the server
 * computes are read from its {@link PasswordHasher}, which only this test class uses while it runs:
 * every sign-in of every other class hashes through the same one, so this class runs alone.
 */
@Isolated // counts the shared server's bcrypt computations
class HashingAmplificationIT extends MeridianIT {
  private static final int MAX_PASSWORDS_PER_REQUEST = 10;

  @Autowired private PasswordHasher hasher;

  /** {@code count} new users, each with a password when {@code passwords}. */
  private static ArrayNode users(int count, boolean passwords) {
    ArrayNode users = Json.MAPPER.createArrayNode();
    String batch = UUID.randomUUID().toString().substring(0, 8);
    for (int i = 0; i < count; i++) {
      var user = users.addObject().put("username", "u" + batch + "-" + i);
      if (passwords) {
        user.put("password", Identities.PASSWORD);
      }
    }
    return users;
  }

  @Test
  void a_guest_batch_with_one_bad_user_is_refused_before_any_password_is_hashed() {
    LoopbackClient guest = LoopbackClient.from(api);
    ArrayNode noUsername = users(MAX_PASSWORDS_PER_REQUEST - 1, true);
    noUsername.addObject().put("password", Identities.PASSWORD);
    ArrayNode shortPassword = users(MAX_PASSWORDS_PER_REQUEST - 1, true);
    shortPassword.addObject().put("username", "short").put("password", "short");
    ArrayNode sameNameTwice = users(MAX_PASSWORDS_PER_REQUEST - 2, true);
    sameNameTwice.addObject().put("username", "twin").put("password", Identities.PASSWORD);
    sameNameTwice.addObject().put("username", "TWIN").put("password", Identities.PASSWORD);
    long before = hasher.computations();

    Reply missing = guest.post(path("users"), Json.write(noUsername));
    Reply tooShort = guest.post(path("users"), Json.write(shortPassword));
    Reply twice = guest.post(path("users"), Json.write(sameNameTwice));

    assertRefused(missing, 400, "illegal_argument");
    assertRefused(tooShort, 400, "error_password_policy_violation");
    assertRefused(twice, 400, "duplicate_unique_property_exists");
    assertThat(hasher.computations() - before).as("bcrypt computations").isZero();
  }

  @Test
  void a_request_with_more_passwords_than_the_cap_is_refused_and_creates_nobody() {
    ArrayNode users = users(MAX_PASSWORDS_PER_REQUEST + 1, true);
    long before = hasher.computations();

    Reply fromGuest = LoopbackClient.from(api).post(path("users"), Json.write(users));
    Reply fromAdministrator = api.post(path("users"), Json.write(users));

    assertRefused(fromGuest, 400, "illegal_argument");
    assertThat(fromGuest.json().path("error_description").asText())
        .contains("at most " + MAX_PASSWORDS_PER_REQUEST);
    assertRefused(fromAdministrator, 400, "illegal_argument");
    assertThat(hasher.computations() - before).as("bcrypt computations").isZero();
    String first = users.get(0).path("username").asText();
    assertThat(api.get(path("users/" + first)).status()).isEqualTo(404);
  }

  @Test
  void an_address_that_spent_its_hashing_budget_is_refused_with_429_while_others_sign_up() {
    LoopbackClient greedy = LoopbackClient.from(api);
    for (int request = 0; request < 2; request++) {
      Reply spent = greedy.post(path("users"), Json.write(users(MAX_PASSWORDS_PER_REQUEST, true)));
      assertThat(spent.status()).as(spent.body()).isEqualTo(200);
    }
    long before = hasher.computations();

    Reply refused = greedy.post(path("users"), Json.write(users(5, true)));
    long hashedForRefused = hasher.computations() - before;
    Reply elsewhere =
        LoopbackClient.from(api)
            .post(path("users"), Json.write(users(MAX_PASSWORDS_PER_REQUEST, true)));

    assertThrottled(refused);
    assertThat(refused.json().path("error_description").asText()).contains("password");
    assertThat(hashedForRefused).as("bcrypt computations for the refused request").isZero();
    assertThat(elsewhere.status()).as(elsewhere.body()).isEqualTo(200);
  }

  @Test
  void sign_ups_from_one_address_are_throttled_even_without_passwords() {
    LoopbackClient spammer = LoopbackClient.from(api);
    // The burst: 30 a minute (the hourly allowance of 200 is SignUpThrottleTest's).
    for (int request = 0; request < 6; request++) {
      Reply signedUp = spammer.post(path("users"), Json.write(users(5, false)));
      assertThat(signedUp.status()).as(signedUp.body()).isEqualTo(200);
    }

    Reply refused = spammer.post(path("users"), Json.write(users(1, false)));
    Reply elsewhere = LoopbackClient.from(api).post(path("users"), Json.write(users(1, false)));

    long retryAfter = assertThrottled(refused);
    assertThat(refused.json().path("error_description").asText()).contains("sign-ups");
    assertThat(retryAfter).as("until the first sign-up leaves the minute").isBetween(1L, 60L);
    assertThat(elsewhere.status()).as(elsewhere.body()).isEqualTo(200);
  }

  @Test
  void administrators_are_not_rationed() {
    for (int request = 0; request < 3; request++) {
      Reply created = api.post(path("users"), Json.write(users(MAX_PASSWORDS_PER_REQUEST, true)));
      assertThat(created.status()).as(created.body()).isEqualTo(200);
    }
  }
}
