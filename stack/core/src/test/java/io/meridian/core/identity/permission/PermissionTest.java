package io.meridian.core.identity.permission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class PermissionTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "get:/users/me/**                    | get:/users/me/**",
        "' POST, get :  /Users/${user}/** '  | get,post:/users/${user}/**",
        "delete,put,post,get:/**             | get,put,post,delete:/**",
        "get,GET,Get:/x                      | get:/x",
        "get:/                               | get:/",
        "get: /                              | get:/",
        "get:/users/                         | get:/users",
        "get:/**/                            | get:/**",
        "GET:/Devices/Dev*/?X                | get:/devices/dev*/?x",
        "get:/users/me                       | get:/users/me",
        "put:/a:b                            | put:/a:b",
        "get:/users/${user}/likes/*          | get:/users/${user}/likes/*",
        "get:/users/.../x                    | get:/users/.../x",
        "get:/ünïcödé/😀                     | get:/ünïcödé/😀"
      })
  void parses_to_the_canonical_form(String text, String canonical) {
    assertThat(Permission.parse(text).format()).isEqualTo(canonical);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "get,put,post,delete:/users/${user}/**",
        "get:/",
        "post:/**",
        "delete:/devices/dev*/?x",
        "put:/**/likes"
      })
  void format_round_trips_through_parse(String canonical) {
    Permission permission = Permission.parse(canonical);

    assertThat(permission.format()).isEqualTo(canonical);
    assertThat(Permission.parse(permission.format())).isEqualTo(permission);
  }

  @Test
  void permissions_written_differently_but_granting_the_same_are_equal() {
    assertThat(Permission.parse("PUT , get:/Users/"))
        .isEqualTo(Permission.parse("get,put:/users"))
        .hasSameHashCodeAs(Permission.parse("get,put:/users"));
  }

  @Test
  void constructor_canonicalizes_like_parse() {
    Permission permission = new Permission(Set.of(Verb.POST, Verb.GET), " /Users/${user}/ ");

    assertThat(permission.format()).isEqualTo("get,post:/users/${user}");
    assertThat(permission.verbs()).containsExactly(Verb.GET, Verb.POST);
    assertThat(permission).hasToString("get,post:/users/${user}");
  }

  @Test
  void verbs_cannot_be_changed_afterwards() {
    EnumSet<Verb> verbs = EnumSet.of(Verb.GET);
    Permission permission = new Permission(verbs, "/x");
    verbs.add(Verb.DELETE);

    assertThat(permission.verbs()).containsExactly(Verb.GET);
    assertThat(permission.verbs()).isUnmodifiable();
  }

  @Test
  void constructor_rejects_no_verbs() {
    assertThatThrownBy(() -> new Permission(Set.of(), "/x"))
        .isInstanceOfSatisfying(
            MeridianException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.ILLEGAL_ARGUMENT))
        .hasMessageContaining("at least one verb");
  }

  @Test
  void constructor_rejects_invalid_patterns() {
    assertThatThrownBy(() -> new Permission(Set.of(Verb.GET), "/users/../admin"))
        .isInstanceOf(MeridianException.class)
        .hasMessageContaining("'..'");
  }

  static Stream<Arguments> invalid_permissions() {
    return Stream.of(
        Arguments.of("", "separated by ':'"),
        Arguments.of("/users/me", "separated by ':'"),
        Arguments.of(":/users", "at least one verb"),
        Arguments.of("  :/users", "at least one verb"),
        Arguments.of("get,:/users", "empty verb"),
        Arguments.of("get,,put:/users", "empty verb"),
        Arguments.of("patch:/users", "unknown verb 'patch'"),
        Arguments.of("head:/users", "unknown verb 'head'"),
        Arguments.of("*:/users", "unknown verb '*'"),
        Arguments.of("get put:/users", "unknown verb 'get put'"),
        Arguments.of("get:", "must start with '/'"),
        Arguments.of("get:users/me", "must start with '/'"),
        Arguments.of("get:**", "must start with '/'"),
        Arguments.of("get://", "empty segment"),
        Arguments.of("get:/users//me", "empty segment"),
        Arguments.of("get:/users//", "empty segment"),
        Arguments.of("get://users", "empty segment"),
        Arguments.of("get:/users/./x", "'.' and '..'"),
        Arguments.of("get:/users/..", "'.' and '..'"),
        Arguments.of("get:/users/*/..", "'.' and '..'"),
        Arguments.of("get:/users/me/../../devices", "'.' and '..'"),
        Arguments.of("get:/users/%2e%2e", "character '%'"),
        Arguments.of("get:/users/%2F", "character '%'"),
        Arguments.of("get:/users/{id}", "character '{'"),
        Arguments.of("get:/users/id}", "character '}'"),
        Arguments.of("get:/users/a\\..", "character '\\'"),
        Arguments.of("get:/users;jsessionid=x", "character ';'"),
        Arguments.of("get:/users#frag", "character '#'"),
        Arguments.of("get:/users/a**", "'**' must be a whole segment"),
        Arguments.of("get:/users/**b", "'**' must be a whole segment"),
        Arguments.of("get:/users/***", "'**' must be a whole segment"),
        Arguments.of("get:/users/$x", "'$' is only allowed"),
        Arguments.of("get:/users/${USER}", "'$' is only allowed"),
        Arguments.of("get:/users/${user}x", "'$' is only allowed"),
        Arguments.of("get:/users/x${user}", "'$' is only allowed"),
        Arguments.of("get:/users/${id}", "'$' is only allowed"),
        Arguments.of("get:/users/a b", "whitespace"),
        Arguments.of("get:/users/a\u00a0b", "whitespace"),
        Arguments.of("get:/users/a\u2028b", "whitespace"),
        Arguments.of("get:/users/a\tb", "control"),
        Arguments.of("get:/users/\u0000*", "control"),
        Arguments.of("get:/users/x\u0000", "control"),
        Arguments.of("get:/users/a\u200bb", "invisible"),
        Arguments.of("get:/users/\ud800", "unpaired surrogate"),
        Arguments.of("get:/" + "a".repeat(512), "longer than 512"));
  }

  @ParameterizedTest
  @MethodSource
  void invalid_permissions(String text, String problem) {
    assertThatThrownBy(() -> Permission.parse(text))
        .isInstanceOfSatisfying(
            MeridianException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.ILLEGAL_ARGUMENT))
        .hasMessageContaining(problem);
  }

  @Test
  void rejects_a_missing_permission() {
    assertThatThrownBy(() -> Permission.parse(null))
        .isInstanceOf(MeridianException.class)
        .hasMessageContaining("required");
  }

  @Test
  void accepts_a_pattern_of_exactly_512_characters() {
    String pattern = "/" + "a".repeat(511);

    assertThat(Permission.parse("get:" + pattern).pattern()).isEqualTo(pattern);
  }

  @Test
  void keeps_the_user_placeholder_as_written_and_lowercases_the_rest() {
    assertThat(Permission.parse("get:/USERS/${user}/LIKES").pattern())
        .isEqualTo("/users/${user}/likes");
  }
}
