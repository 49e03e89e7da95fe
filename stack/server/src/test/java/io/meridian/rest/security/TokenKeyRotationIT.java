package io.meridian.rest.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.AppAccess;
import io.meridian.rest.support.ExtraNode;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.MeridianIT;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Threat: a signing key that leaked, or that policy says to replace. Rotating it must not sign out
 * every user at once, and once the old key is retired, tokens it signed must stop working (as must
 * tokens of a key a node was never told to accept).
 */
class TokenKeyRotationIT extends MeridianIT {

  @Test
  void a_rotated_key_keeps_old_tokens_until_the_old_key_is_retired() {
    AppAccess access = new AppAccess(api, org, app);
    access.user("fred");
    String oldToken = Identities.userToken(api, org, app, "fred");
    String me = path("users/me");

    String newToken;
    try (ExtraNode rotated =
        ExtraNode.start(
            Map.of(
                "meridian.identity.token-keys.current", "2",
                "meridian.identity.token-keys.accepted", "1"))) {
      ApiClient node = rotated.client();
      assertThat(node.withToken(oldToken).get(me).status()).isEqualTo(200);
      newToken = Identities.userToken(node, org, app, "fred");
      assertThat(node.withToken(newToken).get(me).status()).isEqualTo(200);
      // The shared node was never told to accept key 2.
      assertThat(api.withToken(newToken).get(me).status()).isEqualTo(401);
    }

    try (ExtraNode retired = ExtraNode.start(Map.of("meridian.identity.token-keys.current", "2"))) {
      ApiClient node = retired.client();
      assertThat(node.withToken(oldToken).get(me).status()).isEqualTo(401);
      assertThat(node.withToken(newToken).get(me).status()).isEqualTo(200);
      // Client secrets are derived from the original key and survive its retirement for tokens.
      assertThat(
              node.anonymous()
                  .get(
                      path("users/fred")
                          + "?client_id="
                          + credentials.clientId()
                          + "&client_secret="
                          + credentials.clientSecret())
                  .status())
          .isEqualTo(200);
    }
  }
}
