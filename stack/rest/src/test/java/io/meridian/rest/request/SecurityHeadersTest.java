package io.meridian.rest.request;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletResponse;

class SecurityHeadersTest {

  @Test
  void strict_transport_security_is_sent_only_when_configured() {
    MockHttpServletResponse configured = new MockHttpServletResponse();
    MockHttpServletResponse unset = new MockHttpServletResponse();

    new SecurityHeaders("max-age=31536000; includeSubDomains").addTo(configured, "/status");
    new SecurityHeaders(" ").addTo(unset, "/status");

    assertThat(configured.getHeader("Strict-Transport-Security"))
        .isEqualTo("max-age=31536000; includeSubDomains");
    assertThat(unset.containsHeader("Strict-Transport-Security")).isFalse();
  }

  @Test
  void only_the_reference_page_and_its_files_get_the_page_policy() {
    assertThat(SecurityHeaders.isReferencePage("/docs")).isTrue();
    assertThat(SecurityHeaders.isReferencePage("/docs/swagger-ui.css")).isTrue();
    assertThat(SecurityHeaders.isReferencePage("/docsx")).isFalse();
    assertThat(SecurityHeaders.isReferencePage("/acme/docs")).isFalse();
    assertThat(SecurityHeaders.isReferencePage(null)).isFalse();
  }

  @Test
  void only_the_console_gets_the_console_policy_and_it_allows_nothing_inline() {
    assertThat(SecurityHeaders.isConsole("/console")).isTrue();
    assertThat(SecurityHeaders.isConsole("/console/views/data.js")).isTrue();
    assertThat(SecurityHeaders.isConsole("/consoles")).isFalse();
    assertThat(SecurityHeaders.isConsole("/acme/console")).isFalse();
    assertThat(SecurityHeaders.isConsole(null)).isFalse();
    MockHttpServletResponse response = new MockHttpServletResponse();
    new SecurityHeaders(null).addTo(response, "/console/app.js");
    assertThat(response.getHeader("Content-Security-Policy"))
        .isEqualTo(SecurityHeaders.CONSOLE_POLICY)
        .contains("script-src 'self'", "style-src 'self'", "frame-ancestors 'none'")
        .doesNotContain("unsafe");
    assertThat(response.getHeader("X-Frame-Options")).isEqualTo("DENY");
  }

  @Test
  void a_header_already_set_is_left_alone() {
    MockHttpServletResponse response = new MockHttpServletResponse();
    response.setHeader("Cache-Control", "max-age=60");

    new SecurityHeaders(null).addTo(response, "/openapi.json");

    assertThat(response.getHeaders("Cache-Control")).containsExactly("max-age=60");
    assertThat(response.getHeader("Content-Security-Policy")).isEqualTo(SecurityHeaders.API_POLICY);
  }
}
