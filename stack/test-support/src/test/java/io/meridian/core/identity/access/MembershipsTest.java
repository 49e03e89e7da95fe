package io.meridian.core.identity.access;

import static io.meridian.testing.Bodies.json;
import static io.meridian.testing.Refusals.codeOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.entity.WriteOptions;
import io.meridian.testing.MemoryCore;
import io.meridian.testing.MemoryIdentity;
import java.util.List;
import org.junit.jupiter.api.Test;

class MembershipsTest {
  private final MemoryCore core = new MemoryCore();
  private final MemoryIdentity identity = new MemoryIdentity(core);
  private final Memberships memberships =
      new Memberships(core.entities, core.store, identity.roles);

  private StoredEntity post(CollectionName collection, String body) {
    return core.entities
        .create(core.app, collection, List.of(json(body)), WriteOptions.DEFAULT)
        .get(0);
  }

  private static List<String> names(List<StoredEntity> entities) {
    return entities.stream().map(StoredEntity::name).toList();
  }

  @Test
  void a_user_joins_a_group_and_each_lists_the_other() {
    StoredEntity ada = post(RoleService.USERS, "{'username': 'ada'}");
    StoredEntity staff = post(RoleService.GROUPS, "{'path': 'staff'}");

    StoredEntity joined = memberships.join(core.app, ada, "groups", "staff");

    assertThat(joined.uuid()).isEqualTo(staff.uuid());
    assertThat(names(memberships.members(core.app, ada, "groups"))).containsExactly("staff");
    assertThat(names(memberships.members(core.app, staff, "users"))).containsExactly("ada");
    assertThat(memberships.member(core.app, staff, "users", "ada").uuid()).isEqualTo(ada.uuid());
  }

  @Test
  void a_role_is_given_to_a_user_or_a_group_from_either_side_and_taken_back() {
    StoredEntity ada = post(RoleService.USERS, "{'username': 'ada'}");
    StoredEntity staff = post(RoleService.GROUPS, "{'path': 'staff'}");
    StoredEntity editor = post(RoleService.ROLES, "{'name': 'editor'}");

    memberships.join(core.app, ada, "roles", "editor");
    memberships.join(core.app, editor, "groups", "staff");

    assertThat(names(memberships.members(core.app, ada, "roles"))).containsExactly("editor");
    assertThat(names(memberships.members(core.app, staff, "roles"))).containsExactly("editor");
    assertThat(names(memberships.members(core.app, editor, "users"))).containsExactly("ada");
    assertThat(names(memberships.members(core.app, editor, "groups"))).containsExactly("staff");

    memberships.leave(core.app, editor, "users", "ada");

    assertThat(memberships.members(core.app, ada, "roles")).isEmpty();
    assertThat(codeOf(() -> memberships.member(core.app, editor, "users", "ada")))
        .isEqualTo(ErrorCode.ENTITY_NOT_FOUND);
  }

  @Test
  void a_user_leaves_a_group() {
    StoredEntity ada = post(RoleService.USERS, "{'username': 'ada'}");
    StoredEntity staff = post(RoleService.GROUPS, "{'path': 'staff'}");
    memberships.join(core.app, staff, "users", "ada");

    memberships.leave(core.app, ada, "groups", "staff");

    assertThat(memberships.members(core.app, staff, "users")).isEmpty();
  }

  @Test
  void pairs_usergrid_does_not_have_are_not_found() {
    StoredEntity ada = post(RoleService.USERS, "{'username': 'ada'}");

    assertThat(codeOf(() -> memberships.members(core.app, ada, "users")))
        .isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(codeOf(() -> memberships.join(core.app, ada, "friends", "bob")))
        .isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(codeOf(() -> Memberships.membersOf(RoleService.GROUPS, "groups")))
        .isEqualTo(ErrorCode.NOT_FOUND);
  }

  @Test
  void a_missing_member_is_entity_not_found_and_changes_nothing() {
    StoredEntity ada = post(RoleService.USERS, "{'username': 'ada'}");

    assertThat(codeOf(() -> memberships.join(core.app, ada, "groups", "nowhere")))
        .isEqualTo(ErrorCode.ENTITY_NOT_FOUND);
    assertThat(memberships.members(core.app, ada, "groups")).isEmpty();
  }
}
