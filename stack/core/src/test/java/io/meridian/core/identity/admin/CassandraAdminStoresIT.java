package io.meridian.core.identity.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.CassandraIT;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Organizations and admins on real Cassandra. */
class CassandraAdminStoresIT extends CassandraIT {
  private final String suffix = UUID.randomUUID().toString().substring(0, 8);

  @Test
  void an_organization_name_is_registered_once_and_found_by_name_and_id() {
    OrganizationStore store = new CassandraOrganizationStore(session);
    Organization acme = new Organization(UUID.randomUUID(), "Acme-" + suffix, 1);

    assertThat(store.create(acme)).isTrue();
    assertThat(store.create(new Organization(UUID.randomUUID(), "ACME-" + suffix, 2))).isFalse();
    assertThat(store.find("acme-" + suffix)).contains(acme);
    assertThat(store.find(acme.id())).contains(acme);
  }

  @Test
  void membership_is_kept_both_ways() {
    OrganizationStore store = new CassandraOrganizationStore(session);
    UUID org = UUID.randomUUID();
    UUID admin = UUID.randomUUID();

    store.addAdmin(org, admin);
    assertThat(store.admins(org)).containsExactly(admin);
    assertThat(store.organizationsOf(admin)).containsExactly(org);

    store.removeAdmin(org, admin);
    assertThat(store.admins(org)).isEmpty();
    assertThat(store.organizationsOf(admin)).isEmpty();
  }

  @Test
  void an_admins_username_and_email_are_each_unique_and_a_failed_create_claims_nothing() {
    AdminStore store = new CassandraAdminStore(session);
    AdminUser ann =
        new AdminUser(UUID.randomUUID(), "ann" + suffix, "ann" + suffix + "@x.test", "Ann", 1);
    assertThat(store.create(ann, "hash")).isTrue();

    AdminUser sameEmail =
        new AdminUser(UUID.randomUUID(), "bob" + suffix, "ANN" + suffix + "@x.test", "Bob", 2);
    assertThat(store.create(sameEmail, "hash")).isFalse();
    // bob's username was released when its email was taken
    AdminUser bob =
        new AdminUser(UUID.randomUUID(), "bob" + suffix, "bob" + suffix + "@x.test", "Bob", 3);
    assertThat(store.create(bob, "hash2")).isTrue();

    assertThat(store.findByLogin("ANN" + suffix)).contains(ann.id());
    assertThat(store.findByLogin("ann" + suffix + "@X.test")).contains(ann.id());
    assertThat(store.find(ann.id())).contains(ann);
    assertThat(store.passwordHash(bob.id())).contains("hash2");
    store.setPasswordHash(bob.id(), "hash3");
    assertThat(store.passwordHash(bob.id())).contains("hash3");
  }
}
