package io.meridian.core.identity.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.EventLog;
import io.meridian.core.common.MeridianException;
import io.meridian.core.identity.Principal;
import io.meridian.core.identity.PrincipalKind;
import io.meridian.core.identity.access.PermissionGrant.Holder;
import io.meridian.core.identity.access.PermissionGrant.Kind;
import io.meridian.core.identity.admin.Organization;
import io.meridian.core.identity.admin.OrganizationStore;
import io.meridian.core.identity.permission.Permission;
import io.meridian.core.identity.permission.Verb;
import io.meridian.core.identity.token.AccessEvent;
import io.meridian.core.identity.token.AccessEventStore;
import io.meridian.core.identity.token.AccessFeed;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What an app user may do and why: the explanation names the grant that the real decision ({@link
 * AccessControl#authorize}) stops at, with where it comes from, over in-memory grants.
 */
class AccessControlTest {
  private static final ApplicationRef APP =
      new ApplicationRef(UUID.randomUUID(), UUID.randomUUID(), "acme", "zoo", 0);

  private final MemoryGrants grants = new MemoryGrants();
  private final Map<String, UUID> roleNames = new HashMap<>();
  private final AccessControl access =
      new AccessControl(
          grants,
          (application, name) -> Optional.ofNullable(roleNames.get(name)),
          new NoOrganizations(),
          new AccessFeed(
              new NoEvents(),
              Clock.systemUTC(),
              Duration.ofSeconds(1),
              Duration.ofSeconds(10),
              Duration.ofSeconds(30)));

  private final UUID fred = UUID.randomUUID();
  private final UUID defaultRole = role("default", "get:/news/*");
  private final UUID guestRole = role("guest", "post:/users");

  private UUID role(String name, String... permissions) {
    UUID id = UUID.randomUUID();
    roleNames.put(name, id);
    for (String permission : permissions) {
      grants.grant(APP.id(), GrantStore.role(id), GrantStore.PERMISSION, permission);
    }
    return id;
  }

  private Principal asFred() {
    return new Principal(PrincipalKind.APP_USER, fred, APP.id(), null);
  }

  private static List<String> path(String... segments) {
    return List.of(segments);
  }

  @Test
  void names_a_role_held_by_the_user_and_authorize_agrees() {
    UUID keepers = role("keepers", "get,put:/cats/*");
    grants.grant(APP.id(), GrantStore.user(fred), GrantStore.ROLE, keepers.toString());

    AccessExplanation explanation = access.explain(APP, fred, Verb.PUT, path("cats", "fido"));

    assertThat(explanation.allowed()).isTrue();
    assertThat(explanation.by())
        .contains(
            new PermissionGrant(
                Permission.parse("get,put:/cats/*"),
                new Holder(Kind.ROLE, keepers),
                new Holder(Kind.USER, fred)));
    assertThatCode(() -> access.authorize(asFred(), APP, Verb.PUT, path("cats", "fido")))
        .doesNotThrowAnyException();
  }

  @Test
  void names_a_group_permission_and_a_role_held_through_the_group() {
    UUID rangers = UUID.randomUUID();
    UUID walkers = role("walkers", "post:/dogs/*/walks");
    grants.grant(APP.id(), GrantStore.user(fred), GrantStore.GROUP, rangers.toString());
    grants.grant(APP.id(), GrantStore.group(rangers), GrantStore.PERMISSION, "get:/dogs/*");
    grants.grant(APP.id(), GrantStore.group(rangers), GrantStore.ROLE, walkers.toString());

    assertThat(access.explain(APP, fred, Verb.GET, path("dogs", "rex")).by().orElseThrow())
        .isEqualTo(
            new PermissionGrant(
                Permission.parse("get:/dogs/*"), new Holder(Kind.GROUP, rangers), null));
    assertThat(
            access.explain(APP, fred, Verb.POST, path("dogs", "rex", "walks")).by().orElseThrow())
        .isEqualTo(
            new PermissionGrant(
                Permission.parse("post:/dogs/*/walks"),
                new Holder(Kind.ROLE, walkers),
                new Holder(Kind.GROUP, rangers)));
  }

  @Test
  void lists_every_grant_in_the_order_they_are_tried() {
    UUID keepers = role("keepers", "get:/cats/*");
    grants.grant(APP.id(), GrantStore.user(fred), GrantStore.PERMISSION, "delete:/cats/*");
    grants.grant(APP.id(), GrantStore.user(fred), GrantStore.ROLE, keepers.toString());

    AccessExplanation explanation = access.explain(APP, fred, Verb.GET, path("cats", "fido"));

    assertThat(explanation.considered())
        .extracting(grant -> grant.holder().kind() + " " + grant.permission().format())
        .containsExactly("USER delete:/cats/*", "ROLE get:/cats/*", "ROLE get:/news/*");
    assertThat(explanation.considered().get(2).holder().id()).isEqualTo(defaultRole);
    assertThat(explanation.considered().get(2).through()).isNull();
  }

  @Test
  void a_refusal_names_no_grant_and_authorize_refuses_too() {
    AccessExplanation explanation = access.explain(APP, fred, Verb.DELETE, path("news", "x"));

    assertThat(explanation.allowed()).isFalse();
    assertThat(explanation.by()).isEmpty();
    assertThatThrownBy(() -> access.authorize(asFred(), APP, Verb.DELETE, path("news", "x")))
        .isInstanceOf(MeridianException.class);
  }

  @Test
  void an_anonymous_caller_holds_the_guest_role_only() {
    AccessExplanation explanation = access.explain(APP, null, Verb.POST, path("users"));

    assertThat(explanation.by().orElseThrow().holder()).isEqualTo(new Holder(Kind.ROLE, guestRole));
    assertThat(explanation.considered()).hasSize(1);
    assertThat(access.explain(APP, null, Verb.GET, path("news", "x")).allowed()).isFalse();
  }

  @Test
  void a_stored_permission_that_no_longer_parses_grants_nothing_and_is_not_listed() {
    grants.grant(APP.id(), GrantStore.user(fred), GrantStore.PERMISSION, "get:/x/%41");

    AccessExplanation explanation = access.explain(APP, fred, Verb.GET, path("x", "a"));

    assertThat(explanation.allowed()).isFalse();
    assertThat(explanation.considered())
        .extracting(grant -> grant.permission().format())
        .containsExactly("get:/news/*");
  }

  /** Grants in memory, each holder's values in the order granted. */
  private static final class MemoryGrants implements GrantStore {
    private final Map<String, Map<String, Set<String>>> byHolder = new HashMap<>();

    @Override
    public synchronized Grants grants(UUID application, String holder) {
      Map<String, Set<String>> held = byHolder.getOrDefault(holder, Map.of());
      return new Grants(
          new LinkedHashSet<>(held.getOrDefault(PERMISSION, Set.of())),
          new LinkedHashSet<>(held.getOrDefault(ROLE, Set.of())),
          new LinkedHashSet<>(held.getOrDefault(GROUP, Set.of())));
    }

    @Override
    public synchronized void grant(UUID application, String holder, String kind, String value) {
      byHolder
          .computeIfAbsent(holder, h -> new HashMap<>())
          .computeIfAbsent(kind, k -> new LinkedHashSet<>())
          .add(value);
    }

    @Override
    public synchronized void revoke(UUID application, String holder, String kind, String value) {
      byHolder
          .getOrDefault(holder, Map.of())
          .getOrDefault(kind, new LinkedHashSet<>())
          .remove(value);
    }

    @Override
    public synchronized List<String> holders(UUID application, String kind, String value) {
      List<String> holders = new ArrayList<>();
      byHolder.forEach(
          (holder, held) -> {
            if (held.getOrDefault(kind, Set.of()).contains(value)) {
              holders.add(holder);
            }
          });
      return holders;
    }

    @Override
    public synchronized void removeHolder(UUID application, String holder) {
      byHolder.remove(holder);
    }

    @Override
    public synchronized void removeValue(UUID application, String kind, String value) {
      byHolder
          .values()
          .forEach(held -> held.getOrDefault(kind, new LinkedHashSet<>()).remove(value));
    }
  }

  /** No organization: these tests are about app users, who never reach one. */
  private static final class NoOrganizations implements OrganizationStore {
    @Override
    public Optional<Organization> find(String name) {
      return Optional.empty();
    }

    @Override
    public Optional<Organization> find(UUID id) {
      return Optional.empty();
    }

    @Override
    public boolean create(Organization organization) {
      return false;
    }

    @Override
    public Optional<String> properties(Organization organization) {
      return Optional.empty();
    }

    @Override
    public void setProperties(Organization organization, String json) {}

    @Override
    public void addAdmin(UUID organization, UUID admin) {}

    @Override
    public void removeAdmin(UUID organization, UUID admin) {}

    @Override
    public List<UUID> admins(UUID organization) {
      return List.of();
    }

    @Override
    public List<UUID> organizationsOf(UUID admin) {
      return List.of();
    }
  }

  /** A feed that never carries an event: grants here change before the first decision only. */
  private static final class NoEvents implements AccessEventStore {
    @Override
    public void publish(AccessEvent event) {}

    @Override
    public List<EventLog.Published<AccessEvent>> since(Instant since, Instant now) {
      return List.of();
    }
  }
}
