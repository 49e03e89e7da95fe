package io.meridian.rest.api;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;

class SecretParametersTest {

  @Test
  void credentials_in_the_query_keep_their_names_and_lose_their_values() {
    URI uri =
        URI.create(
            "http://h:8080/management/orgs/acme?access_token=t0k3n&limit=5"
                + "&client_id=YXA6abc&client_secret=s3cr3t&Password=pw&refresh_token=r&code=c");

    assertThat(SecretParameters.redact(uri))
        .isEqualTo(
            "http://h:8080/management/orgs/acme?access_token=***&limit=5"
                + "&client_id=YXA6abc&client_secret=***&Password=***&refresh_token=***&code=***");
  }

  @Test
  void credentials_as_matrix_parameters_are_redacted_in_paths() {
    assertThat(SecretParameters.redactPath("/acme/app/users;access_token=t0k3n;ql=a/me"))
        .isEqualTo("/acme/app/users;access_token=***;ql=a/me");
    assertThat(SecretParameters.redactUri("/a/b;token=x?password=y&q=z"))
        .isEqualTo("/a/b;token=***?password=***&q=z");
  }

  @Test
  void an_encoded_parameter_name_is_recognised() {
    assertThat(SecretParameters.redactUri("/x?access%5Ftoken=t0k3n"))
        .isEqualTo("/x?access%5Ftoken=***");
  }

  @Test
  void text_without_credentials_is_returned_unchanged() {
    String uri = "http://h/acme/app/dogs/fido dog?ql=select * where a = 'b'&limit=10";

    assertThat(SecretParameters.redactUri(uri)).isEqualTo(uri);
  }

  @Test
  void parameter_maps_keep_every_name_and_hide_secret_values() {
    MultivaluedMap<String, String> params = new MultivaluedHashMap<>();
    params.put("access_token", List.of("t0k3n"));
    params.put("oldpassword", List.of("a", "b"));
    params.put("limit", List.of("5"));

    MultivaluedMap<String, String> redacted = SecretParameters.redact(params);

    assertThat(redacted.get("access_token")).containsExactly("***");
    assertThat(redacted.get("oldpassword")).containsExactly("***", "***");
    assertThat(redacted.get("limit")).containsExactly("5");
  }
}
