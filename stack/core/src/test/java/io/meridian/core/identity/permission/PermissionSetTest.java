package io.meridian.core.identity.permission;

import static io.meridian.core.identity.permission.PathPattern.ANY_ENTITY;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class PermissionSetTest {
  private static final String USER = "7b0f3c1e-0000-1000-8000-0242ac120002";
  private static final String OTHER_USER = "9c1a2b3d-0000-1000-8000-0242ac120002";

  /** Usergrid's default role for users, plus what an app typically adds. */
  private static final PermissionSet DEFAULT_USER =
      set(
          USER,
          "get,put,post,delete:/users/${user}/**",
          "get,put,post,delete:/users/me/**",
          "get:/devices/*",
          "post:/devices",
          "get:/roles/default/**");

  @Test
  void allows_only_the_verbs_granted() {
    PermissionSet permissions = set(null, "get:/x");

    assertThat(permissions.allows(Verb.GET, List.of("x"))).isTrue();
    assertThat(permissions.allows(Verb.PUT, List.of("x"))).isFalse();
    assertThat(permissions.allows(Verb.POST, List.of("x"))).isFalse();
    assertThat(permissions.allows(Verb.DELETE, List.of("x"))).isFalse();
  }

  @Test
  void allows_what_any_permission_grants() {
    assertThat(DEFAULT_USER.allows(Verb.DELETE, List.of("users", USER, "likes", "x"))).isTrue();
    assertThat(DEFAULT_USER.allows(Verb.GET, List.of("devices", "d1"))).isTrue();
    assertThat(DEFAULT_USER.allows(Verb.POST, List.of("devices"))).isTrue();
    assertThat(DEFAULT_USER.allows(Verb.GET, List.of("roles", "default", "users"))).isTrue();
  }

  @Test
  void allows_nothing_else() {
    assertThat(DEFAULT_USER.allows(Verb.GET, List.of())).isFalse();
    assertThat(DEFAULT_USER.allows(Verb.GET, List.of("users"))).isFalse();
    assertThat(DEFAULT_USER.allows(Verb.GET, List.of("users", OTHER_USER))).isFalse();
    assertThat(DEFAULT_USER.allows(Verb.PUT, List.of("users", OTHER_USER, "likes"))).isFalse();
    assertThat(DEFAULT_USER.allows(Verb.GET, List.of("users", ANY_ENTITY))).isFalse();
    assertThat(DEFAULT_USER.allows(Verb.PUT, List.of("devices", "d1"))).isFalse();
    assertThat(DEFAULT_USER.allows(Verb.GET, List.of("devices", "d1", "owner"))).isFalse();
    assertThat(DEFAULT_USER.allows(Verb.GET, List.of("roles", "admin"))).isFalse();
  }

  @Test
  void a_post_to_every_entity_of_a_collection_also_creates_in_it_and_nothing_more() {
    PermissionSet cats = set(USER, "post:/cats/*", "post:/dogs/rex", "get,put:/birds/*");

    assertThat(cats.allows(Verb.POST, List.of("cats"))).isTrue();
    assertThat(cats.granting(Verb.POST, List.of("Cats")).map(Permission::toString))
        .contains("post:/cats/*");
    assertThat(cats.allows(Verb.POST, List.of("dogs"))).as("one entity's grant").isFalse();
    assertThat(cats.allows(Verb.PUT, List.of("birds"))).as("only POST creates").isFalse();
    assertThat(cats.allows(Verb.POST, List.of("birds"))).isFalse();
    assertThat(cats.allows(Verb.POST, List.of("cats", "tom", "likes"))).isFalse();
  }

  @Test
  void allows_queries_over_every_entity_only_when_a_pattern_grants_any_entity() {
    assertThat(DEFAULT_USER.allows(Verb.GET, List.of("devices", ANY_ENTITY))).isTrue();
    assertThat(DEFAULT_USER.allows(Verb.GET, List.of("roles", "default", ANY_ENTITY))).isTrue();
    assertThat(DEFAULT_USER.allows(Verb.GET, List.of("users", ANY_ENTITY))).isFalse();
  }

  @Test
  void grants_the_same_set_to_another_user_for_that_user_only() {
    PermissionSet other = PermissionSet.of(DEFAULT_USER.permissions(), OTHER_USER);

    assertThat(other.allows(Verb.GET, List.of("users", OTHER_USER))).isTrue();
    assertThat(other.allows(Verb.GET, List.of("users", USER))).isFalse();
  }

  @Test
  void grants_nothing_through_user_patterns_to_a_caller_without_a_user() {
    PermissionSet guest = PermissionSet.of(DEFAULT_USER.permissions(), null);

    assertThat(guest.allows(Verb.GET, List.of("users", "me"))).isFalse();
    assertThat(guest.allows(Verb.GET, List.of("users", "${user}"))).isFalse();
    assertThat(guest.allows(Verb.GET, List.of("users", USER))).isFalse();
    assertThat(guest.allows(Verb.GET, List.of("devices", "d1"))).isTrue();
  }

  @Test
  void allows_everything_under_double_star_for_its_verbs() {
    PermissionSet permissions = set(null, "get,post:/**", "get:/users/${user}");

    assertThat(permissions.allows(Verb.GET, List.of())).isTrue();
    assertThat(permissions.allows(Verb.POST, List.of("a", "b", "c"))).isTrue();
    assertThat(permissions.allows(Verb.GET, List.of("users", ANY_ENTITY))).isTrue();
    assertThat(permissions.allows(Verb.DELETE, List.of("a"))).isFalse();
  }

  @Test
  void reads_verbs_and_patterns_case_insensitively() {
    PermissionSet permissions = set(null, "GET,Put:/Devices/**");

    assertThat(permissions.allows(Verb.GET, List.of("devices", "x"))).isTrue();
    assertThat(permissions.allows(Verb.PUT, List.of("devices"))).isTrue();
    assertThat(permissions.allows(Verb.POST, List.of("devices"))).isFalse();
  }

  @Test
  void names_the_first_permission_that_grants_the_request() {
    PermissionSet permissions = set(null, "get:/dogs/*", "get,put:/cats/*", "get:/cats/**");

    assertThat(permissions.granting(Verb.GET, List.of("cats", "fido")))
        .contains(Permission.parse("get,put:/cats/*"));
    assertThat(permissions.granting(Verb.GET, List.of("cats", "fido", "toys")))
        .contains(Permission.parse("get:/cats/**"));
    assertThat(permissions.granting(Verb.DELETE, List.of("cats", "fido"))).isEmpty();
  }

  @Test
  void names_the_permission_granting_everything_once_it_hides_the_others() {
    PermissionSet permissions = set(null, "get:/cats/*", "get,post:/**");

    assertThat(permissions.granting(Verb.GET, List.of("cats", "fido")))
        .contains(Permission.parse("get,post:/**"));
    assertThat(permissions.granting(Verb.POST, List.of("dogs")))
        .contains(Permission.parse("get,post:/**"));
  }

  @Test
  void names_the_first_of_two_permissions_with_the_same_pattern() {
    PermissionSet permissions = set(null, "put:/cats/*", "get,put:/cats/*");

    assertThat(permissions.granting(Verb.PUT, List.of("cats", "tom")))
        .contains(Permission.parse("put:/cats/*"));
    assertThat(permissions.granting(Verb.GET, List.of("cats", "tom")))
        .contains(Permission.parse("get,put:/cats/*"));
  }

  @Test
  void union_names_the_permission_of_either_side() {
    PermissionSet union = set(null, "get:/a").union(set(null, "post:/b/*"));

    assertThat(union.granting(Verb.GET, List.of("a"))).contains(Permission.parse("get:/a"));
    assertThat(union.granting(Verb.POST, List.of("b", "c")))
        .contains(Permission.parse("post:/b/*"));
    assertThat(union.granting(Verb.POST, List.of("a"))).isEmpty();
  }

  @Test
  void empty_allows_nothing() {
    assertThat(PermissionSet.EMPTY.permissions()).isEmpty();
    for (Verb verb : Verb.values()) {
      assertThat(PermissionSet.EMPTY.allows(verb, List.of())).isFalse();
      assertThat(PermissionSet.EMPTY.allows(verb, List.of("users"))).isFalse();
      assertThat(PermissionSet.of(List.of(), USER).allows(verb, List.of())).isFalse();
    }
  }

  @Test
  void union_allows_what_either_allows() {
    PermissionSet union = set(USER, "get:/users/${user}").union(set(USER, "put:/devices/*"));

    assertThat(union.allows(Verb.GET, List.of("users", USER))).isTrue();
    assertThat(union.allows(Verb.PUT, List.of("devices", "d1"))).isTrue();
    assertThat(union.allows(Verb.PUT, List.of("users", USER))).isFalse();
    assertThat(union.allows(Verb.GET, List.of("devices", "d1"))).isFalse();
    assertThat(union.permissions())
        .extracting(Permission::format)
        .containsExactly("get:/users/${user}", "put:/devices/*");
  }

  @Test
  void union_with_empty_changes_nothing() {
    PermissionSet union = PermissionSet.EMPTY.union(DEFAULT_USER);

    assertThat(union.permissions()).isEqualTo(DEFAULT_USER.permissions());
    assertThat(union.allows(Verb.GET, List.of("users", USER))).isTrue();
    assertThat(union.allows(Verb.GET, List.of("users", OTHER_USER))).isFalse();
  }

  @Test
  void lists_distinct_permissions_in_the_order_given() {
    PermissionSet permissions = set(null, "post:/b", "get:/a", "GET:/A/", "post:/b");

    assertThat(permissions.permissions())
        .extracting(Permission::format)
        .containsExactly("post:/b", "get:/a");
    assertThat(permissions).hasToString("[post:/b get:/a]");
    assertThat(permissions.permissions()).isUnmodifiable();
  }

  @Test
  void answers_the_same_from_many_threads() {
    List<CompletableFuture<Boolean>> answers =
        IntStream.range(0, 64)
            .mapToObj(
                i ->
                    CompletableFuture.supplyAsync(
                        () ->
                            DEFAULT_USER.allows(Verb.GET, List.of("users", USER, "x"))
                                && !DEFAULT_USER.allows(Verb.GET, List.of("users", OTHER_USER))))
            .toList();

    assertThat(answers).allSatisfy(answer -> assertThat(answer.join()).isTrue());
  }

  private static PermissionSet set(String userId, String... permissions) {
    return PermissionSet.of(Arrays.stream(permissions).map(Permission::parse).toList(), userId);
  }
}
