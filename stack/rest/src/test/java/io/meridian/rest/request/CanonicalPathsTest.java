package io.meridian.rest.request;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CanonicalPathsTest {

  @Test
  void runs_of_slashes_become_one_and_a_trailing_slash_goes() {
    assertThat(CanonicalPaths.canonical("//org/app/users")).isEqualTo("/org/app/users");
    assertThat(CanonicalPaths.canonical("/org//app///users/")).isEqualTo("/org/app/users");
    assertThat(CanonicalPaths.canonical("/org/app/token/")).isEqualTo("/org/app/token");
    assertThat(CanonicalPaths.canonical("///")).isEqualTo("/");
  }

  @Test
  void a_canonical_path_is_returned_as_it_is() {
    String path = "/org/app/users";
    assertThat(CanonicalPaths.canonical(path)).isSameAs(path);
    assertThat(CanonicalPaths.canonical("/")).isEqualTo("/");
  }

  @Test
  void dot_segments_and_encoded_slashes_are_left_for_the_access_filter_to_refuse() {
    assertThat(CanonicalPaths.canonical("/a/.//b/")).isEqualTo("/a/./b");
    assertThat(CanonicalPaths.canonical("/a//..//b")).isEqualTo("/a/../b");
    assertThat(CanonicalPaths.canonical("/a/%2F%2F/b")).isEqualTo("/a/%2F%2F/b");
  }
}
