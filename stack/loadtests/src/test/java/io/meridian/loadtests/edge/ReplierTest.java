package io.meridian.loadtests.edge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ReplierTest {

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static String text(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }

  @Test
  void echo_answers_the_request_itself() {
    assertThat(new Replier(Replier.Mode.ECHO, "").reply(bytes("{\"n\":1}")))
        .isEqualTo(bytes("{\"n\":1}"));
  }

  @Test
  void fixed_answers_the_configured_body_whatever_the_request() {
    Replier replier = new Replier(Replier.Mode.FIXED, "{\"ok\":true}");
    assertThat(text(replier.reply(bytes("anything")))).isEqualTo("{\"ok\":true}");
  }

  @Test
  void jsonrpc_echoes_the_id_with_the_configured_result() {
    Replier replier = new Replier(Replier.Mode.JSONRPC, "{\"ok\":true}");
    assertThat(
            text(replier.reply(bytes("{\"jsonrpc\":\"2.0\",\"method\":\"read\",\"id\":\"a7\"}"))))
        .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":\"a7\",\"result\":{\"ok\":true}}");
  }

  @Test
  void jsonrpc_without_a_configured_result_returns_the_params() {
    Replier replier = new Replier(Replier.Mode.JSONRPC, "");
    assertThat(text(replier.reply(bytes("{\"id\":3,\"method\":\"m\",\"params\":[1,2]}"))))
        .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":[1,2]}");
    assertThat(text(replier.reply(bytes("{\"id\":4,\"method\":\"m\"}"))))
        .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":4,\"result\":null}");
  }

  @Test
  void jsonrpc_echoes_what_is_not_a_request_with_an_id() {
    Replier replier = new Replier(Replier.Mode.JSONRPC, "");
    assertThat(text(replier.reply(bytes("plain text")))).isEqualTo("plain text");
    assertThat(text(replier.reply(bytes("{\"method\":\"notify\"}"))))
        .isEqualTo("{\"method\":\"notify\"}");
  }

  @Test
  void a_jsonrpc_result_must_be_json() {
    assertThatThrownBy(() -> new Replier(Replier.Mode.JSONRPC, "{oops"))
        .hasMessageContaining("not JSON");
  }
}
