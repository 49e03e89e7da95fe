package io.meridian.rest.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A text/plain body is read as JSON when it starts like JSON, as Usergrid's filter read it. */
class UntypedBodiesTest {

  private static BufferedInputStream body(String text) {
    return new BufferedInputStream(
        new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), UntypedBodies.LOOK_AHEAD);
  }

  @Test
  void an_object_or_array_after_white_space_starts_like_json_and_keeps_every_byte()
      throws Exception {
    BufferedInputStream object = body(" \r\n\t{\"a\": 1}");

    assertThat(UntypedBodies.startsLikeJson(object)).isTrue();
    assertThat(new String(object.readAllBytes(), StandardCharsets.UTF_8))
        .isEqualTo(" \r\n\t{\"a\": 1}");
    assertThat(UntypedBodies.startsLikeJson(body("[1]"))).isTrue();
  }

  @Test
  void other_text_does_not_start_like_json() throws Exception {
    assertThat(UntypedBodies.startsLikeJson(body("hello {"))).isFalse();
    assertThat(UntypedBodies.startsLikeJson(body(""))).isFalse();
    assertThat(UntypedBodies.startsLikeJson(body(" ".repeat(300) + "{}"))).isFalse();
  }
}
