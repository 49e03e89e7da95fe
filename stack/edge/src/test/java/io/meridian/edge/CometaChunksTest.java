package io.meridian.edge;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CometaChunksTest {
  private static List<String> decode(String... parts) {
    EmbeddedChannel channel = new EmbeddedChannel(new CometaChunks(1024));
    for (String part : parts) {
      channel.writeInbound(Unpooled.copiedBuffer(part, StandardCharsets.ISO_8859_1));
    }
    List<String> messages = new ArrayList<>();
    for (Object message = channel.readInbound(); message != null; message = channel.readInbound()) {
      messages.add(new String((byte[]) message, StandardCharsets.ISO_8859_1));
    }
    return messages;
  }

  @Test
  void reads_the_c_sdks_replies_heartbeats_and_upstream_messages() {
    assertThat(decode("5\r\nhello\r\n", "1\r\n\u0006\r\n", "4\r\n\u0007abc\r\n"))
        .containsExactly("hello", "\u0006", "\u0007abc");
  }

  @Test
  void reads_the_older_sdks_sizes_that_count_their_line_end() {
    assertThat(decode("2\n\u0006\n", "6\r\npong\r\n", "2\r\n\r\n"))
        .containsExactly("\u0006", "pong", "");
  }

  @Test
  void reads_chunks_split_anywhere_and_several_in_one_read() {
    assertThat(decode("a\r", "\n0123", "456789\r", "\n3\r\nabc\r\n1\r\nz\r\n"))
        .containsExactly("0123456789", "abc", "z");
  }

  @Test
  void skips_blank_lines_and_chunk_extensions() {
    assertThat(decode("\r\n\n3;name=value\r\nabc\r\n")).containsExactly("abc");
  }

  @Test
  void refuses_a_size_that_is_not_hexadecimal() {
    EmbeddedChannel channel = new EmbeddedChannel(new CometaChunks(1024));
    try {
      channel.writeInbound(Unpooled.copiedBuffer("zz\r\n", StandardCharsets.US_ASCII));
    } catch (DecoderException expected) {
      assertThat(expected).hasMessageContaining("hexadecimal");
      return;
    }
    throw new AssertionError("a size 'zz' was accepted");
  }

  @Test
  void refuses_a_size_over_the_limit_before_reading_its_data() {
    EmbeddedChannel channel = new EmbeddedChannel(new CometaChunks(1024));
    try {
      channel.writeInbound(Unpooled.copiedBuffer("7fffffff\r\n", StandardCharsets.US_ASCII));
    } catch (DecoderException expected) {
      assertThat(expected).hasMessageContaining("larger than 1024");
      return;
    }
    throw new AssertionError("a chunk of 2 GB was announced and accepted");
  }

  @Test
  void refuses_an_endless_size_line() {
    EmbeddedChannel channel = new EmbeddedChannel(new CometaChunks(1024));
    try {
      channel.writeInbound(Unpooled.copiedBuffer("0".repeat(100), StandardCharsets.US_ASCII));
    } catch (DecoderException expected) {
      assertThat(expected).hasMessageContaining("too long");
      return;
    }
    throw new AssertionError("a size line of 100 characters was accepted");
  }

  @Test
  void encodes_a_chunk_as_http_does() {
    byte[] data = "{\"a\":1}".getBytes(StandardCharsets.UTF_8);
    assertThat(CometaChunks.encode(ByteBufAllocator.DEFAULT, data).toString(StandardCharsets.UTF_8))
        .isEqualTo("7\r\n{\"a\":1}\r\n");
  }
}
