package io.meridian.core.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class DeviceIdsTest {
  private static String repeat(char c, int times) {
    char[] chars = new char[times];
    Arrays.fill(chars, c);
    return new String(chars);
  }

  @Test
  void an_id_is_1_to_64_letters_digits_dots_underscores_colons_or_dashes_after_a_letter_or_digit() {
    for (String valid : List.of("m", "7", "meter1", "Meter.1_a:b-c", "0a", repeat('x', 64))) {
      assertThat(DeviceIds.isValid(valid)).as(valid).isTrue();
      assertThat(DeviceIds.require(valid)).isEqualTo(valid);
    }
  }

  @Test
  void anything_else_is_refused_as_illegal() {
    for (String invalid :
        Arrays.asList(
            null,
            "",
            "-meter",
            ".meter",
            "_meter",
            ":meter",
            "a b",
            "a/b",
            "a%2F",
            "mètre",
            repeat('x', 65))) {
      assertThat(DeviceIds.isValid(invalid)).as(String.valueOf(invalid)).isFalse();
      assertThatThrownBy(() -> DeviceIds.require(invalid))
          .isInstanceOfSatisfying(
              MeridianException.class,
              e -> assertThat(e.code()).isEqualTo(ErrorCode.ILLEGAL_ARGUMENT));
    }
  }
}
