package io.meridian.loadtests.edge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The bytes are those the Cometa SDKs write (linux/libcometa/libcometa.c, cometa.c of 2014). */
class FramingTest {

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.ISO_8859_1);
  }

  @Test
  void libcometa_heartbeat_is_a_one_byte_chunk_closed_with_crlf() {
    assertThat(Framing.LIBCOMETA.heartbeat()).isEqualTo(bytes("1\r\n\u0006\r\n"));
  }

  @Test
  void legacy_heartbeat_is_the_miscounted_two_byte_chunk_with_bare_line_feeds() {
    assertThat(Framing.LEGACY.heartbeat()).isEqualTo(bytes("2\n\u0006\n"));
  }

  @Test
  void libcometa_reply_declares_its_exact_size_in_hex() {
    byte[] reply = bytes("{\"temperature\":21.5,\"unit\":\"C\"}");
    assertThat(Framing.LIBCOMETA.reply(reply))
        .isEqualTo(bytes("1f\r\n{\"temperature\":21.5,\"unit\":\"C\"}\r\n"));
  }

  @Test
  void legacy_reply_counts_its_closing_crlf_in_the_size() {
    assertThat(Framing.LEGACY.reply(bytes("pong"))).isEqualTo(bytes("6\r\npong\r\n"));
  }

  @Test
  void libcometa_upstream_event_opens_with_0x07_counted_in_the_size() {
    assertThat(Framing.LIBCOMETA.upstream(bytes("{\"t\":1}")))
        .isEqualTo(bytes("8\r\n\u0007{\"t\":1}\r\n"));
  }

  @Test
  void legacy_upstream_event_counts_the_marker_and_the_closing_crlf() {
    assertThat(Framing.LEGACY.upstream(bytes("{\"t\":1}")))
        .isEqualTo(bytes("a\r\n\u0007{\"t\":1}\r\n"));
  }

  @Test
  void an_empty_reply_is_a_chunk_of_size_zero_only_when_counted_exactly() {
    assertThat(Framing.LIBCOMETA.reply(new byte[0])).isEqualTo(bytes("0\r\n\r\n"));
    assertThat(Framing.LEGACY.reply(new byte[0])).isEqualTo(bytes("2\r\n\r\n"));
  }

  @Test
  void a_server_chunk_is_exact() {
    assertThat(Framing.chunk(bytes("{\"cmd\":\"ls\"}")))
        .isEqualTo(bytes("c\r\n{\"cmd\":\"ls\"}\r\n"));
  }

  @Test
  void framings_are_named_as_on_the_command_line() {
    assertThat(Framing.parse("libcometa")).isEqualTo(Framing.LIBCOMETA);
    assertThat(Framing.parse("LEGACY")).isEqualTo(Framing.LEGACY);
    assertThatThrownBy(() -> Framing.parse("mqtt")).hasMessageContaining("libcometa or legacy");
  }
}
