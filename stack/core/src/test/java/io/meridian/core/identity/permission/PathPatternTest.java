package io.meridian.core.identity.permission;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 5, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class PathPatternTest {
  private static final String FRED = "7b0f6b1e-4f1a-11ef-8000-000000000001";

  private static boolean matches(String pattern, String... path) {
    return PathPattern.compile(pattern, FRED).matches(List.of(path));
  }

  @Test
  void any_depth_alone_matches_every_path_however_deep() {
    assertThat(matches("/**")).isTrue();
    assertThat(matches("/**", "users")).isTrue();
    assertThat(matches("/**", "users", FRED)).isTrue();
    assertThat(matches("/**", "users", FRED, "likes", "dogs", "rex")).isTrue();
  }

  @Test
  void any_depth_in_the_middle_or_at_the_end_takes_as_many_segments_as_needed() {
    assertThat(matches("/users/**/likes", "users", "a", "b", "c", "likes")).isTrue();
    assertThat(matches("/users/**/likes", "users", "likes")).isTrue();
    assertThat(matches("/users/**/likes", "users", "a", "likes", "b")).isFalse();
    assertThat(matches("/**/likes", "users", FRED, "likes")).isTrue();
    assertThat(matches("/**/likes", "users", FRED, "owns")).isFalse();
    assertThat(matches("/users/${user}/**", "users", FRED, "likes", "dogs")).isTrue();
    assertThat(matches("/users/${user}/**", "users", "someone-else", "likes")).isFalse();
  }

  @Test
  void one_segment_wildcards_never_cross_a_segment() {
    assertThat(matches("/things/*", "things", "rex")).isTrue();
    assertThat(matches("/things/*", "things", "rex", "likes")).isFalse();
    assertThat(matches("/things/*", "things", PathPattern.ANY_ENTITY)).isTrue();
    assertThat(matches("/things/r*", "things", PathPattern.ANY_ENTITY)).isFalse();
    assertThat(matches("/things/" + FRED, "things", PathPattern.ANY_ENTITY)).isFalse();
  }
}
