package io.meridian.core.identity.access;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.entity.WriteOptions;
import io.meridian.core.identity.permission.Permission;
import io.meridian.core.identity.token.AccessFeed;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Roles, permissions and memberships of an application. Roles and groups are entities (of {@code
 * roles} and {@code groups}) so they list and query like any other; what they grant lives in the
 * {@link GrantStore}, keyed by their uuids, so a rename changes nothing a role or group holds and a
 * new entity taking a freed name inherits nothing. Every change tells all nodes through the access
 * feed.
 */
public final class RoleService implements RoleDirectory {
  public static final CollectionName ROLES = CollectionName.of("roles");
  public static final CollectionName GROUPS = CollectionName.of("groups");
  public static final CollectionName USERS = CollectionName.of("users");

  /** Usergrid's defaults: guests may sign up and register devices; signed-in users may do all. */
  static final Map<String, List<String>> DEFAULT_ROLES =
      Map.of(
          AccessControl.GUEST_ROLE, List.of("post:/users", "post:/devices", "put:/devices/*"),
          AccessControl.DEFAULT_ROLE, List.of("get,put,post,delete:/**"),
          AccessControl.ADMIN_ROLE, List.of());

  private final EntityService entities;
  private final GrantStore grants;
  private final AccessFeed feed;

  public RoleService(EntityService entities, GrantStore grants, AccessFeed feed) {
    this.entities = entities;
    this.grants = grants;
    this.feed = feed;
  }

  /**
   * The {@code guest}, {@code default} and {@code admin} roles of a new application, written as one
   * array (one wait for the index, not one per role).
   */
  public void createDefaults(ApplicationRef application) {
    List<JsonNode> bodies = new ArrayList<>();
    for (String name : DEFAULT_ROLES.keySet()) {
      bodies.add(Json.object().put("name", name).put("title", title(name)).put("inactivity", 0));
    }
    for (StoredEntity role : entities.create(application, ROLES, bodies, WriteOptions.DEFAULT)) {
      for (String permission : DEFAULT_ROLES.get(roleName(role))) {
        grants.grant(
            application.id(), GrantStore.role(role.uuid()), GrantStore.PERMISSION, permission);
      }
    }
    changed(application);
  }

  /** The role entity; 404 when there is none of that name. */
  public StoredEntity role(ApplicationRef application, String name) {
    return entities.get(application, ROLES, name);
  }

  @Override
  public Optional<UUID> roleId(ApplicationRef application, String name) {
    return entities.find(application, ROLES, name).map(StoredEntity::uuid);
  }

  /** The holder key of an entity that can hold grants (a user, group or role). */
  public static String holder(StoredEntity entity) {
    return switch (entity.collection()) {
      case "users" -> GrantStore.user(entity.uuid());
      case "groups" -> GrantStore.group(entity.uuid());
      case "roles" -> GrantStore.role(entity.uuid());
      default ->
          throw new MeridianException(
              ErrorCode.ILLEGAL_ARGUMENT, entity.collection() + " cannot hold permissions");
    };
  }

  public List<String> permissions(ApplicationRef application, String holder) {
    return grants.grants(application.id(), holder).permissions().stream().sorted().toList();
  }

  /** Grants a permission (validated, stored in its canonical form); returns that form. */
  public String grantPermission(ApplicationRef application, String holder, String permission) {
    String canonical = Permission.parse(permission).format();
    grants.grant(application.id(), holder, GrantStore.PERMISSION, canonical);
    changed(application);
    return canonical;
  }

  public String revokePermission(ApplicationRef application, String holder, String permission) {
    String canonical = Permission.parse(permission).format();
    grants.revoke(application.id(), holder, GrantStore.PERMISSION, canonical);
    changed(application);
    return canonical;
  }

  /**
   * The ids of the roles a user or group holds. A role granted by name (by a version before roles
   * were held by uuid, see {@link CassandraRoleGrantMigration}) names no role and is skipped.
   */
  public List<UUID> roles(ApplicationRef application, String holder) {
    List<UUID> ids = new ArrayList<>();
    for (String role : grants.grants(application.id(), holder).roles()) {
      try {
        ids.add(UUID.fromString(role));
      } catch (IllegalArgumentException e) {
        // granted by name before the migration ran: holds nothing
      }
    }
    ids.sort(null);
    return ids;
  }

  /** The group ids a user belongs to. */
  public List<UUID> groups(ApplicationRef application, UUID user) {
    return grants.grants(application.id(), GrantStore.user(user)).groups().stream()
        .map(UUID::fromString)
        .sorted()
        .toList();
  }

  /** Holders of a role ({@code user:..}, {@code group:..}) or members of a group. */
  public List<String> holders(ApplicationRef application, String kind, String value) {
    return grants.holders(application.id(), kind, value);
  }

  public void addRole(ApplicationRef application, String holder, StoredEntity role) {
    grants.grant(application.id(), holder, GrantStore.ROLE, role.uuid().toString());
    changed(application);
  }

  public void removeRole(ApplicationRef application, String holder, StoredEntity role) {
    grants.revoke(application.id(), holder, GrantStore.ROLE, role.uuid().toString());
    changed(application);
  }

  public void addToGroup(ApplicationRef application, UUID user, UUID group) {
    grants.grant(application.id(), GrantStore.user(user), GrantStore.GROUP, group.toString());
    changed(application);
  }

  public void removeFromGroup(ApplicationRef application, UUID user, UUID group) {
    grants.revoke(application.id(), GrantStore.user(user), GrantStore.GROUP, group.toString());
    changed(application);
  }

  private void changed(ApplicationRef application) {
    feed.publish(AccessControl.changed(application.id()));
  }

  static String roleName(StoredEntity role) {
    if (role.name() == null) {
      throw new MeridianException(ErrorCode.ILLEGAL_ARGUMENT, "A role needs a name");
    }
    return role.name().toLowerCase(Locale.ROOT);
  }

  private static String title(String name) {
    return switch (name) {
      case AccessControl.GUEST_ROLE -> "Guest";
      case AccessControl.DEFAULT_ROLE -> "Default";
      default -> "Administrator";
    };
  }

  /** Entity ids of holders of one kind, e.g. the users among a role's holders. */
  public static List<UUID> ids(List<String> holders, String prefix) {
    List<UUID> ids = new ArrayList<>();
    for (String holder : holders) {
      if (holder.startsWith(prefix + ":")) {
        ids.add(UUID.fromString(holder.substring(prefix.length() + 1)));
      }
    }
    return ids;
  }
}
