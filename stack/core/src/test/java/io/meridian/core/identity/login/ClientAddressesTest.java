package io.meridian.core.identity.login;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ClientAddressesTest {

  @Test
  void an_ipv4_address_is_its_own_key() {
    assertThat(ClientAddresses.key("203.0.113.7")).isEqualTo("203.0.113.7");
  }

  @Test
  void an_ipv6_address_is_keyed_by_its_64_prefix_however_it_is_written() {
    assertThat(ClientAddresses.key("2001:db8:1:2::1"))
        .isEqualTo(ClientAddresses.key("2001:0DB8:0001:0002:ffff:0:0:9"))
        .isEqualTo("2001:db8:1:2::/64");
  }

  @Test
  void an_ipv4_mapped_ipv6_address_is_the_ipv4_address() {
    assertThat(ClientAddresses.key("::ffff:203.0.113.7")).isEqualTo("203.0.113.7");
  }

  @Test
  void anything_else_is_kept_as_it_is() {
    assertThat(ClientAddresses.key("not:an:address::x")).isEqualTo("not:an:address::x");
    assertThat(ClientAddresses.key(null)).isNull();
    assertThat(ClientAddresses.key(" ")).isEqualTo(" ");
  }
}
