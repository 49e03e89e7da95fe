package io.meridian.core.identity;

import static io.meridian.testing.Refusals.codeOf;
import static io.meridian.testing.Refusals.refusalOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.identity.access.Access.Rule;
import io.meridian.core.identity.admin.Organization;
import io.meridian.testing.MemoryCore;
import io.meridian.testing.MemoryIdentity;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Each rule an operation declares, decided for each kind of caller, with the exact refusal. */
class RouteAccessTest {
  private final MemoryCore core = new MemoryCore();
  private final MemoryIdentity identity = new MemoryIdentity(core);
  private final RouteAccess closed = new RouteAccess(identity.access, identity.management, false);
  private final RouteAccess open = new RouteAccess(identity.access, identity.management, true);

  private final Organization acme =
      identity.management.register("acme", "ada", null, "ada@acme.io", "lovelace1").organization();
  private final Organization globex =
      identity
          .management
          .register("globex", "hank", null, "hank@globex.io", "scorpio1")
          .organization();
  private final UUID ada = identity.management.admin("ada").id();

  private final Principal guest = Principal.GUEST;
  private final Principal appUser =
      new Principal(PrincipalKind.APP_USER, UUID.randomUUID(), core.app.id(), null);
  private final Principal application =
      new Principal(PrincipalKind.APPLICATION, core.app.id(), core.app.id(), null);
  private final Principal acmeAdmin = new Principal(PrincipalKind.ADMIN, ada, null, null);
  private final Principal acmeCredentials =
      new Principal(PrincipalKind.ORGANIZATION, acme.id(), acme.id(), null);
  private final Principal superuser = new Principal(PrincipalKind.SUPERUSER, null, null, null);
  private final List<Principal> everyone =
      List.of(guest, appUser, application, acmeAdmin, acmeCredentials, superuser);

  @Test
  void public_anyone_and_scraper_let_everyone_in() {
    for (Rule rule : List.of(Rule.PUBLIC, Rule.ANYONE, Rule.SCRAPER)) {
      for (Principal caller : everyone) {
        closed.require(rule, caller, "acme", false);
      }
    }
    assertThat(Rule.PUBLIC.ignoresCredentials()).isTrue();
    assertThat(Rule.SCRAPER.ignoresCredentials()).isTrue();
    assertThat(Rule.ANYONE.ignoresCredentials()).isFalse();
  }

  @Test
  void open_registration_lets_everyone_register() {
    for (Principal caller : everyone) {
      open.require(Rule.REGISTRATION, caller, null, false);
    }
    assertThat(open.openRegistration()).isTrue();
  }

  @Test
  void closed_registration_asks_a_guest_to_sign_in_and_forbids_all_but_the_superuser() {
    MeridianException refused =
        refusalOf(() -> closed.require(Rule.REGISTRATION, guest, null, false));
    assertThat(refused.code()).isEqualTo(ErrorCode.UNAUTHORIZED);
    assertThat(refused.getMessage()).contains("Registration is closed");
    for (Principal caller : List.of(appUser, application, acmeAdmin, acmeCredentials)) {
      assertThat(codeOf(() -> closed.require(Rule.REGISTRATION, caller, null, false)))
          .as(caller.kind().name())
          .isEqualTo(ErrorCode.FORBIDDEN);
    }
    closed.require(Rule.REGISTRATION, superuser, null, false);
    assertThat(closed.openRegistration()).isFalse();
  }

  @Test
  void an_application_operation_needs_its_path_authorised_whoever_calls() {
    for (Principal caller : everyone) {
      assertThat(codeOf(() -> closed.require(Rule.APPLICATION, caller, "acme", false)))
          .as(caller.kind().name())
          .isEqualTo(ErrorCode.FORBIDDEN);
      closed.require(Rule.APPLICATION, caller, "acme", true);
    }
  }

  @Test
  void an_organizations_admins_credentials_and_the_superuser_administer_it() {
    closed.require(Rule.ORGANIZATION_ADMIN, acmeAdmin, "acme", false);
    closed.require(Rule.ORGANIZATION_ADMIN, acmeAdmin, "ACME", false);
    closed.require(Rule.ORGANIZATION_ADMIN, acmeAdmin, acme.id().toString(), false);
    closed.require(Rule.ORGANIZATION_ADMIN, acmeCredentials, "acme", false);
    closed.require(Rule.ORGANIZATION_ADMIN, superuser, "acme", false);
    closed.require(Rule.ORGANIZATION_ADMIN, superuser, "nowhere", false); // the operation's 404
  }

  @Test
  void a_guest_is_asked_to_sign_in_before_any_organization_is_looked_at() {
    assertThat(codeOf(() -> closed.require(Rule.ORGANIZATION_ADMIN, guest, "acme", false)))
        .isEqualTo(ErrorCode.UNAUTHORIZED);
    assertThat(codeOf(() -> closed.require(Rule.ORGANIZATION_ADMIN, guest, "nowhere", false)))
        .isEqualTo(ErrorCode.UNAUTHORIZED);
  }

  @Test
  void an_unknown_organization_and_a_foreign_one_answer_alike() {
    MeridianException foreign =
        refusalOf(() -> closed.require(Rule.ORGANIZATION_ADMIN, acmeAdmin, "globex", false));
    MeridianException unknown =
        refusalOf(() -> closed.require(Rule.ORGANIZATION_ADMIN, acmeAdmin, "nowhere", false));
    MeridianException blank =
        refusalOf(() -> closed.require(Rule.ORGANIZATION_ADMIN, acmeAdmin, " ", false));

    assertThat(foreign.code()).isEqualTo(ErrorCode.FORBIDDEN);
    for (MeridianException refused : List.of(unknown, blank)) {
      assertThat(refused.code()).isEqualTo(foreign.code());
      assertThat(refused.getMessage()).isEqualTo(foreign.getMessage());
    }
    assertThat(
            codeOf(() -> closed.require(Rule.ORGANIZATION_ADMIN, acmeCredentials, "globex", false)))
        .isEqualTo(ErrorCode.FORBIDDEN);
    assertThat(codeOf(() -> closed.require(Rule.ORGANIZATION_ADMIN, appUser, "acme", false)))
        .isEqualTo(ErrorCode.FORBIDDEN);
    assertThat(codeOf(() -> closed.require(Rule.ORGANIZATION_ADMIN, application, "acme", false)))
        .isEqualTo(ErrorCode.FORBIDDEN);
  }

  @Test
  void an_admin_operation_takes_a_signed_in_admin_or_the_superuser() {
    closed.require(Rule.ADMIN, acmeAdmin, null, false);
    closed.require(Rule.ADMIN, superuser, null, false);
    assertThat(codeOf(() -> closed.require(Rule.ADMIN, guest, null, false)))
        .isEqualTo(ErrorCode.UNAUTHORIZED);
    for (Principal caller : List.of(appUser, application, acmeCredentials)) {
      assertThat(codeOf(() -> closed.require(Rule.ADMIN, caller, null, false)))
          .as(caller.kind().name())
          .isEqualTo(ErrorCode.FORBIDDEN);
    }
  }

  @Test
  void a_superuser_operation_takes_the_superuser_alone() {
    closed.require(Rule.SUPERUSER, superuser, null, true);
    assertThat(codeOf(() -> closed.require(Rule.SUPERUSER, guest, null, true)))
        .isEqualTo(ErrorCode.UNAUTHORIZED);
    for (Principal caller : List.of(appUser, application, acmeAdmin, acmeCredentials)) {
      assertThat(codeOf(() -> open.require(Rule.SUPERUSER, caller, null, true)))
          .as(caller.kind().name())
          .isEqualTo(ErrorCode.FORBIDDEN);
    }
  }

  @Test
  void an_operation_without_a_rule_is_refused_to_everyone() {
    for (Principal caller : everyone) {
      assertThat(codeOf(() -> open.require(null, caller, "acme", true)))
          .as(caller.kind().name())
          .isEqualTo(ErrorCode.FORBIDDEN);
    }
  }

  @Test
  void a_system_path_not_served_is_404_to_the_superuser_and_401_to_everyone_else() {
    for (Principal caller : everyone) {
      assertThat(RouteAccess.systemPathNotServed(caller, "/system/nothing").code())
          .as("%s", caller.kind())
          .isEqualTo(caller == superuser ? ErrorCode.NOT_FOUND : ErrorCode.UNAUTHORIZED);
    }
  }
}
