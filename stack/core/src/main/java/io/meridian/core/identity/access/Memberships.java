package io.meridian.core.identity.access;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.EntityStore;
import io.meridian.core.entity.StoredEntity;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * Memberships between users, groups and roles, as Usergrid's: a user's roles and groups, a group's
 * users and roles, a role's users and groups ({@code /users/{u}/roles/{r}}, {@code
 * /groups/{g}/users/{u}}, and their reverses). Which pairs exist, and which store each is kept in
 * (a role is a grant of its holder; a group's users are grants of the group), is decided here.
 */
public final class Memberships {
  private final EntityService entities;
  private final EntityStore store;
  private final RoleService roles;

  public Memberships(EntityService entities, EntityStore store, RoleService roles) {
    this.entities = entities;
    this.store = store;
    this.roles = roles;
  }

  /**
   * What an entity's sub-collection under a verb holds: a user's {@code roles} and {@code groups},
   * a group's {@code users} and {@code roles}, a role's {@code users} and {@code groups}; 404 for
   * any other pair, as Usergrid has none.
   */
  public static CollectionName membersOf(CollectionName collection, String verb) {
    CollectionName members =
        switch (verb) {
          case "roles" -> RoleService.ROLES;
          case "groups" -> RoleService.GROUPS;
          case "users" -> RoleService.USERS;
          default -> null;
        };
    if (members == null || members.equals(collection)) {
      throw notHere(verb);
    }
    return members;
  }

  /** The entities of {@code target}'s sub-collection under {@code verb}, in holding order. */
  public List<StoredEntity> members(ApplicationRef app, StoredEntity target, String verb) {
    CollectionName collection = CollectionName.of(target.collection());
    CollectionName members = membersOf(collection, verb);
    List<UUID> ids;
    if (members.equals(RoleService.ROLES)) {
      ids = roles.roles(app, RoleService.holder(target));
    } else if (collection.equals(RoleService.USERS)) {
      ids = roles.groups(app, target.uuid());
    } else {
      String kind = collection.equals(RoleService.ROLES) ? GrantStore.ROLE : GrantStore.GROUP;
      ids =
          RoleService.ids(
              roles.holders(app, kind, target.uuid().toString()),
              members.equals(RoleService.USERS) ? "user" : "group");
    }
    Map<UUID, StoredEntity> loaded = store.loadAll(app.id(), ids);
    return ids.stream().map(loaded::get).filter(Objects::nonNull).toList();
  }

  /** One member of {@code target}'s sub-collection under {@code verb}; 404 when it is not one. */
  public StoredEntity member(ApplicationRef app, StoredEntity target, String verb, String member) {
    CollectionName collection = membersOf(CollectionName.of(target.collection()), verb);
    StoredEntity other = entities.get(app, collection, member);
    boolean held =
        members(app, target, verb).stream()
            .anyMatch(candidate -> candidate.uuid().equals(other.uuid()));
    if (!held) {
      throw EntityService.notFound(collection, member);
    }
    return other;
  }

  /**
   * Adds {@code member} to {@code target}'s sub-collection under {@code verb} (a user to a group or
   * role, a group to a role, or the reverse); returns the member.
   */
  public StoredEntity join(ApplicationRef app, StoredEntity target, String verb, String member) {
    return change(app, target, verb, member, true);
  }

  /** Removes a membership; returns the member. */
  public StoredEntity leave(ApplicationRef app, StoredEntity target, String verb, String member) {
    return change(app, target, verb, member, false);
  }

  private StoredEntity change(
      ApplicationRef app, StoredEntity target, String verb, String member, boolean join) {
    CollectionName members = membersOf(CollectionName.of(target.collection()), verb);
    StoredEntity other = entities.get(app, members, member);
    StoredEntity user = pick(RoleService.USERS, target, other);
    StoredEntity group = pick(RoleService.GROUPS, target, other);
    StoredEntity role = pick(RoleService.ROLES, target, other);
    if (role != null) {
      String holder = user != null ? GrantStore.user(user.uuid()) : GrantStore.group(group.uuid());
      if (join) {
        roles.addRole(app, holder, role);
      } else {
        roles.removeRole(app, holder, role);
      }
    } else if (join) {
      roles.addToGroup(app, user.uuid(), group.uuid());
    } else {
      roles.removeFromGroup(app, user.uuid(), group.uuid());
    }
    return other;
  }

  /** Of the two ends, the one in {@code wanted}; null when neither is. */
  private static StoredEntity pick(CollectionName wanted, StoredEntity target, StoredEntity other) {
    if (target.collection().equals(wanted.plural())) {
      return target;
    }
    return other.collection().equals(wanted.plural()) ? other : null;
  }

  /** The refusal of a sub-collection Usergrid does not have. */
  public static MeridianException notHere(String what) {
    return new MeridianException(ErrorCode.NOT_FOUND, "No " + what + " here");
  }
}
