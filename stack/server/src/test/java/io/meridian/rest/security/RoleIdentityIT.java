package io.meridian.rest.security;

import static io.meridian.rest.support.AppAccess.awaitStatus;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.AppAccess;
import io.meridian.rest.support.MeridianIT;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Grants follow a role's or group's identity, never its name: a renamed role or group keeps its
 * members and permissions, and a new one that takes a freed name inherits nothing.
 */
class RoleIdentityIT extends MeridianIT {
  private AppAccess access;
  private String secret;
  private ApiClient fred;
  private ApiClient wilma;

  @BeforeEach
  void a_secret_that_only_an_explicit_grant_reveals() {
    access = new AppAccess(api, org, app);
    access.user("fred");
    access.user("wilma");
    secret = access.create("secrets", "{\"name\":\"launch-codes\"}");
    access.restrictDefaultRole("get:/users/${user}");
    fred = access.signIn("fred");
    wilma = access.signIn("wilma");
    awaitStatus(403, () -> fred.get(path("secrets/" + secret)));
  }

  @Test
  void a_new_role_reusing_a_renamed_roles_name_inherits_neither_members_nor_permissions() {
    access.create("roles", "{\"name\":\"keyholders\"}");
    access.grant("roles/keyholders", "get:/secrets/*");
    access.add("roles/keyholders/users/fred");
    awaitStatus(200, () -> fred.get(path("secrets/" + secret)));

    Reply renamed = api.put(path("roles/keyholders"), "{\"name\":\"retired\"}");
    assertThat(renamed.status()).as(renamed.body()).isEqualTo(200);
    access.create("roles", "{\"name\":\"keyholders\"}");
    access.add("roles/keyholders/users/wilma");

    assertThat(access.permissions("roles/keyholders")).isEmpty();
    assertThat(access.listed("roles/keyholders/users", "username")).containsExactly("wilma");
    awaitStatus(403, () -> wilma.get(path("secrets/" + secret)));
    assertThat(access.permissions("roles/retired")).containsExactly("get:/secrets/*");
    assertThat(access.listed("roles/retired/users", "username")).containsExactly("fred");
    assertThat(access.listed("users/fred/roles", "name")).containsExactly("retired");
    assertThat(fred.get(path("secrets/" + secret)).status()).isEqualTo(200);
  }

  @Test
  void a_deleted_role_leaves_nothing_for_a_new_role_of_the_same_name() {
    access.create("roles", "{\"name\":\"auditors\"}");
    access.grant("roles/auditors", "get:/secrets/*");
    access.add("roles/auditors/users/fred");
    assertThat(api.delete(path("roles/auditors")).status()).isEqualTo(200);

    access.create("roles", "{\"name\":\"auditors\"}");

    assertThat(access.permissions("roles/auditors")).isEmpty();
    assertThat(access.listed("roles/auditors/users", "username")).isEmpty();
    assertThat(access.listed("users/fred/roles", "name")).isEmpty();
    awaitStatus(403, () -> fred.get(path("secrets/" + secret)));
  }

  @Test
  void a_new_group_reusing_a_renamed_groups_path_inherits_neither_members_nor_roles() {
    access.create("groups", "{\"path\":\"vault\"}");
    access.create("roles", "{\"name\":\"openers\"}");
    access.grant("roles/openers", "get:/secrets/*");
    access.grant("groups/vault", "get:/secrets");
    access.add("groups/vault/roles/openers");
    access.add("groups/vault/users/fred");
    awaitStatus(200, () -> fred.get(path("secrets/" + secret)));

    Reply renamed = api.put(path("groups/vault"), "{\"path\":\"old-vault\"}");
    assertThat(renamed.status()).as(renamed.body()).isEqualTo(200);
    access.create("groups", "{\"path\":\"vault\"}");
    access.add("groups/vault/users/wilma");

    assertThat(access.permissions("groups/vault")).isEmpty();
    assertThat(access.listed("groups/vault/roles", "name")).isEmpty();
    awaitStatus(403, () -> wilma.get(path("secrets/" + secret)));
    assertThat(wilma.get(path("secrets")).status()).isEqualTo(403);
    assertThat(access.listed("groups/old-vault/users", "username")).containsExactly("fred");
    assertThat(fred.get(path("secrets/" + secret)).status()).isEqualTo(200);
  }

  @Test
  void renaming_the_default_role_takes_its_permissions_away_from_signed_in_users() {
    access.grant("roles/default", "get:/secrets/*");
    awaitStatus(200, () -> fred.get(path("secrets/" + secret)));

    Reply renamed = api.put(path("roles/default"), "{\"name\":\"former-default\"}");
    assertThat(renamed.status()).as(renamed.body()).isEqualTo(200);

    awaitStatus(403, () -> fred.get(path("secrets/" + secret)));
    access.create("roles", "{\"name\":\"default\"}");
    assertThat(access.permissions("roles/default")).isEmpty();
    assertThat(access.permissions("roles/former-default")).contains("get:/secrets/*");
    assertThat(fred.get(path("secrets/" + secret)).status()).isEqualTo(403);
  }
}
