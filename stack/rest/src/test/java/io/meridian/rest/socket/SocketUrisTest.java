package io.meridian.rest.socket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SocketUrisTest {
  private static final URI BASE = URI.create("https://api.example.com/");

  private static String uri(String path, Map<String, List<String>> query) {
    return SocketUris.requestUri(BASE, "acme", "fleet", path, query).toString();
  }

  @Test
  void a_path_is_served_inside_the_application_of_the_socket() {
    assertThat(uri("/trucks/abc", Map.of()))
        .isEqualTo("https://api.example.com/acme/fleet/trucks/abc");
    assertThat(uri("/", Map.of())).isEqualTo("https://api.example.com/acme/fleet");
  }

  @Test
  void repeated_and_trailing_slashes_are_served_as_one_and_none() {
    assertThat(uri("/trucks//abc/", Map.of()))
        .isEqualTo("https://api.example.com/acme/fleet/trucks/abc");
  }

  @Test
  void every_delimiter_in_a_segment_is_encoded_as_part_of_the_name() {
    assertThat(uri("/my clouds/a?b#c;d%2F", Map.of()))
        .isEqualTo("https://api.example.com/acme/fleet/my%20clouds/a%3Fb%23c%3Bd%252F");
  }

  @Test
  void query_values_are_encoded_whatever_they_hold() {
    Map<String, List<String>> query = new LinkedHashMap<>();
    query.put("ql", List.of("select * where a = 'r&d \"é\"' + 1"));
    query.put("limit", List.of("1", "2"));

    URI uri = URI.create(uri("/trucks", query));

    assertThat(uri.getRawQuery())
        .isEqualTo(
            "ql=select%20%2A%20where%20a%20%3D%20%27r%26d%20%22%C3%A9%22%27%20%2B%201"
                + "&limit=1&limit=2");
    assertThat(uri.getQuery()).isEqualTo("ql=select * where a = 'r&d \"é\"' + 1&limit=1&limit=2");
  }

  @Test
  void a_character_outside_the_basic_plane_is_encoded_as_its_utf8_bytes() {
    assertThat(uri("/\uD83D\uDE9A", Map.of())).endsWith("/fleet/%F0%9F%9A%9A");
  }

  @Test
  void paths_that_could_leave_the_application_are_refused() {
    for (String path :
        new String[] {
          "/../other/trucks",
          "/trucks/..",
          "/./trucks",
          "/a\\b",
          "//evil.example.com/x",
          "https://evil.example.com/x",
          "trucks",
          "",
        }) {
      assertThatThrownBy(() -> uri(path, Map.of()))
          .as(path)
          .isInstanceOfSatisfying(
              MeridianException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.BAD_REQUEST));
    }
    assertThatThrownBy(() -> uri(null, Map.of())).isInstanceOf(MeridianException.class);
  }

  @Test
  void credentials_in_the_query_are_refused_but_the_token_grant_keeps_its_client() {
    assertThatThrownBy(() -> uri("/trucks", Map.of("access_token", List.of("t"))))
        .isInstanceOf(MeridianException.class);
    assertThatThrownBy(() -> uri("/trucks", Map.of("client_secret", List.of("s"))))
        .isInstanceOf(MeridianException.class);
    assertThatThrownBy(() -> uri("/token", Map.of("access_token", List.of("t"))))
        .isInstanceOf(MeridianException.class);
    assertThat(uri("/token", Map.of("client_id", List.of("c")))).endsWith("/token?client_id=c");
  }

  @Test
  void only_the_methods_of_the_api_are_accepted() {
    assertThat(SocketUris.method("DELETE")).isEqualTo("DELETE");
    for (String method : new String[] {"PATCH", "get", "HEAD", "OPTIONS", "TRACE", ""}) {
      assertThatThrownBy(() -> SocketUris.method(method)).isInstanceOf(MeridianException.class);
    }
  }

  @Test
  void the_base_is_the_http_scheme_and_authority_of_the_handshake() {
    assertThat(SocketUris.base(URI.create("wss://h:8443/acme/fleet/socket?x=1")))
        .isEqualTo(URI.create("https://h:8443/"));
    assertThat(SocketUris.base(URI.create("ws://h/acme/fleet/socket")))
        .isEqualTo(URI.create("http://h/"));
    assertThat(SocketUris.base(URI.create("http://127.0.0.1:8080")))
        .isEqualTo(URI.create("http://127.0.0.1:8080/"));
  }
}
