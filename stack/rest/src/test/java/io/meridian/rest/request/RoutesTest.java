package io.meridian.rest.request;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class RoutesTest {

  @Test
  void nothing_matched_is_unmatched() {
    assertThat(Routes.template(List.of())).isEqualTo("UNMATCHED");
    assertThat(Routes.template(null)).isEqualTo("UNMATCHED");
  }

  @Test
  void templates_are_joined_from_the_resource_class_to_the_method() {
    assertThat(Routes.template(List.of("/{collection}/{entity}", "/{org}/{app}")))
        .isEqualTo("/{org}/{app}/{collection}/{entity}");
    assertThat(Routes.template(List.of("token", "/management/"))).isEqualTo("/management/token");
  }

  @Test
  void variable_expressions_are_left_out() {
    assertThat(
            Routes.template(
                List.of(
                    "{org}/{apps: apps|applications}/{app}",
                    "/management/{organizations: orgs|organizations}")))
        .isEqualTo("/management/{organizations}/{org}/{apps}/{app}");
    assertThat(Routes.template(List.of("/{year: \\d{4}}/{rest: .+}"))).isEqualTo("/{year}/{rest}");
  }

  @Test
  void the_root_is_a_slash() {
    assertThat(Routes.template(List.of("/"))).isEqualTo("/");
  }
}
