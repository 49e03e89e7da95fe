package io.meridian.core.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

class CursorsTest {
  private final Cursors cursors = new Cursors("0123456789abcdef0123456789abcdef".getBytes());

  @Test
  void a_cursor_carries_its_position_back() {
    List<Object> position = new ArrayList<>(Arrays.asList("abc", 42L, 2.5, true, null));

    String cursor = cursors.encode("query-a", position);

    assertThat(cursors.decode("query-a", cursor)).isEqualTo(position);
    assertThat(cursor).matches("[A-Za-z0-9_-]+");
  }

  @Test
  void a_cursor_of_another_query_is_refused() {
    String cursor = cursors.encode("query-a", List.of("abc"));

    assertThatThrownBy(() -> cursors.decode("query-b", cursor))
        .isInstanceOfSatisfying(
            MeridianException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.ILLEGAL_ARGUMENT));
  }

  @Test
  void every_altered_byte_is_detected() {
    byte[] bytes = Base64.getUrlDecoder().decode(cursors.encode("q", List.of("abc", 7L)));
    for (int i = 0; i < bytes.length; i++) {
      byte[] altered = bytes.clone();
      altered[i] ^= 0x01;
      String cursor = Base64.getUrlEncoder().withoutPadding().encodeToString(altered);
      assertThatThrownBy(() -> cursors.decode("q", cursor))
          .as("byte %d", i)
          .isInstanceOf(MeridianException.class);
    }
  }

  @Test
  void garbage_is_refused_with_a_400_not_an_exception_of_another_kind() {
    for (String garbage :
        List.of("", "!!!", "abc", "a".repeat(5000), "AAAAAAAAAAAAAAAAAAAAAAAAAAAA")) {
      assertThatThrownBy(() -> cursors.decode("q", garbage))
          .as(garbage)
          .isInstanceOfSatisfying(
              MeridianException.class, e -> assertThat(e.code().status()).isEqualTo(400));
    }
  }

  @Test
  void a_key_of_another_cluster_refuses_the_cursor() {
    String cursor = cursors.encode("q", List.of(1L));
    Cursors other = new Cursors("another key, another cluster....".getBytes());

    assertThatThrownBy(() -> other.decode("q", cursor)).isInstanceOf(MeridianException.class);
  }
}
