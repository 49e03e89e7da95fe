package io.meridian.core.identity.access;

import static io.meridian.core.identity.access.AccessControl.DEFAULT_ROLE;
import static io.meridian.core.identity.access.AccessControl.GUEST_ROLE;

import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.MeridianException;
import io.meridian.core.identity.access.PermissionGrant.Holder;
import io.meridian.core.identity.access.PermissionGrant.Kind;
import io.meridian.core.identity.permission.Permission;
import io.meridian.core.identity.permission.PermissionSet;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * One application's permission sets, built on first use; dropped whole when grants change or a role
 * is renamed. Roles are held by uuid; {@code guest} and {@code default} are found by name once per
 * instance. A set is built from the caller's grants ({@link #held}, {@link #heldByGuest}) and an
 * explanation reads the same grants, so both answer alike.
 */
final class ApplicationAccess {
  private final ApplicationRef application;
  private final GrantStore grants;
  private final RoleDirectory roles;
  private final LoadingCache<UUID, PermissionSet> users;
  private volatile PermissionSet guest;
  private volatile Optional<UUID> defaultRole;

  ApplicationAccess(ApplicationRef application, GrantStore grants, RoleDirectory roles) {
    this.application = application;
    this.grants = grants;
    this.roles = roles;
    this.users = Caffeine.newBuilder().maximumSize(100_000).build(this::load);
  }

  PermissionSet guest() {
    PermissionSet loaded = guest;
    if (loaded == null) {
      loaded = permissionSet(heldByGuest(), null);
      guest = loaded;
    }
    return loaded;
  }

  PermissionSet user(UUID user) {
    return users.get(user);
  }

  private PermissionSet load(UUID user) {
    return permissionSet(held(user), user);
  }

  /** The guest role's grants: all an anonymous caller holds. */
  List<PermissionGrant> heldByGuest() {
    List<PermissionGrant> held = new ArrayList<>();
    roles
        .roleId(application, GUEST_ROLE)
        .ifPresent(id -> addRole(held, id, null, new LinkedHashSet<>()));
    return held;
  }

  /**
   * A user's grants in the order they are tried: its own permissions, its groups', then the
   * permissions of its roles, of the {@code default} role and of its groups' roles.
   */
  List<PermissionGrant> held(UUID user) {
    Holder self = new Holder(Kind.USER, user);
    Grants own = grants.grants(application.id(), GrantStore.user(user));
    List<PermissionGrant> held = new ArrayList<>();
    addPermissions(held, own.permissions(), self, null);
    Map<UUID, Holder> rolesHeld = new LinkedHashMap<>();
    ids(own.roles()).forEach(role -> rolesHeld.putIfAbsent(role, self));
    defaultRole().ifPresent(role -> rolesHeld.putIfAbsent(role, null));
    for (UUID group : ids(own.groups())) {
      Holder ofGroup = new Holder(Kind.GROUP, group);
      Grants groupGrants = grants.grants(application.id(), GrantStore.group(group));
      addPermissions(held, groupGrants.permissions(), ofGroup, null);
      ids(groupGrants.roles()).forEach(role -> rolesHeld.putIfAbsent(role, ofGroup));
    }
    Set<UUID> added = new LinkedHashSet<>();
    rolesHeld.forEach((role, through) -> addRole(held, role, through, added));
    return held;
  }

  private void addRole(List<PermissionGrant> held, UUID role, Holder through, Set<UUID> added) {
    if (added.add(role)) {
      Grants ofRole = grants.grants(application.id(), GrantStore.role(role));
      addPermissions(held, ofRole.permissions(), new Holder(Kind.ROLE, role), through);
    }
  }

  private Optional<UUID> defaultRole() {
    Optional<UUID> found = defaultRole;
    if (found == null) {
      found = roles.roleId(application, DEFAULT_ROLE);
      defaultRole = found;
    }
    return found;
  }

  static PermissionSet permissionSet(List<PermissionGrant> held, UUID user) {
    return PermissionSet.of(
        held.stream().map(PermissionGrant::permission).toList(),
        user == null ? null : user.toString());
  }

  /** Stored permissions were validated when granted; one that no longer parses is skipped. */
  private static void addPermissions(
      List<PermissionGrant> held, Set<String> texts, Holder holder, Holder through) {
    for (String text : texts) {
      try {
        held.add(new PermissionGrant(Permission.parse(text), holder, through));
      } catch (MeridianException e) {
        // written by an older version with looser rules: grants nothing rather than too much
      }
    }
  }

  /**
   * Role and group ids as stored; a role granted by name by a version before roles were held by
   * uuid (see {@link CassandraRoleGrantMigration}) names no role and holds nothing.
   */
  private static List<UUID> ids(Set<String> stored) {
    List<UUID> ids = new ArrayList<>(stored.size());
    for (String id : stored) {
      try {
        ids.add(UUID.fromString(id));
      } catch (IllegalArgumentException e) {
        // granted by name before the migration ran
      }
    }
    return ids;
  }
}
