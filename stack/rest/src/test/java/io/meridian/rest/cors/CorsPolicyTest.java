package io.meridian.rest.cors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.meridian.rest.config.CorsProperties;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

class CorsPolicyTest {
  private static final List<String> HEADERS = List.of("Authorization", "Content-Type");

  @Test
  void any_origin_is_allowed_with_a_star_and_no_vary() {
    CorsPolicy policy = CorsPolicy.of(List.of("*"), HEADERS);

    assertThat(policy.allowOrigin("https://anywhere.example")).isEqualTo("*");
    assertThat(policy.allowOrigin("null")).isEqualTo("*");
    assertThat(policy.variesByOrigin()).isFalse();
  }

  @Test
  void a_listed_origin_is_echoed_and_answers_vary_by_origin() {
    CorsPolicy policy =
        CorsPolicy.of(List.of("https://app.example.com", "http://localhost:3000/"), HEADERS);

    assertThat(policy.allowOrigin("https://app.example.com")).isEqualTo("https://app.example.com");
    assertThat(policy.allowOrigin("http://localhost:3000")).isEqualTo("http://localhost:3000");
    assertThat(policy.allowOrigin("HTTPS://APP.example.com")).isEqualTo("HTTPS://APP.example.com");
    assertThat(policy.variesByOrigin()).isTrue();
  }

  @Test
  void an_origin_not_listed_is_refused_even_when_it_merely_resembles_one() {
    CorsPolicy policy = CorsPolicy.of(List.of("https://app.example.com"), HEADERS);

    assertThat(policy.allowOrigin("https://evil.example.com")).isNull();
    assertThat(policy.allowOrigin("http://app.example.com")).isNull();
    assertThat(policy.allowOrigin("https://app.example.com.evil.example")).isNull();
    assertThat(policy.allowOrigin("https://app.example.com:8443")).isNull();
    assertThat(policy.allowOrigin("null")).isNull();
  }

  @Test
  void an_empty_list_allows_no_origin() {
    CorsPolicy policy = CorsPolicy.of(List.of(), HEADERS);

    assertThat(policy.allowOrigin("https://app.example.com")).isNull();
    assertThat(policy.variesByOrigin()).isFalse();
  }

  @Test
  void an_origin_with_a_path_or_no_scheme_is_a_configuration_error() {
    assertThatThrownBy(() -> CorsPolicy.of(List.of("https://app.example.com/console"), HEADERS))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("meridian.cors.allowed-origins");
    assertThatThrownBy(() -> CorsPolicy.of(List.of("app.example.com"), HEADERS))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void only_requested_headers_on_the_safe_list_are_allowed() {
    CorsPolicy policy = CorsPolicy.of(List.of("*"), HEADERS);

    assertThat(policy.allowHeaders("authorization, content-type, x-evil"))
        .isEqualTo("Authorization, Content-Type");
    assertThat(policy.allowHeaders("X-Evil")).isEmpty();
    assertThat(policy.allowHeaders(null)).isEmpty();
  }

  @Test
  void the_defaults_allow_any_origin_and_the_headers_a_client_sends() {
    CorsProperties defaults = bind(Map.of());
    CorsPolicy policy = CorsPolicy.of(defaults.allowedOrigins(), defaults.allowedHeaders());

    assertThat(policy.allowOrigin("https://app.example.com")).isEqualTo("*");
    assertThat(policy.allowHeaders("Authorization,Content-Type,X-Request-Id"))
        .isEqualTo("Authorization, Content-Type, X-Request-Id");
    assertThat(defaults.maxAge()).isEqualTo(Duration.ofHours(1));
  }

  @Test
  void an_empty_setting_turns_cross_origin_access_off() {
    CorsProperties off = bind(Map.of("meridian.cors.allowed-origins", ""));

    assertThat(CorsPolicy.of(off.allowedOrigins(), HEADERS).allowOrigin("https://a.example"))
        .isNull();
  }

  private static CorsProperties bind(Map<String, String> properties) {
    return new Binder(new MapConfigurationPropertySource(properties))
        .bindOrCreate("meridian.cors", CorsProperties.class);
  }
}
