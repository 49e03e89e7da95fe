package io.meridian.core.identity.token;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.identity.PrincipalKind;
import io.meridian.core.identity.Superuser;
import io.meridian.testing.MutableClock;
import io.meridian.testing.SequentialIds;
import io.meridian.testing.identity.token.MemoryAccessEventStore;
import io.meridian.testing.identity.token.MemoryTokenSubjectStore;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Superuser tokens are bound to the superuser's configuration: every node configured alike accepts
 * them, and a node configured otherwise (new password, new username, no superuser) refuses them.
 */
class SuperuserTokensTest {
  private static final byte[] CLUSTER_KEY = filled(7);

  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-26T12:00:00Z"));
  private final MemoryTokenSubjectStore subjects = new MemoryTokenSubjectStore(clock);
  private final AccessFeed feed =
      new AccessFeed(
          new MemoryAccessEventStore(new SequentialIds(clock)),
          clock,
          Duration.ofMillis(50),
          Duration.ofSeconds(10),
          Duration.ofSeconds(1));
  private final TokenCodec codec = new TokenCodec(new byte[32]);

  private static byte[] filled(int value) {
    byte[] key = new byte[32];
    Arrays.fill(key, (byte) value);
    return key;
  }

  /** A node's superuser as configured; the hash differs per node (a random salt at start). */
  private static Superuser configured(String username, String password, byte[] key) {
    return Superuser.configured(
        username, "$2a$04$hash-salted-per-node" + Math.random(), password, key);
  }

  private TokenService node(Superuser superuser) {
    return new TokenService(
        codec, subjects, feed, clock, Duration.ofHours(1), Duration.ofDays(1), superuser);
  }

  private static String issue(TokenService node, Superuser superuser) {
    return node.issue(PrincipalKind.SUPERUSER, superuser.id(), null, null).text();
  }

  private static ErrorCode codeOf(Runnable action) {
    try {
      action.run();
    } catch (MeridianException e) {
      return e.code();
    }
    throw new AssertionError("expected a MeridianException");
  }

  @Test
  void nodes_configured_alike_accept_each_others_superuser_tokens() {
    Superuser first = configured("superuser", "old secret", CLUSTER_KEY);
    Superuser second = configured("superuser", "old secret", CLUSTER_KEY);

    String token = issue(node(first), first);

    assertThat(second.id()).isEqualTo(first.id());
    assertThat(node(second).authenticate(token).kind()).isEqualTo(PrincipalKind.SUPERUSER);
  }

  @Test
  void a_new_superuser_password_invalidates_every_earlier_superuser_token() {
    Superuser before = configured("superuser", "old secret", CLUSTER_KEY);
    String token = issue(node(before), before);

    Superuser after = configured("superuser", "new secret", CLUSTER_KEY);
    TokenService restarted = node(after);

    assertThat(codeOf(() -> restarted.authenticate(token))).isEqualTo(ErrorCode.BAD_ACCESS_TOKEN);
    assertThat(restarted.authenticate(issue(restarted, after)).subject()).isEqualTo(after.id());
  }

  @Test
  void a_new_superuser_username_invalidates_every_earlier_superuser_token() {
    Superuser before = configured("superuser", "secret", CLUSTER_KEY);
    String token = issue(node(before), before);

    TokenService restarted = node(configured("operator", "secret", CLUSTER_KEY));

    assertThat(codeOf(() -> restarted.authenticate(token))).isEqualTo(ErrorCode.BAD_ACCESS_TOKEN);
  }

  @Test
  void disabling_the_superuser_invalidates_every_superuser_token() {
    Superuser before = configured("superuser", "secret", CLUSTER_KEY);
    String token = issue(node(before), before);

    TokenService restarted = node(Superuser.DISABLED);

    assertThat(codeOf(() -> restarted.authenticate(token))).isEqualTo(ErrorCode.BAD_ACCESS_TOKEN);
    assertThat(restarted.verifications(TokenService.Verification.REVOKED)).isEqualTo(1);
  }

  @Test
  void superuser_tokens_are_revoked_like_anyones_and_later_ones_work() {
    Superuser superuser = configured("superuser", "secret", CLUSTER_KEY);
    TokenService node = node(superuser);
    String token = issue(node, superuser);
    node.authenticate(token);

    node.revokeAll(superuser.id());
    feed.poll();

    assertThat(codeOf(() -> node.authenticate(token))).isEqualTo(ErrorCode.BAD_ACCESS_TOKEN);
    assertThat(node.authenticate(issue(node, superuser)).kind()).isEqualTo(PrincipalKind.SUPERUSER);
  }

  @Test
  void the_token_subject_depends_on_the_cluster_key_so_it_reveals_nothing_about_the_password() {
    Superuser ours = configured("superuser", "secret", CLUSTER_KEY);
    Superuser elsewhere = configured("superuser", "secret", filled(9));

    assertThat(elsewhere.id()).isNotEqualTo(ours.id());
    assertThat(ours.toString()).doesNotContain("secret").doesNotContain("$2a$");
  }
}
