package io.meridian.core.identity;

import static io.meridian.testing.Bodies.json;
import static io.meridian.testing.Refusals.codeOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.entity.WriteOptions;
import io.meridian.core.identity.admin.AdminUser;
import io.meridian.core.identity.admin.Organization;
import io.meridian.core.identity.token.ClientCredentials;
import io.meridian.testing.MemoryCore;
import io.meridian.testing.MemoryIdentity;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class AuthServiceTest {
  private static final String HERE = "10.0.0.1";
  private static final Requester MEMBER = Requester.member(HERE);

  private final MemoryCore core = new MemoryCore();
  private final MemoryIdentity identity = new MemoryIdentity(core);
  private final AuthService auth = identity.auth;

  private final Organization acme;
  private final AdminUser ada;
  private final ApplicationRef shop;
  private final StoredEntity bob;

  AuthServiceTest() {
    var registration =
        identity.management.register("acme", "ada", null, "ada@acme.io", "lovelace1");
    acme = registration.organization();
    ada = registration.owner();
    shop = identity.management.createApplication(acme, "shop");
    bob =
        identity
            .users
            .create(
                shop,
                List.of(
                    json("{'username': 'bob', 'email': 'bob@shop.io', 'password': 'builder12'}")),
                WriteOptions.DEFAULT,
                Requester.administrator(HERE))
            .get(0);
  }

  @Test
  void an_admin_signs_in_by_username_or_email_and_gets_an_admin_token() {
    AuthService.AdminLogin login = auth.loginAdmin("ADA@acme.io", "lovelace1", HERE, null);

    assertThat(login.admin()).contains(ada);
    Principal principal = identity.tokens.authenticate(login.token().text());
    assertThat(principal.kind()).isEqualTo(PrincipalKind.ADMIN);
    assertThat(principal.subject()).isEqualTo(ada.id());
    assertThat(login.token().ttl()).isEqualTo(Duration.ofHours(1));
    assertThat(auth.loginAdmin("ada", "lovelace1", HERE, Duration.ofMinutes(5)).token().ttl())
        .isEqualTo(Duration.ofMinutes(5));
  }

  @Test
  void a_wrong_password_and_an_unknown_login_fail_alike_and_are_counted() {
    assertThat(codeOf(() -> auth.loginAdmin("ada", "wrong-pass", HERE, null)))
        .isEqualTo(ErrorCode.INVALID_GRANT);
    assertThat(codeOf(() -> auth.loginAdmin("nobody", "wrong-pass", HERE, null)))
        .isEqualTo(ErrorCode.INVALID_GRANT);

    assertThat(identity.failures.keys())
        .contains("user:management/admin:" + ada.id(), "user:management/login:nobody");
  }

  @Test
  void an_account_is_locked_after_its_free_failures_and_a_success_clears_its_count() {
    for (int i = 0; i < 3; i++) {
      assertThat(codeOf(() -> auth.loginUser(shop, "bob", "wrong-pass", HERE, null)))
          .isEqualTo(ErrorCode.INVALID_GRANT);
    }

    assertThat(codeOf(() -> auth.loginUser(shop, "bob@shop.io", "builder12", HERE, null)))
        .isEqualTo(ErrorCode.TOO_MANY_REQUESTS);
    core.clock.advance(Duration.ofMinutes(1));
    assertThat(auth.loginUser(shop, "bob", "builder12", HERE, null).user()).isEqualTo(bob);
    assertThat(identity.failures.failuresOf("user:" + shop.id() + "/user:" + bob.uuid())).isZero();
  }

  @Test
  void an_app_user_signs_in_with_a_token_scoped_to_the_application() {
    AuthService.UserLogin login = auth.loginUser(shop, "bob@shop.io", "builder12", HERE, null);

    Principal principal = identity.tokens.authenticate(login.token().text());
    assertThat(principal.kind()).isEqualTo(PrincipalKind.APP_USER);
    assertThat(principal.subject()).isEqualTo(bob.uuid());
    assertThat(principal.scope()).isEqualTo(shop.id());
    assertThat(codeOf(() -> auth.loginUser(shop, "carol", "builder12", HERE, null)))
        .isEqualTo(ErrorCode.INVALID_GRANT);
  }

  @Test
  void a_deactivated_user_cannot_sign_in_and_only_the_right_password_learns_why() {
    identity.users.setActivated(shop, bob, false, WriteOptions.DEFAULT);

    assertThat(codeOf(() -> auth.loginUser(shop, "bob", "wrong-pass", HERE, null)))
        .isEqualTo(ErrorCode.INVALID_GRANT);
    assertThat(codeOf(() -> auth.loginUser(shop, "bob", "builder12", HERE, null)))
        .isEqualTo(ErrorCode.UNACTIVATED_APP_USER);

    identity.users.setActivated(shop, bob, true, WriteOptions.DEFAULT);
    assertThat(auth.loginUser(shop, "bob", "builder12", HERE, null).user().uuid())
        .isEqualTo(bob.uuid());
  }

  @Test
  void a_user_changing_a_password_gives_the_right_old_one_checked_as_a_sign_in() {
    assertThat(codeOf(() -> auth.changeUserPassword(shop, bob, null, "newpass12", MEMBER)))
        .isEqualTo(ErrorCode.INVALID_GRANT);
    assertThat(codeOf(() -> auth.changeUserPassword(shop, bob, "builder12", "short", MEMBER)))
        .isEqualTo(ErrorCode.PASSWORD_POLICY_VIOLATION);
    assertThat(identity.failures.keys()).isEmpty(); // neither was a guess
    assertThat(codeOf(() -> auth.changeUserPassword(shop, bob, "wrong-pass", "newpass12", MEMBER)))
        .as("Usergrid's code, which its SDKs check")
        .isEqualTo(ErrorCode.AUTH_INVALID_USERNAME_OR_PASSWORD);
    assertThat(identity.failures.failuresOf("user:" + shop.id() + "/user:" + bob.uuid()))
        .isEqualTo(1);

    auth.changeUserPassword(shop, bob, "builder12", "newpass12", MEMBER);

    assertThat(auth.loginUser(shop, "bob", "newpass12", HERE, null).user()).isEqualTo(bob);
  }

  @Test
  void an_administrator_sets_a_users_password_without_the_old_one() {
    auth.changeUserPassword(shop, bob, null, "newpass12", Requester.administrator(HERE));

    assertThat(auth.loginUser(shop, "bob", "newpass12", HERE, null).user()).isEqualTo(bob);
  }

  @Test
  void an_admin_changing_a_password_gives_the_right_old_one() {
    assertThat(codeOf(() -> auth.changeAdminPassword(ada, null, "newpass12", HERE)))
        .isEqualTo(ErrorCode.INVALID_GRANT);
    assertThat(codeOf(() -> auth.changeAdminPassword(ada, "wrong-pass", "newpass12", HERE)))
        .isEqualTo(ErrorCode.INVALID_GRANT);

    auth.changeAdminPassword(ada, "lovelace1", "newpass12", HERE);

    assertThat(auth.loginAdmin("ada", "newpass12", HERE, null).admin()).contains(ada);
    assertThat(codeOf(() -> auth.loginAdmin("ada", "lovelace1", HERE, null)))
        .isEqualTo(ErrorCode.INVALID_GRANT);
  }

  @Test
  void client_credentials_get_a_token_where_they_belong_and_nowhere_else() {
    ClientCredentials.Pair app = identity.clients.current(PrincipalKind.APPLICATION, shop.id());
    ClientCredentials.Pair org = identity.clients.current(PrincipalKind.ORGANIZATION, acme.id());
    ApplicationRef other = identity.management.createApplication(acme, "other");

    assertThat(
            auth.loginClient(app.clientId(), app.clientSecret(), shop, HERE, null)
                .client()
                .subject())
        .isEqualTo(shop.id());
    assertThat(
            auth.loginClient(org.clientId(), org.clientSecret(), shop, HERE, null).client().kind())
        .isEqualTo(PrincipalKind.ORGANIZATION);
    assertThat(
            auth.loginClient(org.clientId(), org.clientSecret(), null, HERE, null)
                .client()
                .subject())
        .isEqualTo(acme.id());
    assertThat(codeOf(() -> auth.loginClient(app.clientId(), app.clientSecret(), null, HERE, null)))
        .isEqualTo(ErrorCode.UNAUTHORIZED);
    assertThat(
            codeOf(() -> auth.loginClient(app.clientId(), app.clientSecret(), other, HERE, null)))
        .isEqualTo(ErrorCode.UNAUTHORIZED);
  }

  @Test
  void a_wrong_client_secret_is_an_invalid_grant_counted_for_that_client_only() {
    ClientCredentials.Pair app = identity.clients.current(PrincipalKind.APPLICATION, shop.id());

    assertThat(codeOf(() -> auth.loginClient(app.clientId(), "wrong", shop, HERE, null)))
        .isEqualTo(ErrorCode.INVALID_GRANT);

    assertThat(identity.failures.keys())
        .containsExactly(
            "secret:" + HERE + "|" + app.clientId().toLowerCase(java.util.Locale.ROOT));
  }

  @Test
  void wrong_client_secrets_on_ordinary_calls_and_at_the_token_endpoint_share_one_count() {
    ClientCredentials.Pair app = identity.clients.current(PrincipalKind.APPLICATION, shop.id());
    // The throttle's account policy: 3 free failures, then a minute's lock.
    assertThat(codeOf(() -> auth.loginClient(app.clientId(), "wrong-1", shop, HERE, null)))
        .isEqualTo(ErrorCode.INVALID_GRANT);
    assertThat(codeOf(() -> auth.authenticateClient(app.clientId(), "wrong-2", HERE)))
        .isEqualTo(ErrorCode.UNAUTHORIZED);
    assertThat(codeOf(() -> auth.authenticateClient(app.clientId(), "wrong-3", HERE)))
        .isEqualTo(ErrorCode.UNAUTHORIZED);

    assertThat(codeOf(() -> auth.authenticateClient(app.clientId(), "wrong-4", HERE)))
        .isEqualTo(ErrorCode.TOO_MANY_REQUESTS);
    assertThat(codeOf(() -> auth.loginClient(app.clientId(), "wrong-5", shop, HERE, null)))
        .isEqualTo(ErrorCode.TOO_MANY_REQUESTS);
    assertThat(codeOf(() -> auth.authenticateClient(app.clientId(), "wrong", "10.0.0.2")))
        .isEqualTo(ErrorCode.UNAUTHORIZED);
    assertThat(auth.authenticateClient(app.clientId(), app.clientSecret(), HERE).subject())
        .isEqualTo(shop.id());
  }

  @Test
  void a_sign_in_at_a_missing_application_is_refused_as_at_an_existing_one() {
    ClientCredentials.Pair app = identity.clients.current(PrincipalKind.APPLICATION, shop.id());

    assertThat(
            auth.refuseAtMissingApplication("acme", "gone", true, "bob", "builder12", HERE).code())
        .isEqualTo(ErrorCode.INVALID_GRANT);
    assertThat(
            auth.refuseAtMissingApplication(
                    "acme", "gone", false, app.clientId(), app.clientSecret(), HERE)
                .code())
        .isEqualTo(ErrorCode.UNAUTHORIZED);
    assertThat(
            codeOf(
                () -> auth.refuseAtMissingApplication("acme", "gone", false, "nobody", "x", HERE)))
        .isEqualTo(ErrorCode.INVALID_GRANT);
    assertThat(identity.failures.keys()).contains("user:acme/gone/login:bob");
  }

  @Test
  void the_superuser_signs_in_with_its_configured_password_and_no_admin() {
    MemoryCore other = new MemoryCore();
    Superuser superuser =
        Superuser.configured(
            "root", identity.hasher.hash("superpass1"), "superpass1", new byte[32]);
    MemoryIdentity configured = new MemoryIdentity(other, superuser);

    AuthService.AdminLogin login = configured.auth.loginAdmin("ROOT", "superpass1", HERE, null);

    assertThat(login.admin()).isEmpty();
    assertThat(configured.tokens.authenticate(login.token().text()).kind())
        .isEqualTo(PrincipalKind.SUPERUSER);
    assertThat(codeOf(() -> configured.auth.loginAdmin("root", "wrong-pass", HERE, null)))
        .isEqualTo(ErrorCode.INVALID_GRANT);
    assertThat(configured.failures.keys()).contains("user:management/admin:" + superuser.id());
  }

  @Test
  void the_superusers_basic_credentials_share_its_sign_in_count_and_lock() {
    MemoryCore other = new MemoryCore();
    Superuser superuser =
        Superuser.configured(
            "root", identity.hasher.hash("superpass1"), "superpass1", new byte[32]);
    MemoryIdentity configured = new MemoryIdentity(other, superuser);

    Principal root = configured.auth.authenticateSuperuser("Root", "superpass1", HERE);
    assertThat(root.kind()).isEqualTo(PrincipalKind.SUPERUSER);
    assertThat(root.subject()).isEqualTo(superuser.id());
    // The throttle's account policy: 3 free failures, then a minute's lock, counted with sign-ins.
    for (int i = 0; i < 2; i++) {
      assertThat(codeOf(() -> configured.auth.authenticateSuperuser("root", "wrong-pass", HERE)))
          .isEqualTo(ErrorCode.UNAUTHORIZED);
    }
    assertThat(codeOf(() -> configured.auth.loginAdmin("root", "wrong-pass", HERE, null)))
        .isEqualTo(ErrorCode.INVALID_GRANT);
    assertThat(codeOf(() -> configured.auth.authenticateSuperuser("root", "superpass1", HERE)))
        .isEqualTo(ErrorCode.TOO_MANY_REQUESTS);
    assertThat(codeOf(() -> configured.auth.loginAdmin("root", "superpass1", HERE, null)))
        .isEqualTo(ErrorCode.TOO_MANY_REQUESTS);
  }

  @Test
  void basic_credentials_of_anyone_but_the_superuser_are_refused_as_an_unknown_login() {
    assertThat(codeOf(() -> auth.authenticateSuperuser("ada", "lovelace1", HERE)))
        .isEqualTo(ErrorCode.UNAUTHORIZED);

    assertThat(identity.failures.keys())
        .contains("user:management/login:ada")
        .doesNotContain("user:management/admin:" + ada.id());
  }
}
