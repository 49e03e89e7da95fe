package io.meridian.core.identity.permission;

import static io.meridian.core.identity.permission.PathPattern.ANY_ENTITY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.meridian.core.common.MeridianException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedList;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class PathPatternTest {
  private static final String USER = "7b0f3c1e-0000-1000-8000-0242ac120002";
  private static final String OTHER_USER = "9c1a2b3d-0000-1000-8000-0242ac120002";

  @ParameterizedTest(name = "{0} matches {1}: {2}")
  @CsvSource({
    "/, /, true",
    "/, /users, false",
    "/**, /, true",
    "/**, /users, true",
    "/**, /users/a/b/c, true",
    "/users, /users, true",
    "/users, /users/a, false",
    "/users, /, false",
    "/users/**, /users, true",
    "/users/**, /users/a, true",
    "/users/**, /users/a/b, true",
    "/users/**, /devices, false",
    "/users/**, /usersx/a, false",
    "/users/**, /, false",
    "/users/*, /users, false",
    "/users/*, /users/a, true",
    "/users/*, /users/a/b, false",
    "/*, /, false",
    "/*, /users, true",
    "/**/likes, /likes, true",
    "/**/likes, /users/a/likes, true",
    "/**/likes, /users/a/likes/b, false",
    "/**/likes, /users/a/like, false",
    "/users/**/likes, /users/likes, true",
    "/users/**/likes, /users/a/b/likes, true",
    "/users/**/likes, /devices/a/likes, false",
    "/a/**/b/**/c, /a/b/c, true",
    "/a/**/b/**/c, /a/x/b/y/z/c, true",
    "/a/**/b/**/c, /a/x/c/b, false",
    "/a/**/b/**/c, /a/b/b/c/c, true",
    "/a/**/**/b, /a/b, true",
    "/**/a/**, /a, true",
    "/**/a/**, /x/y, false",
    "/*/*/likes, /users/a/likes, true",
    "/*/*/likes, /users/likes, false"
  })
  void matches_ant_style_segments(String pattern, String path, boolean expected) {
    assertThat(compile(pattern).matches(path(path))).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0} matches {1}: {2}")
  @CsvSource({
    "/devices/dev*, /devices/dev, true",
    "/devices/dev*, /devices/device1, true",
    "/devices/dev*, /devices/de, false",
    "/devices/dev*, /devices/xdev, false",
    "/devices/*dev, /devices/mydev, true",
    "/devices/?x, /devices/ax, true",
    "/devices/?x, /devices/x, false",
    "/devices/?x, /devices/abx, false",
    "/devices/??, /devices/ab, true",
    "/devices/??, /devices/abc, false",
    "/devices/*x*, /devices/abxcd, true",
    "/devices/*x*, /devices/abcd, false",
    "/devices/a*b*c, /devices/axxbyyc, true",
    "/devices/a*b*c, /devices/axxbyyd, false",
    "/devices/a*a*a*b, /devices/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaac, false",
    "/devices/?*, /devices/a, true",
    "/dev*, /dev/x, false",
    "/d*s, /dogs/cats, false",
    "/d*/x, /dogs/x, true"
  })
  void globs_match_within_one_segment(String pattern, String path, boolean expected) {
    assertThat(compile(pattern).matches(path(path))).isEqualTo(expected);
  }

  @Test
  void question_mark_matches_one_character_even_outside_the_basic_plane() {
    assertThat(compile("/emoji/?").matches(List.of("emoji", "😀"))).isTrue();
    assertThat(compile("/emoji/??").matches(List.of("emoji", "😀"))).isFalse();
  }

  @ParameterizedTest(name = "{0} matches {1}")
  @CsvSource({
    "/Users/ABC, /users/abc",
    "/users/abc, /USERS/Abc",
    "/devices/D?V*, /devices/dev1",
    "/devices/dev*, /DEVICES/DEV1"
  })
  void compares_case_insensitively(String pattern, String path) {
    assertThat(compile(pattern).matches(path(path))).isTrue();
  }

  @Test
  void user_placeholder_matches_only_the_callers_id() {
    PathPattern pattern = PathPattern.compile("/users/${user}/**", USER);

    assertThat(pattern.matches(List.of("users", USER))).isTrue();
    assertThat(pattern.matches(List.of("users", USER, "likes", "x"))).isTrue();
    assertThat(pattern.matches(List.of("users", OTHER_USER))).isFalse();
    assertThat(pattern.matches(List.of("users", OTHER_USER, "likes"))).isFalse();
    assertThat(pattern.matches(List.of("users"))).isFalse();
    assertThat(pattern.matches(List.of("users", "${user}"))).isFalse();
  }

  @Test
  void user_placeholder_may_appear_anywhere() {
    PathPattern pattern = PathPattern.compile("/groups/x/users/${user}", USER);

    assertThat(pattern.matches(List.of("groups", "x", "users", USER))).isTrue();
    assertThat(pattern.matches(List.of("groups", "x", "users", OTHER_USER))).isFalse();
  }

  @Test
  void user_id_compares_case_insensitively() {
    PathPattern pattern = PathPattern.compile("/users/${user}", USER.toUpperCase());

    assertThat(pattern.matches(List.of("users", USER))).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"/users/${user}", "/users/${user}/**", "/users/me", "/users/me/**"})
  void user_patterns_match_nothing_without_a_user(String text) {
    PathPattern withoutUser = PathPattern.compile(text, null);
    PathPattern blankUser = PathPattern.compile(text, " ");

    for (List<String> path :
        List.of(
            List.<String>of(),
            List.of("users"),
            List.of("users", "me"),
            List.of("users", "${user}"),
            List.of("users", "null"),
            List.of("users", ""),
            List.of("users", USER),
            List.of("users", ANY_ENTITY))) {
      assertThat(withoutUser.matches(path)).as("%s", path).isFalse();
      assertThat(blankUser.matches(path)).as("%s", path).isFalse();
    }
  }

  @Test
  void users_me_means_the_callers_id() {
    PathPattern pattern = PathPattern.compile("/users/me/**", USER);

    assertThat(pattern.matches(List.of("users", USER))).isTrue();
    assertThat(pattern.matches(List.of("users", USER, "devices"))).isTrue();
    assertThat(pattern.matches(List.of("users", OTHER_USER, "devices"))).isFalse();
  }

  @Test
  void users_me_expects_the_path_to_name_the_user_by_id() {
    PathPattern pattern = PathPattern.compile("/users/me", USER);

    assertThat(pattern.matches(List.of("users", "me"))).isFalse();
  }

  @Test
  void me_is_a_plain_literal_anywhere_else() {
    PathPattern devices = PathPattern.compile("/devices/me", USER);
    PathPattern nested = PathPattern.compile("/groups/users/me", USER);

    assertThat(devices.matches(List.of("devices", "me"))).isTrue();
    assertThat(devices.matches(List.of("devices", USER))).isFalse();
    assertThat(nested.matches(List.of("groups", "users", "me"))).isTrue();
    assertThat(nested.matches(List.of("groups", "users", USER))).isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"*", "**", "?*", "a?", "me"})
  void user_id_is_a_literal_never_a_glob(String userId) {
    PathPattern pattern = PathPattern.compile("/users/${user}", userId);

    assertThat(pattern.matches(List.of("users", userId))).isTrue();
    assertThat(pattern.matches(List.of("users", OTHER_USER))).isFalse();
    assertThat(pattern.matches(List.of("users", "ab"))).isFalse();
    assertThat(pattern.matches(List.of("users", ANY_ENTITY))).isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"/users/*", "/users/**", "/**", "/*/*", "/users/*/likes", "/**/likes"})
  void every_entity_is_granted_by_patterns_granting_any_segment(String text) {
    PathPattern pattern = PathPattern.compile(text, USER);
    List<String> path =
        text.endsWith("likes")
            ? List.of("users", ANY_ENTITY, "likes")
            : List.of("users", ANY_ENTITY);

    assertThat(pattern.matches(path)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "/users/abc",
        "/users/${user}",
        "/users/me",
        "/users/a*",
        "/users/*a",
        "/users/?*",
        "/users/*?",
        "/users/?",
        "/users/??",
        "/users/*/likes"
      })
  void every_entity_is_not_granted_by_patterns_naming_entities(String text) {
    PathPattern pattern = PathPattern.compile(text, USER);

    assertThat(pattern.matches(List.of("users", ANY_ENTITY))).isFalse();
  }

  @Test
  void every_entity_is_not_a_segment_a_pattern_can_name() {
    assertThatThrownBy(() -> PathPattern.compile("/users/" + ANY_ENTITY, USER))
        .isInstanceOf(MeridianException.class);
  }

  @ParameterizedTest
  @ValueSource(strings = {"/users/*/..", "/users/%2e%2e", "/users/{id}", "users", "/a//b", "/a**"})
  void compile_checks_the_pattern_again(String text) {
    assertThatThrownBy(() -> PathPattern.compile(text, USER)).isInstanceOf(MeridianException.class);
  }

  @Test
  void keeps_the_canonical_pattern_and_the_user_only_when_used() {
    assertThat(PathPattern.compile(" /Users/${user}/ ", USER).pattern())
        .isEqualTo("/users/${user}");
    assertThat(PathPattern.compile("/devices", USER))
        .isEqualTo(PathPattern.compile("/devices", null));
    assertThat(PathPattern.compile("/users/${user}", USER))
        .isNotEqualTo(PathPattern.compile("/users/${user}", OTHER_USER));
  }

  @Test
  @Timeout(10)
  void repeated_double_stars_against_a_long_path_finish() {
    PathPattern pattern = compile("/**/**/**/**/**/**/**/**/x");
    List<String> miss = new ArrayList<>(Collections.nCopies(40, "a"));
    List<String> hit = new ArrayList<>(miss);
    hit.set(39, "x");

    assertThat(pattern.matches(miss)).isFalse();
    assertThat(pattern.matches(hit)).isTrue();
  }

  @Test
  @Timeout(10)
  void interleaved_double_stars_against_a_long_path_finish() {
    PathPattern pattern = compile("/**/a".repeat(24) + "/**/x");
    List<String> miss = new ArrayList<>(Collections.nCopies(40, "a"));
    List<String> hit = new ArrayList<>(miss);
    hit.add("x");
    List<String> tooShort = new ArrayList<>(Collections.nCopies(23, "a"));
    tooShort.add("x");

    assertThat(pattern.matches(miss)).isFalse();
    assertThat(pattern.matches(hit)).isTrue();
    assertThat(pattern.matches(tooShort)).isFalse();
  }

  @Test
  @Timeout(10)
  void stars_in_a_long_segment_finish() {
    PathPattern pattern = compile("/x/" + "a*".repeat(100) + "b");

    assertThat(pattern.matches(List.of("x", "a".repeat(5_000)))).isFalse();
    assertThat(pattern.matches(List.of("x", "a".repeat(5_000) + "b"))).isTrue();
  }

  @Test
  @Timeout(30)
  void agrees_with_a_plain_recursive_matcher_on_random_patterns() {
    String[] patternSegments = {"a", "b", "ab", "*", "**", "a*", "*b", "?", "?*", "*a*"};
    String[] pathSegments = {"a", "b", "ab", "ba", "aab", ANY_ENTITY};
    Random random = new Random(20240611L);
    int matched = 0;
    for (int i = 0; i < 20_000; i++) {
      List<String> pattern = pick(random, patternSegments, random.nextInt(7));
      List<String> path = pick(random, pathSegments, random.nextInt(8));
      boolean expected = reference(pattern, path);

      boolean actual = compile("/" + String.join("/", pattern)).matches(path);

      assertThat(actual).as("%s against %s", pattern, path).isEqualTo(expected);
      matched += expected ? 1 : 0;
    }
    assertThat(matched).as("cases that match").isGreaterThan(1_000);
  }

  @Test
  void accepts_any_list_of_segments() {
    assertThat(compile("/users/*").matches(new LinkedList<>(List.of("users", "a")))).isTrue();
  }

  @Test
  void rejects_a_missing_segment() {
    assertThatThrownBy(() -> compile("/**").matches(Arrays.asList("users", null)))
        .isInstanceOf(NullPointerException.class);
  }

  private static PathPattern compile(String pattern) {
    return PathPattern.compile(pattern, null);
  }

  private static List<String> path(String text) {
    return text.equals("/") ? List.of() : List.of(text.substring(1).split("/"));
  }

  private static List<String> pick(Random random, String[] choices, int count) {
    List<String> picked = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      picked.add(choices[random.nextInt(choices.length)]);
    }
    return picked;
  }

  /** The definition, written as directly as possible: exponential, fine for a few segments. */
  private static boolean reference(List<String> pattern, List<String> path) {
    if (pattern.isEmpty()) {
      return path.isEmpty();
    }
    String first = pattern.get(0);
    List<String> rest = pattern.subList(1, pattern.size());
    if (first.equals("**")) {
      for (int skip = 0; skip <= path.size(); skip++) {
        if (reference(rest, path.subList(skip, path.size()))) {
          return true;
        }
      }
      return false;
    }
    return !path.isEmpty()
        && referenceSegment(first, path.get(0))
        && reference(rest, path.subList(1, path.size()));
  }

  private static boolean referenceSegment(String pattern, String segment) {
    if (segment.equals(ANY_ENTITY)) {
      return pattern.chars().allMatch(c -> c == '*');
    }
    StringBuilder regex = new StringBuilder();
    for (char c : pattern.toCharArray()) {
      regex.append(c == '*' ? ".*" : c == '?' ? "." : Pattern.quote(String.valueOf(c)));
    }
    return segment.matches(regex.toString());
  }
}
