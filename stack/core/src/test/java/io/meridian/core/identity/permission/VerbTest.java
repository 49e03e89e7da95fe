package io.meridian.core.identity.permission;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class VerbTest {

  @ParameterizedTest
  @CsvSource({
    "GET, GET",
    "get, GET",
    "Get, GET",
    "PUT, PUT",
    "put, PUT",
    "POST, POST",
    "post, POST",
    "DELETE, DELETE",
    "delete, DELETE",
    "HEAD, GET",
    "head, GET"
  })
  void maps_http_methods_case_insensitively(String method, Verb verb) {
    assertThat(Verb.ofMethod(method)).contains(verb);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"PATCH", "OPTIONS", "TRACE", "CONNECT", "", " GET", "GET ", "gét", "poſt"})
  void has_no_verb_for_other_methods(String method) {
    assertThat(Verb.ofMethod(method)).isEmpty();
  }

  @Test
  void has_no_verb_for_a_missing_method() {
    assertThat(Verb.ofMethod(null)).isEmpty();
  }

  @Test
  void permission_names_do_not_include_head() {
    assertThat(Verb.named("head")).isEmpty();
    assertThat(Verb.named("Delete")).contains(Verb.DELETE);
  }
}
