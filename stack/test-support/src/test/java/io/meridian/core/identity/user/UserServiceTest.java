package io.meridian.core.identity.user;

import static io.meridian.testing.Bodies.json;
import static io.meridian.testing.Refusals.codeOf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.entity.WriteOptions;
import io.meridian.core.identity.PrincipalKind;
import io.meridian.core.identity.Requester;
import io.meridian.testing.Bodies;
import io.meridian.testing.MemoryCore;
import io.meridian.testing.MemoryIdentity;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class UserServiceTest {
  private static final Requester ADMIN = Requester.administrator("10.0.0.1");
  private static final Requester GUEST = Requester.member("10.0.0.2");

  private final MemoryCore core = new MemoryCore();
  private final MemoryIdentity identity = new MemoryIdentity(core);
  private final UserService users = identity.users;

  private StoredEntity create(String body, Requester requester) {
    return users.create(core.app, List.of(json(body)), WriteOptions.DEFAULT, requester).get(0);
  }

  private StoredEntity ada() {
    return create(
        "{'username': 'ada', 'email': 'Ada@Example.com', 'password': 'lovelace1'}", ADMIN);
  }

  @Test
  void a_new_user_is_activated_holds_no_password_and_is_found_by_uuid_username_or_email() {
    StoredEntity ada = ada();

    assertThat(Bodies.of(ada).path("activated").asBoolean()).isTrue();
    assertThat(ada.json()).doesNotContain("password").doesNotContain("lovelace1");
    assertThat(users.find(core.app, ada.uuid().toString())).contains(ada);
    assertThat(users.find(core.app, "ADA")).contains(ada);
    assertThat(users.find(core.app, "ada@example.COM")).contains(ada);
    assertThat(users.find(core.app, "bob@example.com")).isEmpty();
    assertThat(users.find(core.app, " ")).isEmpty();
    assertThat(users.find(core.app, "bob")).isEmpty();
  }

  @Test
  void a_users_password_is_hashed_apart_and_checked() {
    StoredEntity ada = ada();

    assertThat(identity.credentials.passwordHash(core.app.id(), ada.uuid()))
        .hasValueSatisfying(hash -> assertThat(hash).startsWith("$2"));
    assertThat(users.passwordMatches(core.app, Optional.of(ada), "lovelace1")).isTrue();
    assertThat(users.passwordMatches(core.app, Optional.of(ada), "lovelace2")).isFalse();
    assertThat(users.passwordMatches(core.app, Optional.empty(), "lovelace1")).isFalse();
  }

  @Test
  void an_explicit_activated_flag_is_kept() {
    assertThat(
            Bodies.of(create("{'username': 'bob', 'activated': false}", ADMIN))
                .path("activated")
                .asBoolean())
        .isFalse();
  }

  @Test
  void bodies_a_user_cannot_be_are_refused_before_anything_is_written() {
    assertThat(codeOf(() -> create("{'email': 'x@y.z'}", ADMIN)))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    assertThat(codeOf(() -> create("{'username': ' '}", ADMIN)))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    assertThat(codeOf(() -> create("{'username': 'bob', 'email': 'bob@x.io\\r\\nBcc: y'}", ADMIN)))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    assertThat(codeOf(() -> create("{'username': 'bob', 'password': 12345678}", ADMIN)))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    assertThat(codeOf(() -> create("{'username': 'bob', 'password': 'short'}", ADMIN)))
        .isEqualTo(ErrorCode.PASSWORD_POLICY_VIOLATION);
    assertThat(
            codeOf(() -> users.create(core.app, List.of(json("[1]")), WriteOptions.DEFAULT, ADMIN)))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    assertThat(core.store.hasCollection(core.app.id(), "users")).isFalse();
  }

  @Test
  void an_email_taken_in_the_app_or_twice_in_one_request_is_a_duplicate_and_creates_nobody() {
    ada();
    List<JsonNode> twice =
        List.of(
            json("{'username': 'bob', 'email': 'bob@example.com'}"),
            json("{'username': 'bobby', 'email': 'BOB@example.com'}"));

    assertThat(codeOf(() -> create("{'username': 'eve', 'email': 'ada@example.com'}", ADMIN)))
        .isEqualTo(ErrorCode.DUPLICATE_UNIQUE_PROPERTY_EXISTS);
    assertThat(codeOf(() -> users.create(core.app, twice, WriteOptions.DEFAULT, ADMIN)))
        .isEqualTo(ErrorCode.DUPLICATE_UNIQUE_PROPERTY_EXISTS);
    assertThat(users.find(core.app, "eve")).isEmpty();
    assertThat(users.find(core.app, "bob")).isEmpty();
  }

  @Test
  void a_failed_create_releases_the_emails_it_claimed() {
    ada();

    // the email is free, the username is not: the create fails after the email was claimed
    assertThat(codeOf(() -> create("{'username': 'ada', 'email': 'new@example.com'}", ADMIN)))
        .isEqualTo(ErrorCode.DUPLICATE_UNIQUE_PROPERTY_EXISTS);

    assertThat(core.store.nameHolder(core.app.id(), UserEmails.NAMESPACE, "new@example.com"))
        .isEmpty();
    assertThat(create("{'username': 'neo', 'email': 'new@example.com'}", ADMIN).name())
        .isEqualTo("neo");
  }

  @Test
  void an_email_claim_left_by_a_crash_is_taken_over_once_old_enough() {
    core.store.claimName(
        core.app.id(), UserEmails.NAMESPACE, "ada@example.com", core.ids.newTimeUuid());

    assertThat(codeOf(() -> ada())).isEqualTo(ErrorCode.DUPLICATE_UNIQUE_PROPERTY_EXISTS);
    core.clock.advance(Duration.ofSeconds(31));
    StoredEntity ada = ada();

    assertThat(core.store.nameHolder(core.app.id(), UserEmails.NAMESPACE, "ada@example.com"))
        .hasValueSatisfying(holder -> assertThat(holder.uuid()).isEqualTo(ada.uuid()));
  }

  @Test
  void more_passwords_than_a_request_may_hash_are_refused() {
    List<JsonNode> bodies = new ArrayList<>();
    for (int i = 0; i <= MemoryIdentity.MAX_PASSWORDS_PER_REQUEST; i++) {
      bodies.add(json("{'username': 'u" + i + "', 'password': 'password" + i + "'}"));
    }

    assertThat(codeOf(() -> users.create(core.app, bodies, WriteOptions.DEFAULT, ADMIN)))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
  }

  @Test
  void sign_ups_by_anyone_but_an_administrator_are_throttled_per_address() {
    for (int i = 0; i < 5; i++) {
      create("{'username': 'guest" + i + "'}", GUEST);
    }

    assertThat(codeOf(() -> create("{'username': 'guest5'}", GUEST)))
        .isEqualTo(ErrorCode.TOO_MANY_REQUESTS);
    assertThat(create("{'username': 'staff'}", ADMIN).name()).isEqualTo("staff");
    assertThat(identity.signUps.refusals()).isEqualTo(1);
  }

  @Test
  void a_limit_of_passwords_per_request_beyond_the_hashing_burst_is_a_configuration_error() {
    assertThatThrownBy(
            () ->
                new UserService(
                    core.entities,
                    core.store,
                    identity.credentials,
                    identity.hasher,
                    identity.tokens,
                    core.ids,
                    identity.budget,
                    identity.signUps,
                    identity.budget.burst() + 1))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void an_update_moves_the_email_claim_and_keeps_the_password() {
    StoredEntity ada = ada();

    StoredEntity updated =
        users.update(
            core.app,
            "ada",
            json("{'email': 'countess@example.com'}"),
            WriteOptions.DEFAULT,
            ADMIN);

    assertThat(Bodies.of(updated).path("email").asText()).isEqualTo("countess@example.com");
    assertThat(users.find(core.app, "countess@example.com"))
        .map(StoredEntity::uuid)
        .contains(ada.uuid());
    assertThat(users.find(core.app, "ada@example.com")).isEmpty();
    assertThat(core.store.nameHolder(core.app.id(), UserEmails.NAMESPACE, "ada@example.com"))
        .isEmpty();
    assertThat(users.passwordMatches(core.app, Optional.of(updated), "lovelace1")).isTrue();
  }

  @Test
  void an_update_that_removes_the_email_frees_it() {
    ada();

    users.update(core.app, "ada", json("{'email': null}"), WriteOptions.DEFAULT, ADMIN);

    assertThat(core.store.nameHolder(core.app.id(), UserEmails.NAMESPACE, "ada@example.com"))
        .isEmpty();
    assertThat(create("{'username': 'bob', 'email': 'ada@example.com'}", ADMIN).name())
        .isEqualTo("bob");
  }

  @Test
  void an_email_has_no_format_rule_and_a_username_that_looks_like_one_is_found() {
    StoredEntity bob = create("{'username': 'bob', 'email': 'bob at home'}", ADMIN);
    StoredEntity odd = create("{'username': 'odd@name.io', 'email': 'odd@example.com'}", ADMIN);

    assertThat(users.find(core.app, "bob at home")).isEmpty(); // not a login: no @
    assertThat(users.find(core.app, "bob")).contains(bob);
    assertThat(users.find(core.app, "odd@name.io")).contains(odd);
    assertThat(users.find(core.app, "ODD@example.com")).contains(odd);
  }

  @Test
  void an_update_drops_the_password_pin_and_activated_and_keeps_the_password() {
    StoredEntity ada = ada();

    StoredEntity updated =
        users.update(
            core.app,
            "ada",
            json("{'password': 'newpass12', 'pin': '1234', 'activated': false, 'age': 36}"),
            WriteOptions.DEFAULT,
            GUEST);

    assertThat(Bodies.of(updated).path("age").asInt()).isEqualTo(36);
    assertThat(Bodies.of(updated).has("pin")).isFalse();
    assertThat(UserService.isActivated(updated)).isTrue();
    assertThat(users.passwordMatches(core.app, Optional.of(ada), "lovelace1")).isTrue();
    assertThat(users.passwordMatches(core.app, Optional.of(ada), "newpass12")).isFalse();
  }

  @Test
  void a_deactivated_user_is_not_activated_and_its_tokens_are_revoked_until_activated() {
    StoredEntity ada = ada();
    String token =
        identity.tokens.issue(PrincipalKind.APP_USER, ada.uuid(), core.app.id(), null).text();

    StoredEntity off = users.setActivated(core.app, ada, false, WriteOptions.DEFAULT);

    assertThat(UserService.isActivated(off)).isFalse();
    assertThat(codeOf(() -> identity.tokens.authenticate(token)))
        .isEqualTo(ErrorCode.BAD_ACCESS_TOKEN);
    assertThat(
            UserService.isActivated(users.setActivated(core.app, off, true, WriteOptions.DEFAULT)))
        .isTrue();
  }

  @Test
  void an_update_to_a_taken_email_is_refused_and_changes_nothing() {
    ada();
    create("{'username': 'bob', 'email': 'bob@example.com'}", ADMIN);

    assertThat(
            codeOf(
                () ->
                    users.update(
                        core.app,
                        "ada",
                        json("{'email': 'bob@example.com'}"),
                        WriteOptions.DEFAULT,
                        ADMIN)))
        .isEqualTo(ErrorCode.DUPLICATE_UNIQUE_PROPERTY_EXISTS);
    assertThat(codeOf(() -> users.update(core.app, "ada", json("[]"), WriteOptions.DEFAULT, ADMIN)))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    assertThat(users.find(core.app, "ada@example.com")).isPresent();
  }

  @Test
  void a_failed_update_releases_the_new_email_it_claimed() {
    ada();
    create("{'username': 'bob'}", ADMIN);

    assertThat(
            codeOf(
                () ->
                    users.update(
                        core.app,
                        "ada",
                        json("{'username': 'bob', 'email': 'new@example.com'}"),
                        WriteOptions.DEFAULT,
                        ADMIN)))
        .isEqualTo(ErrorCode.DUPLICATE_UNIQUE_PROPERTY_EXISTS);

    assertThat(core.store.nameHolder(core.app.id(), UserEmails.NAMESPACE, "new@example.com"))
        .isEmpty();
    assertThat(users.find(core.app, "ada@example.com")).isPresent();
  }

  @Test
  void an_update_of_a_missing_user_by_name_creates_it_with_that_username() {
    StoredEntity created =
        users.update(core.app, "carol", json("{'title': 'Dr'}"), WriteOptions.DEFAULT, ADMIN);

    assertThat(created.name()).isEqualTo("carol");
    assertThat(users.find(core.app, "carol")).contains(created);
  }

  @Test
  void setting_a_password_replaces_the_hash_and_revokes_the_users_tokens() {
    StoredEntity ada = ada();
    String token =
        identity.tokens.issue(PrincipalKind.APP_USER, ada.uuid(), core.app.id(), null).text();

    users.setPassword(core.app, ada, "babbage12", GUEST);

    assertThat(users.passwordMatches(core.app, Optional.of(ada), "babbage12")).isTrue();
    assertThat(users.passwordMatches(core.app, Optional.of(ada), "lovelace1")).isFalse();
    assertThat(codeOf(() -> identity.tokens.authenticate(token)))
        .isEqualTo(ErrorCode.BAD_ACCESS_TOKEN);
    assertThat(codeOf(() -> users.setPassword(core.app, ada, "short", ADMIN)))
        .isEqualTo(ErrorCode.PASSWORD_POLICY_VIOLATION);
  }

  @Test
  void a_deleted_user_leaves_no_email_claim_password_or_token_behind() {
    StoredEntity ada = ada();
    String token =
        identity.tokens.issue(PrincipalKind.APP_USER, ada.uuid(), core.app.id(), null).text();

    core.entities.delete(core.app, UserService.USERS, "ada", WriteOptions.DEFAULT);

    assertThat(core.store.nameHolder(core.app.id(), UserEmails.NAMESPACE, "ada@example.com"))
        .isEmpty();
    assertThat(identity.credentials.passwordHash(core.app.id(), ada.uuid())).isEmpty();
    assertThat(codeOf(() -> identity.tokens.authenticate(token)))
        .isEqualTo(ErrorCode.BAD_ACCESS_TOKEN);
  }
}
