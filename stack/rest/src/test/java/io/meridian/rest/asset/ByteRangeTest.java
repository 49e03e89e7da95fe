package io.meridian.rest.asset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import org.junit.jupiter.api.Test;

class ByteRangeTest {

  @Test
  void no_header_is_the_whole_file() {
    assertThat(ByteRange.parse(null, 100)).isEmpty();
    assertThat(ByteRange.parse(" ", 100)).isEmpty();
  }

  @Test
  void the_three_forms_of_a_range_select_their_bytes() {
    assertThat(ByteRange.parse("bytes=10-19", 100)).hasValue(new ByteRange(10, 19));
    assertThat(ByteRange.parse("bytes=90-", 100)).hasValue(new ByteRange(90, 99));
    assertThat(ByteRange.parse("bytes=-5", 100)).hasValue(new ByteRange(95, 99));
    assertThat(ByteRange.parse("Bytes=0-0", 100).orElseThrow().length()).isEqualTo(1);
  }

  @Test
  void a_range_past_the_end_is_cut_to_the_file() {
    assertThat(ByteRange.parse("bytes=50-500", 100)).hasValue(new ByteRange(50, 99));
    assertThat(ByteRange.parse("bytes=-500", 100)).hasValue(new ByteRange(0, 99));
  }

  @Test
  void ranges_that_cannot_be_served_are_416() {
    for (String header :
        new String[] {
          "bytes=100-",
          "bytes=5-4",
          "bytes=-0",
          "bytes=-",
          "bytes=1-2,4-5",
          "items=1-2",
          "bytes=x-1",
          "bytes=99999999999999999999-"
        }) {
      assertThatThrownBy(() -> ByteRange.parse(header, 100))
          .as(header)
          .isInstanceOfSatisfying(
              MeridianException.class,
              e -> assertThat(e.code()).isEqualTo(ErrorCode.RANGE_NOT_SATISFIABLE));
    }
  }
}
