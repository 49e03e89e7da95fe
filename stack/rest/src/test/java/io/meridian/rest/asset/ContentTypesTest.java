package io.meridian.rest.asset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import org.junit.jupiter.api.Test;

class ContentTypesTest {

  @Test
  void only_types_browsers_display_passively_are_served_inline() {
    assertThat(ContentTypes.disposition("image/png")).isEqualTo("inline");
    assertThat(ContentTypes.disposition("video/mp4")).isEqualTo("inline");
    assertThat(ContentTypes.disposition("text/plain; charset=utf-8")).isEqualTo("inline");
    assertThat(ContentTypes.disposition("text/html")).isEqualTo("attachment");
    assertThat(ContentTypes.disposition("image/svg+xml")).isEqualTo("attachment");
    assertThat(ContentTypes.disposition("application/xhtml+xml")).isEqualTo("attachment");
    assertThat(ContentTypes.disposition("application/pdf")).isEqualTo("attachment");
    assertThat(ContentTypes.disposition("not a type")).isEqualTo("attachment");
  }

  @Test
  void a_raw_upload_needs_a_type_that_is_not_json_a_form_or_a_wildcard() {
    assertThat(ContentTypes.ofRawUpload("image/png")).isEqualTo("image/png");
    for (String type :
        new String[] {
          null,
          "",
          "application/json",
          "application/merge-patch+json",
          "application/x-www-form-urlencoded",
          "multipart/mixed; boundary=x",
          "*/*",
          "image/*",
          "x".repeat(300) + "/y"
        }) {
      assertThatThrownBy(() -> ContentTypes.ofRawUpload(type))
          .as(String.valueOf(type))
          .isInstanceOfSatisfying(
              MeridianException.class,
              e -> assertThat(e.code()).isEqualTo(ErrorCode.UNSUPPORTED_MEDIA_TYPE));
    }
  }

  @Test
  void a_form_part_without_a_type_is_of_unknown_type() {
    assertThat(ContentTypes.ofPart(null)).isEqualTo("application/octet-stream");
    assertThat(ContentTypes.ofPart("image/jpeg")).isEqualTo("image/jpeg");
  }
}
