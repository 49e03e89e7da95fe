package io.meridian.core.identity.token;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.identity.PrincipalKind;
import java.util.Base64;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class TokenCodecTest {
  private static final byte[] KEY = "0123456789abcdef0123456789abcdef".getBytes();
  private final TokenCodec codec = new TokenCodec(KEY);
  private final AccessToken token =
      new AccessToken(
          PrincipalKind.APP_USER,
          UUID.randomUUID(),
          UUID.randomUUID(),
          3,
          1_000,
          2_000,
          UUID.randomUUID());

  private static void assertRejected(Runnable decode) {
    assertThatThrownBy(decode::run)
        .isInstanceOf(MeridianException.class)
        .extracting(e -> ((MeridianException) e).code())
        .isEqualTo(ErrorCode.BAD_ACCESS_TOKEN);
  }

  @Test
  void a_token_decodes_to_what_was_encoded() {
    assertThat(codec.decode(codec.encode(token))).isEqualTo(token);
  }

  @Test
  void a_token_without_scope_keeps_none() {
    AccessToken admin =
        new AccessToken(PrincipalKind.ADMIN, UUID.randomUUID(), null, 0, 1, 2, UUID.randomUUID());

    assertThat(codec.decode(codec.encode(admin)).scope()).isNull();
  }

  @Test
  void changing_any_byte_makes_the_token_invalid() {
    byte[] bytes = Base64.getUrlDecoder().decode(codec.encode(token));
    for (int i = 0; i < bytes.length; i++) {
      byte[] changed = bytes.clone();
      changed[i] ^= 0x01;
      String forged = Base64.getUrlEncoder().withoutPadding().encodeToString(changed);
      assertRejected(() -> codec.decode(forged));
    }
  }

  @Test
  void truncated_padded_or_garbage_tokens_are_invalid() {
    String text = codec.encode(token);
    assertRejected(() -> codec.decode(text.substring(0, text.length() - 1)));
    assertRejected(() -> codec.decode(text.substring(0, 20)));
    assertRejected(() -> codec.decode(text + "A"));
    assertRejected(() -> codec.decode("not a token at all!"));
    assertRejected(() -> codec.decode(""));
    assertRejected(() -> codec.decode(null));
    assertRejected(() -> codec.decode("x".repeat(10_000)));
  }

  @Test
  void a_rotated_key_signs_new_tokens_while_tokens_of_the_accepted_old_key_still_verify() {
    byte[] second = "a second key of thirty-two bytes".getBytes();
    String old = codec.encode(token);
    TokenCodec rotated = new TokenCodec(KEY, Map.of(1, KEY, 2, second), 2);

    String fresh = rotated.encode(token);

    assertThat(rotated.decode(old)).isEqualTo(token);
    assertThat(rotated.decode(fresh)).isEqualTo(token);
    assertThat(Base64.getUrlDecoder().decode(fresh)[0]).isEqualTo((byte) 2);
    // A node that does not know key 2 yet refuses its tokens: accept it everywhere first.
    assertRejected(() -> codec.decode(fresh));
  }

  @Test
  void a_retired_key_no_longer_verifies_its_tokens_but_still_derives_client_secrets() {
    byte[] second = "a second key of thirty-two bytes".getBytes();
    String old = codec.encode(token);
    TokenCodec retired = new TokenCodec(KEY, Map.of(2, second), 2);
    byte[] message = "client secret material".getBytes();

    assertRejected(() -> retired.decode(old));
    assertThat(retired.decode(retired.encode(token))).isEqualTo(token);
    assertThat(retired.sign(message, message.length))
        .isEqualTo(codec.sign(message, message.length));
  }

  @Test
  void a_token_naming_key_one_but_signed_with_key_two_is_invalid() {
    byte[] second = "a second key of thirty-two bytes".getBytes();
    TokenCodec both = new TokenCodec(KEY, Map.of(1, KEY, 2, second), 2);
    byte[] bytes = Base64.getUrlDecoder().decode(both.encode(token));
    bytes[0] = 1;
    String relabelled = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);

    assertRejected(() -> both.decode(relabelled));
  }

  @Test
  void the_current_key_must_be_accepted_and_ids_fit_a_byte() {
    assertThatThrownBy(() -> new TokenCodec(KEY, Map.of(1, KEY), 2))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new TokenCodec(KEY, Map.of(128, KEY), 128))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void a_token_signed_with_another_key_is_invalid() {
    TokenCodec other = new TokenCodec("another key of thirty-two bytes!".getBytes());

    assertRejected(() -> codec.decode(other.encode(token)));
  }

  @Test
  void two_tokens_for_the_same_claims_but_different_ids_differ() {
    AccessToken again =
        new AccessToken(
            token.kind(),
            token.subject(),
            token.scope(),
            token.generation(),
            token.issuedMillis(),
            token.expiresMillis(),
            UUID.randomUUID());

    assertThat(codec.encode(again)).isNotEqualTo(codec.encode(token));
  }
}
