package io.meridian.rest.request;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RequestIdsTest {

  @Test
  void a_sane_offered_id_is_kept() {
    assertThat(RequestIds.choose("req-42")).isEqualTo("req-42");
    assertThat(RequestIds.choose("A.b_c:d-9")).isEqualTo("A.b_c:d-9");
    assertThat(RequestIds.choose("x".repeat(64))).isEqualTo("x".repeat(64));
  }

  @Test
  void an_absent_or_empty_id_is_replaced_by_a_generated_one() {
    assertThat(RequestIds.choose(null)).matches("[0-9a-f]{16}");
    assertThat(RequestIds.choose("")).matches("[0-9a-f]{16}");
  }

  @Test
  void an_id_longer_than_64_characters_is_ignored() {
    assertThat(RequestIds.choose("x".repeat(65))).matches("[0-9a-f]{16}");
    assertThat(RequestIds.choose("x".repeat(500))).matches("[0-9a-f]{16}");
  }

  @Test
  void an_id_with_spaces_line_breaks_or_other_characters_is_ignored() {
    for (String insane :
        new String[] {
          "two words", "forged\nWARN line", "cr\r", "tab\t", "semi;colon", "slash/", "é", "{json}"
        }) {
      assertThat(RequestIds.isSane(insane)).as(insane).isFalse();
      assertThat(RequestIds.choose(insane)).as(insane).matches("[0-9a-f]{16}");
    }
  }

  @Test
  void generated_ids_differ() {
    Set<String> ids = new HashSet<>();
    for (int i = 0; i < 10_000; i++) {
      ids.add(RequestIds.generate());
    }
    assertThat(ids).hasSize(10_000);
  }
}
