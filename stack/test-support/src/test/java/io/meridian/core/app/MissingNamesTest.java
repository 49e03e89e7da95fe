package io.meridian.core.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.common.MissingNames;
import io.meridian.core.identity.admin.CachedOrganizationStore;
import io.meridian.core.identity.admin.Organization;
import io.meridian.core.identity.token.AccessEvent;
import io.meridian.testing.MemoryCore;
import io.meridian.testing.MemoryIdentity;
import io.meridian.testing.app.MemoryApplicationStore;
import io.meridian.testing.identity.admin.MemoryOrganizationStore;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Names found missing are remembered briefly, on a bounded budget, and never hide a registration:
 * not on the node that registers, not on another once the access feed brings the event, not to a
 * read that raced with it.
 */
class MissingNamesTest {
  private static final Duration TTL = Duration.ofSeconds(2);

  private final MemoryCore core = new MemoryCore();
  private final MemoryApplicationStore store = new MemoryApplicationStore();
  private final MissingNames missing = new MissingNames(TTL, 1_000, core.clock);
  private final ApplicationService applications = new ApplicationService(store, core.ids, missing);
  private final UUID acme = UUID.randomUUID();

  @Test
  void a_missing_application_asked_for_again_and_again_is_read_once_per_period() {
    for (int i = 0; i < 1_000; i++) {
      assertThat(applications.find("acme", i % 2 == 0 ? "ghost" : "GHOST")).isEmpty();
    }
    assertThat(applications.lookups()).isEqualTo(1);

    core.clock.advance(TTL.plusMillis(1));

    assertThat(applications.find("acme", "ghost")).isEmpty();
    assertThat(applications.lookups()).isEqualTo(2);
  }

  @Test
  void an_application_created_right_after_a_miss_is_found_on_the_same_node() {
    assertThat(applications.find("acme", "shop")).isEmpty();

    ApplicationRef created = applications.create(acme, "acme", "shop");

    assertThat(applications.find("acme", "shop")).contains(created);
  }

  @Test
  void another_node_finds_a_new_application_once_it_hears_of_its_registration() {
    MissingNames there = new MissingNames(TTL, 1_000, core.clock);
    ApplicationService otherNode = new ApplicationService(store, core.ids, there);
    assertThat(otherNode.find("acme", "shop")).isEmpty();

    ApplicationRef created = applications.create(acme, "acme", "shop");
    assertThat(otherNode.find("acme", "shop")).as("within the bound, before the event").isEmpty();
    there.registered(ApplicationService.nameId(created));

    assertThat(otherNode.find("acme", "shop")).contains(created);
  }

  @Test
  void a_read_under_way_when_a_name_is_registered_leaves_nothing_behind() {
    UUID name = MissingNames.id("application", "acme/shop");
    long before = missing.generation();

    missing.registered(name);
    missing.missing(name, before);

    assertThat(missing.isMissing(name)).isFalse();
  }

  @Test
  void a_flood_of_distinct_names_keeps_at_most_the_bound() {
    MissingNames small = new MissingNames(TTL, 10, core.clock);
    ApplicationService bounded = new ApplicationService(store, core.ids, small);

    for (int i = 0; i < 1_000; i++) {
      bounded.find("made-up-" + i, "x".repeat(1_000));
    }

    assertThat(small.size()).isLessThanOrEqualTo(10);
    assertThat(bounded.lookups()).isEqualTo(1_000);
  }

  @Test
  void a_missing_organization_is_read_once_and_a_registration_ends_it() {
    MemoryOrganizationStore organizations = new MemoryOrganizationStore();
    CachedOrganizationStore cached = new CachedOrganizationStore(organizations, missing);
    for (int i = 0; i < 100; i++) {
      assertThat(cached.find("Nowhere")).isEmpty();
    }
    assertThat(cached.lookups()).isEqualTo(1);

    Organization created = new Organization(UUID.randomUUID(), "nowhere", 1L);
    cached.create(created);

    assertThat(cached.find("NOWHERE")).contains(created);
  }

  @Test
  void registering_an_organization_or_an_application_tells_every_node() {
    MemoryIdentity identity = new MemoryIdentity(core);
    Organization registered =
        identity
            .management
            .register("Initech", "peter", null, "peter@initech.io", "tps-report1")
            .organization();
    ApplicationRef application = identity.management.createApplication(registered, "tps");

    assertThat(identity.events.events())
        .contains(
            new AccessEvent(
                AccessEvent.Kind.NAME_REGISTERED, CachedOrganizationStore.nameId("initech")),
            new AccessEvent(
                AccessEvent.Kind.NAME_REGISTERED, ApplicationService.nameId(application)));
  }
}
