package io.meridian.loadtests.edge;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.loadtests.edge.AttachRequest.SecretMode;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class AttachRequestTest {

  private static String text(AttachRequest request) {
    return new String(request.bytes(), StandardCharsets.UTF_8);
  }

  @Test
  void attach_is_the_libcometa_post_with_the_info_string_as_its_body() {
    AttachRequest request =
        new AttachRequest("edge:8090", "b3f1c0de", "sim-000042", "linux x86", "", SecretMode.NONE);
    assertThat(text(request))
        .isEqualTo(
            "POST /v1/applications/b3f1c0de/devices/sim-000042 HTTP/1.1\r\n"
                + "Host: edge:8090\r\n"
                + "Content-Length: 9\r\n"
                + "\r\n"
                + "linux x86");
  }

  @Test
  void the_content_length_counts_bytes_not_characters() {
    AttachRequest request =
        new AttachRequest("h", "k", "d", "capteur thermique \u00e9t\u00e9", "", SecretMode.NONE);
    assertThat(text(request)).contains("Content-Length: 23\r\n");
  }

  @Test
  void the_secret_goes_in_the_query_encoded() {
    AttachRequest request =
        new AttachRequest("h", "app", "dev 1", "", "s&cret=1", SecretMode.QUERY);
    assertThat(request.path())
        .isEqualTo("/v1/applications/app/devices/dev%201?secret=s%26cret%3D1");
    assertThat(text(request)).doesNotContain("X-Device-Secret");
  }

  @Test
  void the_secret_goes_in_a_header_when_asked() {
    AttachRequest request = new AttachRequest("h", "app", "d1", "", "s3cret", SecretMode.HEADER);
    assertThat(request.path()).isEqualTo("/v1/applications/app/devices/d1");
    assertThat(text(request)).contains("X-Device-Secret: s3cret\r\n\r\n");
  }

  @Test
  void no_secret_is_sent_when_there_is_none() {
    AttachRequest request = new AttachRequest("h", "app", "d1", "", "", SecretMode.QUERY);
    assertThat(request.path()).doesNotContain("secret");
  }

  @Test
  void each_device_gets_its_own_secret_and_a_six_digit_id() {
    FleetOptions options =
        new FleetOptions(
            "h",
            1,
            "k",
            "sim-",
            0,
            1,
            1,
            java.util.List.of(),
            "s-%d",
            SecretMode.QUERY,
            Framing.LIBCOMETA,
            new Replier(Replier.Mode.ECHO, ""),
            0,
            0,
            null,
            "",
            false,
            java.time.Duration.ofSeconds(1),
            1);
    assertThat(options.secretOf(42)).isEqualTo("s-42");
    assertThat(FleetOptions.deviceId("sim-", 42)).isEqualTo("sim-000042");
  }

  @Test
  void source_addresses_are_consecutive_across_octets() {
    assertThat(FleetOptions.addresses("127.0.1.254", 3))
        .extracting(java.net.InetAddress::getHostAddress)
        .containsExactly("127.0.1.254", "127.0.1.255", "127.0.2.0");
  }
}
