package io.meridian.loadtests.edge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EdgeResponseDecoderTest {
  private static final String ATTACHED =
      "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
          + "36\r\n{\"msg\":\"200 OK\",\"heartbeat\":60,\"timestamp\":1441382935}\r\n";

  private final EmbeddedChannel channel = new EmbeddedChannel(new EdgeResponseDecoder(8192, 4096));

  private List<Object> feed(String... parts) {
    for (String part : parts) {
      channel.writeInbound(Unpooled.copiedBuffer(part, StandardCharsets.ISO_8859_1));
    }
    List<Object> messages = new ArrayList<>();
    for (Object message = channel.readInbound(); message != null; message = channel.readInbound()) {
      messages.add(message);
    }
    return messages;
  }

  private static List<String> describe(List<Object> messages) {
    List<String> described = new ArrayList<>();
    for (Object message : messages) {
      if (message instanceof EdgeMessage.Head head) {
        described.add(
            "head "
                + head.status()
                + (head.chunked() ? " chunked" : " length " + head.contentLength()));
      } else if (message instanceof EdgeMessage.Chunk chunk) {
        described.add(new String(chunk.data(), StandardCharsets.ISO_8859_1));
      } else {
        described.add("end");
      }
    }
    return described;
  }

  @Test
  void reads_the_head_the_confirmation_and_then_one_chunk_per_rpc() {
    List<Object> messages = feed(ATTACHED, "c\r\n{\"cmd\":\"ls\"}\r\n", "7\r\n{\"n\":2}\r\n");
    assertThat(describe(messages))
        .containsExactly(
            "head 200 chunked",
            "{\"msg\":\"200 OK\",\"heartbeat\":60,\"timestamp\":1441382935}",
            "{\"cmd\":\"ls\"}",
            "{\"n\":2}");
  }

  @Test
  void reads_the_same_bytes_however_they_are_split() {
    String all = ATTACHED + "c\r\n{\"cmd\":\"ls\"}\r\n" + "0\r\n\r\n";
    String[] oneByOne = all.split("");
    assertThat(describe(feed(oneByOne)))
        .containsExactly(
            "head 200 chunked",
            "{\"msg\":\"200 OK\",\"heartbeat\":60,\"timestamp\":1441382935}",
            "{\"cmd\":\"ls\"}",
            "end");
  }

  @Test
  void accepts_bare_line_feeds_extensions_and_missing_or_doubled_chunk_ends() {
    List<Object> messages =
        feed(
            "HTTP/1.1 200 OK\nTransfer-Encoding: chunked\n\n",
            "2 ;name=value\nok\n",
            "3\r\nabc", // no closing CRLF: the next size follows at once
            "4\r\nwxyz\r\n\r\n\r\n", // closing CRLF doubled
            "1\r\nZ\r\n");
    assertThat(describe(messages)).containsExactly("head 200 chunked", "ok", "abc", "wxyz", "Z");
  }

  @Test
  void a_legacy_heartbeat_reads_as_its_marker_and_the_line_feed_its_size_counts() {
    List<Object> messages =
        feed(ATTACHED, new String(Framing.LEGACY.heartbeat(), StandardCharsets.ISO_8859_1));
    assertThat(describe(messages)).last().isEqualTo("\u0006\n");
  }

  @Test
  void each_sdk_framing_reads_back_as_one_chunk_per_frame() {
    List<String> frames = new ArrayList<>();
    for (Framing framing : Framing.values()) {
      frames.add(
          new String(
              framing.reply("pong".getBytes(StandardCharsets.ISO_8859_1)),
              StandardCharsets.ISO_8859_1));
      frames.add(
          new String(
              framing.upstream("{}".getBytes(StandardCharsets.ISO_8859_1)),
              StandardCharsets.ISO_8859_1));
    }
    List<Object> messages =
        feed("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", String.join("", frames));
    // Exact sizes read back exactly; the legacy sizes take their closing CRLF into the data.
    assertThat(describe(messages))
        .containsExactly("head 200 chunked", "pong", "\u0007{}", "pong\r\n", "\u0007{}\r\n");
  }

  @Test
  void a_refusal_with_a_content_length_reads_as_its_body_then_the_end() {
    List<Object> messages =
        feed("HTTP/1.1 403 Forbidden\r\nContent-Length: 23\r\n\r\n{\"msg\":\"403 Forbidden\"}");
    assertThat(describe(messages))
        .containsExactly("head 403 length 23", "{\"msg\":\"403 Forbidden\"}", "end");
  }

  @Test
  void a_response_without_body_ends_at_its_head() {
    assertThat(describe(feed("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")))
        .containsExactly("head 404 length 0", "end");
  }

  @Test
  void a_chunk_over_the_limit_is_refused_before_it_is_read() {
    assertThatThrownBy(
            () -> feed("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", "7fffffff\r\n"))
        .isInstanceOf(DecoderException.class)
        .hasMessageContaining("over 4096");
  }

  @Test
  void a_size_that_is_not_hexadecimal_is_refused() {
    assertThatThrownBy(
            () -> feed("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", "zz\r\n"))
        .isInstanceOf(DecoderException.class)
        .hasMessageContaining("bad chunk size");
  }

  @Test
  void a_size_line_without_end_is_refused_past_its_bound() {
    assertThatThrownBy(
            () -> feed("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", "1".repeat(300)))
        .isInstanceOf(DecoderException.class)
        .hasMessageContaining("size line");
  }

  @Test
  void garbage_instead_of_a_status_line_is_refused() {
    assertThatThrownBy(() -> feed("\u0000\u0001garbage\r\n\r\n"))
        .isInstanceOf(DecoderException.class)
        .hasMessageContaining("not an HTTP status line");
  }

  @Test
  void a_head_without_end_is_refused_past_its_bound() {
    assertThatThrownBy(() -> feed("HTTP/1.1 200 OK\r\nX: " + "a".repeat(9000)))
        .isInstanceOf(DecoderException.class)
        .hasMessageContaining("head over");
  }
}
