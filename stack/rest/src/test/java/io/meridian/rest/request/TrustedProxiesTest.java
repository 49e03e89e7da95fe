package io.meridian.rest.request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TrustedProxiesTest {
  private final TrustedProxies proxies =
      TrustedProxies.of(List.of("10.0.0.0/8", "192.0.2.7", "fd00::/8"));

  @Test
  void a_peer_that_is_not_trusted_is_the_client_whatever_it_forwards() {
    assertThat(proxies.client("203.0.113.5", List.of("198.51.100.1"))).isEqualTo("203.0.113.5");
  }

  @Test
  void with_no_trusted_proxy_every_peer_is_the_client() {
    assertThat(TrustedProxies.none().client("10.0.0.1", List.of("198.51.100.1")))
        .isEqualTo("10.0.0.1");
  }

  @Test
  void the_client_is_the_rightmost_hop_that_is_not_a_trusted_proxy() {
    assertThat(proxies.client("10.1.2.3", List.of("1.1.1.1, 198.51.100.9", "192.0.2.7, 10.9.9.9")))
        .isEqualTo("198.51.100.9");
  }

  @Test
  void a_trusted_peer_without_a_forwarded_address_is_the_client() {
    assertThat(proxies.client("10.1.2.3", List.of())).isEqualTo("10.1.2.3");
  }

  @Test
  void when_every_hop_is_trusted_the_leftmost_is_the_client() {
    assertThat(proxies.client("10.1.2.3", List.of("10.0.0.5, 192.0.2.7"))).isEqualTo("10.0.0.5");
  }

  @Test
  void a_hop_that_is_not_an_address_ends_at_the_proxy_that_wrote_it() {
    assertThat(proxies.client("10.1.2.3", List.of("198.51.100.9, unknown, 10.0.0.4")))
        .isEqualTo("10.0.0.4");
    assertThat(proxies.client("10.1.2.3", List.of("evil.example.com"))).isEqualTo("10.1.2.3");
  }

  @Test
  void ports_and_brackets_are_dropped_and_ipv6_ranges_match() {
    assertThat(proxies.client("fd12::1", List.of("[2001:db8::5]:4711")))
        .isEqualTo("2001:db8:0:0:0:0:0:5");
    assertThat(proxies.client("10.1.2.3", List.of("198.51.100.9:1234"))).isEqualTo("198.51.100.9");
  }

  @Test
  void a_range_matches_only_its_prefix() {
    TrustedProxies narrow = TrustedProxies.of(List.of("172.16.0.0/12"));

    assertThat(narrow.client("172.31.255.255", List.of("198.51.100.1"))).isEqualTo("198.51.100.1");
    assertThat(narrow.client("172.32.0.1", List.of("198.51.100.1"))).isEqualTo("172.32.0.1");
  }

  @Test
  void a_setting_that_is_no_address_or_range_is_refused() {
    for (String bad : List.of("proxy.example.com", "10.0.0.0/33", "10.0.0.0/x", "10.0.0")) {
      assertThatThrownBy(() -> TrustedProxies.of(List.of(bad)))
          .as(bad)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("meridian.api.trusted-proxies");
    }
  }
}
