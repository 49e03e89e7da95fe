package io.meridian.core.identity.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The decoded path a request inside an application may have: what a permission sees is served. */
class ApplicationPathsTest {
  private static List<String> checked(String... segments) {
    return ApplicationPaths.checked(List.of(segments), Function.identity());
  }

  @Test
  void a_trailing_empty_segment_is_dropped_and_the_rest_kept_as_decoded() {
    assertThat(checked("users", "Fred", "")).containsExactly("users", "Fred");
    assertThat(checked("users", "fred.smith", "..x")).containsExactly("users", "fred.smith", "..x");
    assertThat(checked("")).isEmpty();
    assertThat(checked()).isEmpty();
  }

  @Test
  void an_empty_dot_or_dot_dot_segment_or_one_decoding_to_a_slash_is_a_bad_request() {
    for (List<String> path :
        List.of(
            List.of("users", "", "roles"),
            List.of("users", "."),
            List.of("..", "users"),
            List.of("users", "fred/roles"),
            List.of("users", "fred\\roles"),
            List.of("", ""))) {
      assertThatThrownBy(() -> ApplicationPaths.checked(path, Function.identity()))
          .as(path.toString())
          .isInstanceOfSatisfying(
              MeridianException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.BAD_REQUEST));
    }
  }

  @Test
  void segments_of_any_type_are_checked_by_the_path_they_decode_to() {
    record Decoded(String path, boolean matrix) {}

    List<Decoded> path =
        ApplicationPaths.checked(
            List.of(new Decoded("users", true), new Decoded("", false)), Decoded::path);

    assertThat(path).containsExactly(new Decoded("users", true));
  }
}
