package io.meridian.core.identity.access;

import static io.meridian.testing.Bodies.json;
import static io.meridian.testing.Refusals.codeOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.entity.WriteOptions;
import io.meridian.core.identity.token.AccessEvent;
import io.meridian.testing.MemoryCore;
import io.meridian.testing.MemoryIdentity;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class RoleServiceTest {
  private final MemoryCore core = new MemoryCore();
  private final MemoryIdentity identity = new MemoryIdentity(core);
  private final RoleService roles = identity.roles;
  private final AccessEvent changed = new AccessEvent(AccessEvent.Kind.APPLICATION, core.app.id());

  private StoredEntity post(CollectionName collection, String body) {
    return core.entities
        .create(core.app, collection, List.of(json(body)), WriteOptions.DEFAULT)
        .get(0);
  }

  @Test
  void a_new_application_gets_usergrids_guest_default_and_admin_roles_with_their_permissions() {
    roles.createDefaults(core.app);

    String guest = GrantStore.role(roles.role(core.app, "guest").uuid());
    String everyone = GrantStore.role(roles.role(core.app, "default").uuid());
    String admin = GrantStore.role(roles.role(core.app, "admin").uuid());
    assertThat(roles.permissions(core.app, guest))
        .containsExactly("post:/devices", "post:/users", "put:/devices/*");
    assertThat(roles.permissions(core.app, everyone)).containsExactly("get,put,post,delete:/**");
    assertThat(roles.permissions(core.app, admin)).isEmpty();
    assertThat(roles.roleId(core.app, "GUEST")).contains(roles.role(core.app, "guest").uuid());
    assertThat(identity.events.events()).contains(changed);
  }

  @Test
  void a_missing_role_is_entity_not_found_and_has_no_id() {
    assertThat(codeOf(() -> roles.role(core.app, "nobody"))).isEqualTo(ErrorCode.ENTITY_NOT_FOUND);
    assertThat(roles.roleId(core.app, "nobody")).isEmpty();
  }

  @Test
  void a_permission_is_granted_and_revoked_in_its_canonical_form_and_every_node_is_told() {
    StoredEntity user = post(RoleService.USERS, "{'username': 'ada'}");
    String holder = RoleService.holder(user);

    String granted = roles.grantPermission(core.app, holder, "GET,POST:/dogs/*");

    assertThat(granted).isEqualTo("get,post:/dogs/*");
    assertThat(roles.permissions(core.app, holder)).containsExactly("get,post:/dogs/*");
    assertThat(roles.revokePermission(core.app, holder, "post,get:/dogs/*")).isEqualTo(granted);
    assertThat(roles.permissions(core.app, holder)).isEmpty();
    assertThat(identity.events.events()).containsExactly(changed, changed);
  }

  @Test
  void a_malformed_permission_is_refused_and_granted_nowhere() {
    String holder = GrantStore.user(core.ids.newTimeUuid());

    assertThat(codeOf(() -> roles.grantPermission(core.app, holder, "fly:/dogs")))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    assertThat(roles.permissions(core.app, holder)).isEmpty();
    assertThat(identity.events.events()).isEmpty();
  }

  @Test
  void only_users_groups_and_roles_hold_permissions() {
    StoredEntity group = post(RoleService.GROUPS, "{'path': 'staff'}");
    StoredEntity dog = post(CollectionName.of("dogs"), "{'name': 'rex'}");

    assertThat(RoleService.holder(group)).isEqualTo("group:" + group.uuid());
    assertThat(codeOf(() -> RoleService.holder(dog))).isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
  }

  @Test
  void roles_are_held_by_uuid_and_a_rename_keeps_them() {
    StoredEntity user = post(RoleService.USERS, "{'username': 'ada'}");
    StoredEntity role = post(RoleService.ROLES, "{'name': 'editor'}");
    String holder = RoleService.holder(user);

    roles.addRole(core.app, holder, role);
    core.entities.update(
        core.app, RoleService.ROLES, "editor", json("{'name': 'author'}"), WriteOptions.DEFAULT);

    assertThat(roles.roles(core.app, holder)).containsExactly(role.uuid());
    assertThat(roles.holders(core.app, GrantStore.ROLE, role.uuid().toString()))
        .containsExactly(holder);
    roles.removeRole(core.app, holder, role);
    assertThat(roles.roles(core.app, holder)).isEmpty();
  }

  @Test
  void a_role_granted_by_name_before_the_migration_names_no_role() {
    StoredEntity role = post(RoleService.ROLES, "{'name': 'editor'}");
    String holder = GrantStore.user(core.ids.newTimeUuid());
    identity.grants.grant(core.app.id(), holder, GrantStore.ROLE, "editor");
    roles.addRole(core.app, holder, role);

    assertThat(roles.roles(core.app, holder)).containsExactly(role.uuid());
  }

  @Test
  void group_memberships_are_listed_both_ways_in_uuid_order() {
    UUID user = post(RoleService.USERS, "{'username': 'ada'}").uuid();
    UUID staff = post(RoleService.GROUPS, "{'path': 'staff'}").uuid();
    UUID admins = post(RoleService.GROUPS, "{'path': 'admins'}").uuid();

    roles.addToGroup(core.app, user, admins);
    roles.addToGroup(core.app, user, staff);

    assertThat(roles.groups(core.app, user)).containsExactly(staff, admins);
    assertThat(RoleService.ids(roles.holders(core.app, GrantStore.GROUP, staff.toString()), "user"))
        .containsExactly(user);
    roles.removeFromGroup(core.app, user, staff);
    assertThat(roles.groups(core.app, user)).containsExactly(admins);
  }

  @Test
  void deleting_a_role_removes_it_from_its_holders_and_its_own_grants() {
    StoredEntity user = post(RoleService.USERS, "{'username': 'ada'}");
    StoredEntity role = post(RoleService.ROLES, "{'name': 'editor'}");
    String holder = RoleService.holder(user);
    roles.addRole(core.app, holder, role);
    roles.grantPermission(core.app, RoleService.holder(role), "get:/dogs");

    core.entities.delete(core.app, RoleService.ROLES, "editor", WriteOptions.DEFAULT);

    assertThat(roles.roles(core.app, holder)).isEmpty();
    assertThat(roles.permissions(core.app, RoleService.holder(role))).isEmpty();
  }

  @Test
  void a_role_without_a_name_is_refused_where_a_name_is_needed() {
    StoredEntity nameless = post(RoleService.ROLES, "{'title': 'no name'}");

    assertThat(codeOf(() -> RoleService.roleName(nameless))).isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
  }
}
