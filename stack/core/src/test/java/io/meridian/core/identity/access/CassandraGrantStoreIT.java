package io.meridian.core.identity.access;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.CassandraIT;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class CassandraGrantStoreIT extends CassandraIT {
  private final UUID app = UUID.randomUUID();
  private final String user = GrantStore.user(UUID.randomUUID());
  private final String other = GrantStore.user(UUID.randomUUID());

  @Test
  void grants_are_read_by_holder_and_by_value() {
    GrantStore store = new CassandraGrantStore(session);

    store.grant(app, user, GrantStore.PERMISSION, "get:/things/*");
    store.grant(app, user, GrantStore.ROLE, "editor");
    store.grant(app, other, GrantStore.ROLE, "editor");
    store.grant(app, user, GrantStore.GROUP, "g1");

    Grants grants = store.grants(app, user);
    assertThat(grants.permissions()).containsExactly("get:/things/*");
    assertThat(grants.roles()).containsExactly("editor");
    assertThat(grants.groups()).containsExactly("g1");
    assertThat(store.holders(app, GrantStore.ROLE, "editor"))
        .containsExactlyInAnyOrder(user, other);
    assertThat(store.grants(UUID.randomUUID(), user)).isEqualTo(Grants.NONE);
  }

  @Test
  void revoking_and_removing_clear_both_directions() {
    GrantStore store = new CassandraGrantStore(session);
    store.grant(app, user, GrantStore.ROLE, "editor");
    store.grant(app, other, GrantStore.ROLE, "editor");
    store.grant(app, user, GrantStore.PERMISSION, "get:/x");

    store.revoke(app, other, GrantStore.ROLE, "editor");
    assertThat(store.holders(app, GrantStore.ROLE, "editor")).containsExactly(user);

    store.removeValue(app, GrantStore.ROLE, "editor");
    assertThat(store.grants(app, user).roles()).isEmpty();
    assertThat(store.holders(app, GrantStore.ROLE, "editor")).isEmpty();

    store.removeHolder(app, user);
    assertThat(store.grants(app, user)).isEqualTo(Grants.NONE);
    assertThat(store.holders(app, GrantStore.PERMISSION, "get:/x")).isEmpty();
  }
}
