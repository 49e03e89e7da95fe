package io.meridian.rest.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class RouteTemplatesTest {

  @Test
  void nothing_matched_is_unmatched() {
    assertThat(RouteTemplates.template(List.of())).isEqualTo("UNMATCHED");
    assertThat(RouteTemplates.template(null)).isEqualTo("UNMATCHED");
  }

  @Test
  void templates_are_joined_from_the_resource_class_to_the_method() {
    assertThat(RouteTemplates.template(List.of("/{collection}/{entity}", "/{org}/{app}")))
        .isEqualTo("/{org}/{app}/{collection}/{entity}");
    assertThat(RouteTemplates.template(List.of("token", "/management/")))
        .isEqualTo("/management/token");
  }

  @Test
  void variable_expressions_are_left_out() {
    assertThat(
            RouteTemplates.template(
                List.of(
                    "{org}/{apps: apps|applications}/{app}",
                    "/management/{organizations: orgs|organizations}")))
        .isEqualTo("/management/{organizations}/{org}/{apps}/{app}");
    assertThat(RouteTemplates.template(List.of("/{year: \\d{4}}/{rest: .+}")))
        .isEqualTo("/{year}/{rest}");
  }

  @Test
  void the_root_is_a_slash() {
    assertThat(RouteTemplates.template(List.of("/"))).isEqualTo("/");
  }
}
