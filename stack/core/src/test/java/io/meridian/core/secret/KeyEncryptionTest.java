package io.meridian.core.secret;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.SecureRandom;
import org.junit.jupiter.api.Test;

class KeyEncryptionTest {
  private static final SecureRandom RANDOM = new SecureRandom();

  private static byte[] key() {
    byte[] key = new byte[32];
    RANDOM.nextBytes(key);
    return key;
  }

  @Test
  void a_wrapped_secret_unwraps_under_its_key_and_its_name_only() {
    KeyEncryption keys = KeyEncryption.of(key(), null);
    byte[] secret = key();

    byte[] wrapped = keys.wrap("token-key", secret);

    assertThat(wrapped).hasSize(12 + 32 + 16);
    assertThat(keys.unwrap("token-key", keys.currentId(), wrapped)).isEqualTo(secret);
    assertThatThrownBy(() -> keys.unwrap("cursor-key", keys.currentId(), wrapped))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("does not decrypt");
  }

  @Test
  void two_wraps_of_one_secret_differ() {
    KeyEncryption keys = KeyEncryption.of(key(), null);
    byte[] secret = key();

    assertThat(keys.wrap("a", secret)).isNotEqualTo(keys.wrap("a", secret));
  }

  @Test
  void the_previous_key_unwraps_but_does_not_wrap() {
    byte[] old = key();
    KeyEncryption before = KeyEncryption.of(old, null);
    KeyEncryption during = KeyEncryption.of(key(), old);
    byte[] secret = key();
    byte[] wrapped = before.wrap("s", secret);

    assertThat(during.unwrap("s", before.currentId(), wrapped)).isEqualTo(secret);
    assertThat(during.currentId()).isNotEqualTo(before.currentId());
  }

  @Test
  void an_unknown_key_id_names_the_setting_to_configure() {
    KeyEncryption keys = KeyEncryption.of(key(), null);

    assertThatThrownBy(() -> keys.unwrap("s", "0011223344556677", new byte[40]))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("0011223344556677")
        .hasMessageContaining("previous-key-encryption-key");
    assertThatThrownBy(() -> KeyEncryption.none().unwrap("s", "0011223344556677", new byte[40]))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void a_key_must_be_32_bytes() {
    assertThatThrownBy(() -> KeyEncryption.of(new byte[16], null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("32 bytes");
    assertThatThrownBy(() -> KeyEncryption.of(null, key()))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(KeyEncryption.of(null, null).enabled()).isFalse();
  }

  @Test
  void the_id_is_stable_and_reveals_no_key_bytes() {
    byte[] key = key();

    String id = KeyEncryption.of(key, null).currentId();

    assertThat(KeyEncryption.of(key.clone(), null).currentId()).isEqualTo(id);
    assertThat(id).hasSize(16).matches("[0-9a-f]+");
    assertThat(java.util.HexFormat.of().formatHex(key)).doesNotContain(id);
  }
}
