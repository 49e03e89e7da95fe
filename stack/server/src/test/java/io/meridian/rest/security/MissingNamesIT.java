package io.meridian.rest.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.app.ApplicationService;
import io.meridian.core.identity.admin.CachedOrganizationStore;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.Eventually;
import io.meridian.rest.support.ExtraNode;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.MeridianIT;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Threat: a flood of requests naming organizations and applications that do not exist, each of
 * which would read Cassandra. A name found missing is remembered for a moment (2 s by default), so
 * the store is read once per name, not once per request; and a name registered right after a miss
 * is found at once on the node that registered it, and within the access feed's bound on the
 * others. The store reads are counted by the shared server's registry ({@code
 * meridian.registry.lookups}), which every other class reads too: this class runs alone.
 */
@Isolated // counts the shared server's registry reads
class MissingNamesIT extends MeridianIT {
  /** 1,000 requests per flood; each name's repeats come well within the 2 s a miss is kept. */
  private static final int NAMES = 100;

  private static final int REPEATS = 10;

  /** Reads the other classes' setup might still cause while this one runs: none expected. */
  private static final int SLACK = 10;

  @Autowired private ApplicationService applications;
  @Autowired private CachedOrganizationStore organizations;

  private static String madeUp(String prefix) {
    return prefix + UUID.randomUUID().toString().substring(0, 8);
  }

  @Test
  void a_flood_of_made_up_applications_reads_the_store_once_per_name() {
    ApiClient guest = api.anonymous();
    long before = applications.lookups();

    for (int name = 0; name < NAMES; name++) {
      String path = "/" + madeUp("nowhere") + "/" + madeUp("ghost") + "/things";
      for (int i = 0; i < REPEATS; i++) {
        Reply refused = guest.get(path);
        assertThat(refused.status()).as(refused.body()).isEqualTo(401);
      }
    }

    assertThat(applications.lookups() - before)
        .as("store reads for %d requests naming %d applications", NAMES * REPEATS, NAMES)
        .isBetween((long) NAMES, (long) NAMES + SLACK);
  }

  @Test
  void a_flood_of_made_up_organizations_reads_the_store_once_per_name() {
    ApiClient admin = api.withToken(organization.adminToken());
    long before = organizations.lookups();

    for (int name = 0; name < NAMES; name++) {
      String path = "/management/orgs/" + madeUp("nowhere");
      for (int i = 0; i < REPEATS; i++) {
        Reply refused = admin.get(path);
        assertThat(refused.status()).as(refused.body()).isEqualTo(403);
      }
    }

    assertThat(organizations.lookups() - before)
        .as("store reads for %d requests naming %d organizations", NAMES * REPEATS, NAMES)
        .isBetween((long) NAMES, (long) NAMES + SLACK);
  }

  @Test
  void an_application_created_right_after_a_miss_is_found_at_once() {
    String fresh = madeUp("fresh");
    ApiClient admin = api.withToken(organization.adminToken());
    Reply missing = admin.get("/" + org + "/" + fresh + "/things");
    assertThat(missing.status()).as(missing.body()).isEqualTo(404);

    Identities.application(api, organization, fresh);

    Reply found = admin.get("/" + org + "/" + fresh + "/things");
    assertThat(found.status()).as(found.body()).isEqualTo(200);
  }

  @Test
  void an_organization_registered_right_after_a_miss_is_found_at_once() {
    String fresh = madeUp("fresh");
    ApiClient superuser = api.withToken(Identities.superuserToken(api));
    assertThat(superuser.get("/management/orgs/" + fresh).status()).isEqualTo(404);

    Identities.Organization registered = Identities.organization(api, fresh);

    Reply found = api.withToken(registered.adminToken()).get("/management/orgs/" + fresh);
    assertThat(found.status()).as(found.body()).isEqualTo(200);
    assertThat(superuser.get("/management/orgs/" + fresh).status()).isEqualTo(200);
  }

  @Test
  void another_node_finds_a_new_application_through_the_access_feed_not_the_ttl() {
    String fresh = madeUp("fresh");
    try (ExtraNode other = ExtraNode.start(Map.of("meridian.identity.missing-name-ttl", "10m"))) {
      ApiClient adminThere = other.client().withToken(organization.adminToken());
      Reply missing = adminThere.get("/" + org + "/" + fresh + "/things");
      assertThat(missing.status()).as(missing.body()).isEqualTo(404);

      Identities.application(api, organization, fresh);

      Eventually.within(
          Duration.ofSeconds(3),
          () -> {
            Reply found = adminThere.get("/" + org + "/" + fresh + "/things");
            assertThat(found.status()).as(found.body()).isEqualTo(200);
          });
    }
  }
}
