package io.meridian.core.identity.token;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.identity.Principal;
import io.meridian.core.identity.PrincipalKind;
import io.meridian.core.identity.Superuser;
import io.meridian.testing.MutableClock;
import io.meridian.testing.SequentialIds;
import io.meridian.testing.identity.token.MemoryAccessEventStore;
import io.meridian.testing.identity.token.MemoryTokenSubjectStore;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class TokenServiceTest {
  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-21T12:00:00Z"));
  private final MemoryTokenSubjectStore subjects = new MemoryTokenSubjectStore(clock);
  private final MemoryAccessEventStore events =
      new MemoryAccessEventStore(new SequentialIds(clock));
  private final AccessFeed feed =
      new AccessFeed(
          events, clock, Duration.ofMillis(50), Duration.ofSeconds(10), Duration.ofSeconds(1));
  private final TokenCodec codec = new TokenCodec(new byte[32]);
  private final TokenService tokens =
      new TokenService(
          codec,
          subjects,
          feed,
          clock,
          Duration.ofHours(1),
          Duration.ofDays(1),
          Superuser.DISABLED);
  private final UUID user = UUID.randomUUID();
  private final UUID app = UUID.randomUUID();

  private static ErrorCode codeOf(Runnable action) {
    try {
      action.run();
    } catch (MeridianException e) {
      return e.code();
    }
    throw new AssertionError("expected a MeridianException");
  }

  @Test
  void a_token_authenticates_its_subject_until_it_expires() {
    String token = tokens.issue(PrincipalKind.APP_USER, user, app, null).text();

    Principal principal = tokens.authenticate(token);
    assertThat(principal.kind()).isEqualTo(PrincipalKind.APP_USER);
    assertThat(principal.subject()).isEqualTo(user);
    assertThat(principal.scope()).isEqualTo(app);

    clock.advance(Duration.ofHours(1));
    assertThat(codeOf(() -> tokens.authenticate(token))).isEqualTo(ErrorCode.EXPIRED_TOKEN);
  }

  @Test
  void a_ttl_outside_the_allowed_range_is_refused() {
    assertThatThrownBy(() -> tokens.issue(PrincipalKind.APP_USER, user, app, Duration.ofDays(2)))
        .isInstanceOf(MeridianException.class);
    assertThatThrownBy(() -> tokens.issue(PrincipalKind.APP_USER, user, app, Duration.ZERO))
        .isInstanceOf(MeridianException.class);
  }

  @Test
  void revoking_all_tokens_takes_effect_once_the_feed_is_polled_and_later_tokens_work() {
    String before = tokens.issue(PrincipalKind.APP_USER, user, app, null).text();
    tokens.authenticate(before); // cached now

    tokens.revokeAll(user);
    feed.poll();

    assertThat(codeOf(() -> tokens.authenticate(before))).isEqualTo(ErrorCode.BAD_ACCESS_TOKEN);
    String after = tokens.issue(PrincipalKind.APP_USER, user, app, null).text();
    assertThat(tokens.authenticate(after).subject()).isEqualTo(user);
  }

  @Test
  void revoking_one_token_leaves_the_others() {
    TokenService.Issued first = tokens.issue(PrincipalKind.APP_USER, user, app, null);
    String second = tokens.issue(PrincipalKind.APP_USER, user, app, null).text();
    tokens.authenticate(first.text());

    tokens.revoke(first.token());
    feed.poll();

    assertThat(codeOf(() -> tokens.authenticate(first.text())))
        .isEqualTo(ErrorCode.BAD_ACCESS_TOKEN);
    assertThat(tokens.authenticate(second).subject()).isEqualTo(user);
  }

  @Test
  void a_subjects_state_is_read_once_not_per_request() {
    String token = tokens.issue(PrincipalKind.APP_USER, user, app, null).text();
    int loadsAfterIssue = subjects.loads();

    for (int i = 0; i < 100; i++) {
      tokens.authenticate(token);
    }

    assertThat(subjects.loads() - loadsAfterIssue).isEqualTo(1);
  }

  @Test
  void a_node_that_cannot_poll_the_feed_refuses_tokens_after_the_staleness_bound()
      throws Exception {
    String token = tokens.issue(PrincipalKind.APP_USER, user, app, null).text();
    feed.start();
    try {
      events.setAvailable(false);
      Thread.sleep(1_300);

      assertThat(codeOf(() -> tokens.authenticate(token))).isEqualTo(ErrorCode.STORAGE_UNAVAILABLE);
      events.setAvailable(true);
      Thread.sleep(300);
      assertThat(tokens.authenticate(token).subject()).isEqualTo(user);
    } finally {
      feed.close();
    }
  }

  @Test
  void client_secrets_change_when_regenerated_and_the_old_one_fails() {
    ClientCredentials credentials = new ClientCredentials(codec, tokens);
    ClientCredentials.Pair old = credentials.current(PrincipalKind.APPLICATION, app);
    assertThat(credentials.authenticate(old.clientId(), old.clientSecret()).subject())
        .isEqualTo(app);

    credentials.regenerate(app);
    feed.poll();

    ClientCredentials.Pair fresh = credentials.current(PrincipalKind.APPLICATION, app);
    assertThat(fresh.clientId()).isEqualTo(old.clientId());
    assertThat(fresh.clientSecret()).isNotEqualTo(old.clientSecret());
    assertThat(codeOf(() -> credentials.authenticate(old.clientId(), old.clientSecret())))
        .isEqualTo(ErrorCode.UNAUTHORIZED);
    assertThat(credentials.authenticate(fresh.clientId(), fresh.clientSecret()).kind())
        .isEqualTo(PrincipalKind.APPLICATION);
    assertThat(ClientCredentials.parse(fresh.clientId()).id()).isEqualTo(app);
  }

  @Test
  void malformed_client_ids_are_rejected_without_a_lookup() {
    assertThat(ClientCredentials.parse(null)).isNull();
    assertThat(ClientCredentials.parse("YXA6short")).isNull();
    assertThat(ClientCredentials.parse("XXXX" + "A".repeat(22))).isNull();
    assertThat(ClientCredentials.parse("YXA6" + "!".repeat(22))).isNull();
  }

  @Test
  void counts_each_check_by_how_it_ended() {
    String token = tokens.issue(PrincipalKind.APP_USER, user, app, null).text();

    tokens.authenticate(token);
    tokens.authenticate(token);
    codeOf(() -> tokens.authenticate("forged"));
    clock.advance(Duration.ofHours(1));
    codeOf(() -> tokens.authenticate(token));

    assertThat(tokens.verifications(TokenService.Verification.VALID)).isEqualTo(2);
    assertThat(tokens.verifications(TokenService.Verification.INVALID)).isEqualTo(1);
    assertThat(tokens.verifications(TokenService.Verification.EXPIRED)).isEqualTo(1);
    assertThat(tokens.verifications(TokenService.Verification.REVOKED)).isZero();
  }
}
