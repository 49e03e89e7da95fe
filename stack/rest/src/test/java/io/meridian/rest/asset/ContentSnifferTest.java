package io.meridian.rest.asset;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ContentSnifferTest {
  private static final byte[] JPEG = {
    (byte) 0xFF, (byte) 0xD8, (byte) 0xFF, (byte) 0xE0, 0, 0x10, 'J', 'F', 'I', 'F', 0, 1, 2, 3
  };

  @Test
  void an_octet_stream_jpeg_is_recorded_as_image_jpeg_and_keeps_every_byte() throws Exception {
    ContentSniffer.Sniffed sniffed =
        ContentSniffer.sniff(new ByteArrayInputStream(JPEG), "application/octet-stream");

    assertThat(sniffed.contentType()).isEqualTo("image/jpeg");
    assertThat(sniffed.body().readAllBytes()).isEqualTo(JPEG);
  }

  @Test
  void a_declared_type_is_kept_whatever_the_bytes() throws Exception {
    ContentSniffer.Sniffed sniffed =
        ContentSniffer.sniff(new ByteArrayInputStream(JPEG), "image/x-custom");

    assertThat(sniffed.contentType()).isEqualTo("image/x-custom");
    assertThat(sniffed.body().readAllBytes()).isEqualTo(JPEG);
  }

  @Test
  void unrecognised_or_short_bytes_stay_octet_stream() throws Exception {
    ContentSniffer.Sniffed sniffed =
        ContentSniffer.sniff(
            new ByteArrayInputStream(new byte[] {(byte) 0xFF}), "Application/Octet-Stream; x=1");

    assertThat(sniffed.contentType()).isEqualTo("Application/Octet-Stream; x=1");
    assertThat(sniffed.body().readAllBytes()).containsExactly((byte) 0xFF);
  }

  @Test
  void common_binary_signatures_are_recognised() {
    assertThat(ContentSniffer.of(bytes(0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A, 0)))
        .isEqualTo("image/png");
    assertThat(ContentSniffer.of(ascii("GIF89a......"))).isEqualTo("image/gif");
    assertThat(ContentSniffer.of(ascii("RIFF....WEBPVP8"))).isEqualTo("image/webp");
    assertThat(ContentSniffer.of(ascii("%PDF-1.7\n"))).isEqualTo("application/pdf");
    assertThat(ContentSniffer.of(bytes('P', 'K', 3, 4, 0))).isEqualTo("application/zip");
    assertThat(ContentSniffer.of(ascii("....ftypisom"))).isEqualTo("video/mp4");
  }

  @Test
  void text_is_never_sniffed_into_a_type_a_browser_would_render() {
    assertThat(ContentSniffer.of(ascii("<html><script>"))).isNull();
    assertThat(ContentSniffer.of(ascii("<svg xmlns="))).isNull();
  }

  @Test
  void a_form_part_typed_as_a_form_is_of_unknown_type() {
    assertThat(ContentTypes.ofPart("multipart/form-data; boundary=x"))
        .isEqualTo("application/octet-stream");
    assertThat(ContentTypes.ofPart("image/png")).isEqualTo("image/png");
  }

  private static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }

  private static byte[] bytes(int... values) {
    byte[] out = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      out[i] = (byte) values[i];
    }
    return out;
  }
}
