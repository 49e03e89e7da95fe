package io.meridian.core.identity.admin;

import static io.meridian.testing.Bodies.json;
import static io.meridian.testing.Refusals.codeOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.identity.PrincipalKind;
import io.meridian.core.identity.token.AccessEvent;
import io.meridian.testing.MemoryCore;
import io.meridian.testing.MemoryIdentity;
import io.meridian.testing.SequentialIds;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ManagementServiceTest {
  private final MemoryCore core = new MemoryCore();
  private final MemoryIdentity identity = new MemoryIdentity(core);
  private final ManagementService management = identity.management;

  private ManagementService.Registration acme() {
    return management.register("Acme", "ada", "Ada Lovelace", "ada@acme.io", "lovelace1");
  }

  @Test
  void registering_makes_an_organization_with_its_first_admin_at_the_time_of_its_id() {
    ManagementService.Registration registered = acme();

    Organization acme = registered.organization();
    AdminUser ada = registered.owner();
    // Usergrid lower-cases an organization's name; any case finds it.
    assertThat(acme.name()).isEqualTo("acme");
    assertThat(management.organization("ACME")).isEqualTo(acme);
    assertThat(acme.created()).isEqualTo(MemoryCore.START.toEpochMilli());
    // the admin is created first, then the organization: the next id of the same millisecond
    assertThat(ada.id()).isEqualTo(SequentialIds.at(MemoryCore.START.toEpochMilli()));
    assertThat(ada.name()).isEqualTo("Ada Lovelace");
    assertThat(management.admins(acme)).containsExactly(ada);
    assertThat(management.organizationsOf(ada)).containsExactly(acme);
    assertThat(management.organization("acme")).isEqualTo(acme);
    assertThat(management.organization(acme.id().toString())).isEqualTo(acme);
    assertThat(management.organization(acme.id())).contains(acme);
  }

  @Test
  void an_invalid_reserved_or_taken_organization_name_is_refused() {
    acme();

    assertThat(codeOf(() -> management.register("a b", "bob", null, "bob@x.io", "password1")))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    assertThat(
            codeOf(() -> management.register("Management", "bob", null, "bob@x.io", "password1")))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    assertThat(codeOf(() -> management.register("ACME", "bob", null, "bob@x.io", "password1")))
        .isEqualTo(ErrorCode.DUPLICATE_UNIQUE_PROPERTY_EXISTS);
    assertThat(management.adminForLogin("bob")).isEmpty();
  }

  @Test
  void an_admin_needs_a_valid_username_email_and_password_and_unique_logins() {
    acme();

    assertThat(codeOf(() -> management.createAdmin("-bob", null, "bob@x.io", "password1")))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    assertThat(codeOf(() -> management.createAdmin("bob", null, "bob", "password1")))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    assertThat(codeOf(() -> management.createAdmin("bob", null, "bob@x.io", "short")))
        .isEqualTo(ErrorCode.PASSWORD_POLICY_VIOLATION);
    assertThat(codeOf(() -> management.createAdmin("ADA", null, "bob@x.io", "password1")))
        .isEqualTo(ErrorCode.DUPLICATE_UNIQUE_PROPERTY_EXISTS);
    assertThat(codeOf(() -> management.createAdmin("bob", null, "ADA@acme.io", "password1")))
        .isEqualTo(ErrorCode.DUPLICATE_UNIQUE_PROPERTY_EXISTS);
    AdminUser bob = management.createAdmin("bob", null, "bob@x.io", "password1");
    assertThat(bob.name()).isEqualTo("bob");
  }

  @Test
  void the_hook_before_hashing_runs_only_for_a_valid_request_and_can_stop_it() {
    AtomicInteger ran = new AtomicInteger();

    assertThat(
            codeOf(
                () ->
                    management.createAdmin("bob", null, "nope", "password1", ran::incrementAndGet)))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    assertThat(ran).hasValue(0);
    assertThat(
            codeOf(
                () ->
                    management.createAdmin(
                        "bob",
                        null,
                        "bob@x.io",
                        "password1",
                        () -> {
                          throw new MeridianException(ErrorCode.TOO_MANY_REQUESTS, "slow down");
                        })))
        .isEqualTo(ErrorCode.TOO_MANY_REQUESTS);
    assertThat(management.adminForLogin("bob")).isEmpty();
  }

  @Test
  void an_admin_is_found_by_uuid_username_or_email_and_its_password_checked() {
    AdminUser ada = acme().owner();

    assertThat(management.admin(ada.id().toString())).isEqualTo(ada);
    assertThat(management.admin("ADA")).isEqualTo(ada);
    assertThat(management.admin("ada@ACME.io")).isEqualTo(ada);
    assertThat(management.admin(ada.id())).contains(ada);
    assertThat(codeOf(() -> management.admin("bob"))).isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(management.passwordMatches(Optional.of(ada), "lovelace1")).isTrue();
    assertThat(management.passwordMatches(Optional.of(ada), "lovelace2")).isFalse();
    assertThat(management.passwordMatches(Optional.empty(), "lovelace1")).isFalse();
  }

  @Test
  void a_missing_organization_is_not_found() {
    assertThat(codeOf(() -> management.organization("nowhere"))).isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(codeOf(() -> management.organization(" "))).isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(codeOf(() -> management.organization(core.ids.newTimeUuid().toString())))
        .isEqualTo(ErrorCode.NOT_FOUND);
  }

  @Test
  void custom_properties_are_an_object_of_at_most_16_kib_and_replace_the_previous_ones() {
    Organization acme = acme().organization();

    assertThat(management.properties(acme)).isEmpty();
    management.setProperties(acme, json("{'plan': 'gold', 'seats': 3}"));
    management.setProperties(acme, json("{'plan': 'silver'}"));

    assertThat(management.properties(acme)).isEqualTo(json("{'plan': 'silver'}"));
    assertThat(codeOf(() -> management.setProperties(acme, json("[1]"))))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    assertThat(codeOf(() -> management.setProperties(acme, null)))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    String big = "x".repeat(ManagementService.MAX_PROPERTIES_BYTES);
    assertThat(codeOf(() -> management.setProperties(acme, json("{'big': '" + big + "'}"))))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    assertThat(management.properties(acme)).isEqualTo(json("{'plan': 'silver'}"));
  }

  @Test
  void members_are_the_organizations_admins_only_and_the_last_one_stays() {
    ManagementService.Registration registered = acme();
    Organization acme = registered.organization();
    AdminUser ada = registered.owner();
    AdminUser bob = management.createAdmin("bob", null, "bob@x.io", "password1");

    assertThat(codeOf(() -> management.member(acme, "bob"))).isEqualTo(ErrorCode.NOT_FOUND);
    management.addAdmin(acme, bob);
    assertThat(management.member(acme, "BOB@x.io")).isEqualTo(bob);
    assertThat(management.member(acme, bob.id().toString())).isEqualTo(bob);

    management.removeAdmin(acme, ada);

    assertThat(management.admins(acme)).containsExactly(bob);
    assertThat(codeOf(() -> management.removeAdmin(acme, ada))).isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(codeOf(() -> management.removeAdmin(acme, bob)))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    assertThat(identity.events.events())
        .containsExactly(
            new AccessEvent(
                AccessEvent.Kind.NAME_REGISTERED, CachedOrganizationStore.nameId("Acme")),
            new AccessEvent(AccessEvent.Kind.SUBJECT, bob.id()),
            new AccessEvent(AccessEvent.Kind.SUBJECT, ada.id()));
  }

  @Test
  void a_new_admin_password_revokes_the_admins_tokens() {
    AdminUser ada = acme().owner();
    String token = identity.tokens.issue(PrincipalKind.ADMIN, ada.id(), null, null).text();

    management.setPassword(ada, "babbage12");

    assertThat(management.passwordMatches(Optional.of(ada), "babbage12")).isTrue();
    assertThat(codeOf(() -> identity.tokens.authenticate(token)))
        .isEqualTo(ErrorCode.BAD_ACCESS_TOKEN);
  }

  @Test
  void an_application_is_created_with_default_roles_and_found_in_its_organization_only() {
    Organization acme = acme().organization();
    Organization other =
        management.register("other", "bob", null, "bob@x.io", "password1").organization();

    ApplicationRef shop = management.createApplication(acme, "shop");

    assertThat(identity.roles.roleId(shop, "guest")).isPresent();
    assertThat(identity.roles.roleId(shop, "default")).isPresent();
    assertThat(management.applications(acme)).containsExactly(shop);
    assertThat(management.application(acme, "SHOP")).isEqualTo(shop);
    assertThat(management.application(acme, shop.id().toString())).isEqualTo(shop);
    assertThat(codeOf(() -> management.application(other, "shop")))
        .isEqualTo(ErrorCode.ENTITY_NOT_FOUND);
    assertThat(codeOf(() -> management.application(other, shop.id().toString())))
        .isEqualTo(ErrorCode.ENTITY_NOT_FOUND);
    assertThat(codeOf(() -> management.createApplication(acme, "Shop")))
        .isEqualTo(ErrorCode.DUPLICATE_UNIQUE_PROPERTY_EXISTS);
    assertThat(codeOf(() -> management.createApplication(acme, "no shop")))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
  }

  @Test
  void deleting_an_application_needs_its_name_or_uuid_and_ends_its_tokens() {
    Organization acme = acme().organization();
    ApplicationRef shop = management.createApplication(acme, "shop");
    String token =
        identity.tokens.issue(PrincipalKind.APPLICATION, shop.id(), shop.id(), null).text();

    assertThat(codeOf(() -> management.deleteApplication(shop, "store")))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    assertThat(codeOf(() -> management.deleteApplication(shop, null)))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    management.deleteApplication(shop, "Shop");

    assertThat(management.applications(acme)).isEmpty();
    assertThat(codeOf(() -> management.application(acme, "shop")))
        .isEqualTo(ErrorCode.ENTITY_NOT_FOUND);
    assertThat(codeOf(() -> identity.tokens.authenticate(token)))
        .isEqualTo(ErrorCode.BAD_ACCESS_TOKEN);
    assertThat(identity.events.events())
        .contains(new AccessEvent(AccessEvent.Kind.APPLICATION_DELETED, shop.id()));
  }

  @Test
  void an_admin_added_with_only_an_email_takes_it_as_username_and_a_password_nobody_knows() {
    AdminUser added = management.createMemberAdmin(null, null, "grace@navy.mil", null, () -> {});

    assertThat(added.username()).isEqualTo("grace@navy.mil");
    assertThat(management.adminForLogin("grace@navy.mil")).contains(added);
    assertThat(identity.admins.passwordHash(added.id())).isPresent();
    assertThat(management.passwordMatches(Optional.of(added), "")).isFalse();
    assertThat(management.passwordMatches(Optional.of(added), "null")).isFalse();
    AdminUser named = management.createMemberAdmin("kay", null, "kay@x.io", "password1", () -> {});
    assertThat(named.username()).isEqualTo("kay");
    assertThat(management.passwordMatches(Optional.of(named), "password1")).isTrue();
  }

  @Test
  void an_admin_email_needs_no_format_beyond_an_at_sign_and_may_have_a_long_local_part() {
    String longLocal = "a".repeat(100) + ".b+c!d#e@example.co";

    AdminUser admin = management.createAdmin("longlocal", null, longLocal, "password1");

    assertThat(admin.email()).isEqualTo(longLocal);
    assertThat(codeOf(() -> management.createAdmin("nat", null, "no-at-sign", "password1")))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    assertThat(codeOf(() -> management.createAdmin("sp", null, "a b@x.io", "password1")))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    assertThat(
            codeOf(
                () ->
                    management.createAdmin(
                        "huge",
                        null,
                        "a".repeat(RegistryRules.MAX_EMAIL_LENGTH) + "@x",
                        "pass1234")))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
  }

  @Test
  void password_changed_is_when_the_admins_password_was_last_set() {
    AdminUser ada = acme().owner();
    assertThat(management.passwordChanged(ada)).isEqualTo(MemoryCore.START.toEpochMilli());

    core.clock.advance(java.time.Duration.ofMinutes(5));
    management.setPassword(ada, "babbage12");

    assertThat(management.passwordChanged(ada))
        .isEqualTo(MemoryCore.START.plus(java.time.Duration.ofMinutes(5)).toEpochMilli());
  }

  @Test
  void an_application_name_is_lower_cased_and_found_in_any_case() {
    Organization acme = acme().organization();

    ApplicationRef shop = management.createApplication(acme, "MyShop");

    assertThat(shop.application()).isEqualTo("myshop");
    assertThat(management.application(acme, "MYSHOP")).isEqualTo(shop);
    assertThat(codeOf(() -> management.createApplication(acme, "myshop")))
        .isEqualTo(ErrorCode.DUPLICATE_UNIQUE_PROPERTY_EXISTS);
  }

  @Test
  void a_deleted_application_is_restored_by_its_uuid_in_its_own_organization_only() {
    Organization acme = acme().organization();
    Organization other =
        management.register("other", "bob", null, "bob@x.io", "password1").organization();
    ApplicationRef shop = management.createApplication(acme, "shop");
    management.deleteApplication(shop, "shop");

    assertThat(codeOf(() -> management.restoreApplication(other, shop.id().toString())))
        .isEqualTo(ErrorCode.ENTITY_NOT_FOUND);
    assertThat(codeOf(() -> management.restoreApplication(acme, "shop")))
        .isEqualTo(ErrorCode.ENTITY_NOT_FOUND);
    ApplicationRef restored = management.restoreApplication(acme, shop.id().toString());

    assertThat(restored).isEqualTo(shop);
    assertThat(management.application(acme, "shop")).isEqualTo(shop);
    assertThat(management.application(acme, shop.id().toString())).isEqualTo(shop);
    assertThat(identity.roles.roleId(shop, "guest")).isPresent();
    assertThat(codeOf(() -> management.restoreApplication(acme, shop.id().toString())))
        .isEqualTo(ErrorCode.ENTITY_NOT_FOUND);
    assertThat(identity.events.events())
        .contains(
            new AccessEvent(AccessEvent.Kind.NAME_REGISTERED, ApplicationService.nameId(restored)));
  }

  @Test
  void a_deleted_application_whose_name_was_taken_since_is_not_restored() {
    Organization acme = acme().organization();
    ApplicationRef shop = management.createApplication(acme, "shop");
    management.deleteApplication(shop, "shop");
    ApplicationRef taken = management.createApplication(acme, "shop");

    assertThat(codeOf(() -> management.restoreApplication(acme, shop.id().toString())))
        .isEqualTo(ErrorCode.CONFLICT);
    assertThat(management.application(acme, "shop")).isEqualTo(taken);
  }
}
