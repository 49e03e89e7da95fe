package io.meridian.core.identity.access;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.CassandraIT;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.TimeUuidGenerator;
import io.meridian.core.identity.token.AccessFeed;
import io.meridian.core.identity.token.CassandraAccessEventStore;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class CassandraRoleGrantMigrationIT extends CassandraIT {
  private final ApplicationRef application =
      new ApplicationRef(UUID.randomUUID(), UUID.randomUUID(), "org", "app", 0);
  private final UUID app = application.id();
  private final UUID editors = UUID.randomUUID();
  private final String fred = GrantStore.user(UUID.randomUUID());
  private final String group = GrantStore.group(UUID.randomUUID());

  private CassandraRoleGrantMigration migration(GrantStore store) {
    Map<String, UUID> names = Map.of("editors", editors);
    AccessFeed feed =
        new AccessFeed(
            new CassandraAccessEventStore(session, new TimeUuidGenerator(Clock.systemUTC())),
            Clock.systemUTC(),
            Duration.ofMillis(200),
            Duration.ofSeconds(10),
            Duration.ofSeconds(1));
    return new CassandraRoleGrantMigration(
        session,
        store,
        (application, name) -> Optional.ofNullable(names.get(name)),
        id -> id.equals(app) ? Optional.of(application) : Optional.empty(),
        feed);
  }

  @Test
  void grants_held_by_role_name_move_to_the_role_of_that_name_and_orphans_are_dropped() {
    GrantStore store = new CassandraGrantStore(session);
    store.grant(app, "role:editors", GrantStore.PERMISSION, "get:/drafts/*");
    store.grant(app, fred, GrantStore.ROLE, "editors");
    store.grant(app, group, GrantStore.ROLE, "editors");
    store.grant(app, "role:renamed-away", GrantStore.PERMISSION, "get:/secrets/*");
    store.grant(app, fred, GrantStore.ROLE, "renamed-away");
    store.grant(app, fred, GrantStore.PERMISSION, "get:/own");

    migration(store).run();

    assertThat(store.grants(app, GrantStore.role(editors)).permissions())
        .containsExactly("get:/drafts/*");
    assertThat(store.grants(app, fred).roles()).containsExactly(editors.toString());
    assertThat(store.grants(app, fred).permissions()).containsExactly("get:/own");
    assertThat(store.grants(app, group).roles()).containsExactly(editors.toString());
    assertThat(store.holders(app, GrantStore.ROLE, editors.toString()))
        .containsExactlyInAnyOrder(fred, group);
    assertThat(store.grants(app, "role:editors")).isEqualTo(Grants.NONE);
    assertThat(store.grants(app, "role:renamed-away")).isEqualTo(Grants.NONE);
    assertThat(store.holders(app, GrantStore.ROLE, "editors")).isEmpty();
    assertThat(store.holders(app, GrantStore.ROLE, "renamed-away")).isEmpty();
  }

  @Test
  void running_again_changes_nothing() {
    GrantStore store = new CassandraGrantStore(session);
    store.grant(app, fred, GrantStore.ROLE, "editors");
    migration(store).run();

    migration(store).run();

    assertThat(store.grants(app, fred).roles()).containsExactly(editors.toString());
  }
}
