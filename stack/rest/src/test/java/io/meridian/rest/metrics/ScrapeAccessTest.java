package io.meridian.rest.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.identity.Principal;
import io.meridian.core.identity.PrincipalKind;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class ScrapeAccessTest {
  private static final String SUPERUSER_TOKEN = "superuser-token";
  private static final String ADMIN_TOKEN = "admin-token";

  /** Stands in for the token service: two valid tokens, every other one refused with 401. */
  private static final Function<String, Principal> TOKENS =
      token ->
          switch (token) {
            case SUPERUSER_TOKEN ->
                new Principal(PrincipalKind.SUPERUSER, UUID.randomUUID(), null, UUID.randomUUID());
            case ADMIN_TOKEN ->
                new Principal(PrincipalKind.ADMIN, UUID.randomUUID(), null, UUID.randomUUID());
            default -> throw new MeridianException(ErrorCode.BAD_ACCESS_TOKEN, "not a token");
          };

  private final ScrapeAccess access = new ScrapeAccess("s3cret-scrape", TOKENS);

  @Test
  void accepts_the_scrape_token_as_a_bearer_token() {
    assertThatCode(() -> access.require("Bearer s3cret-scrape")).doesNotThrowAnyException();
    assertThatCode(() -> access.require("bearer s3cret-scrape ")).doesNotThrowAnyException();
  }

  @Test
  void accepts_a_superuser_access_token() {
    assertThatCode(() -> access.require("Bearer " + SUPERUSER_TOKEN)).doesNotThrowAnyException();
  }

  @Test
  void returns_401_without_a_token() {
    assertThat(refusal(null)).isEqualTo(ErrorCode.UNAUTHORIZED);
    assertThat(refusal("")).isEqualTo(ErrorCode.UNAUTHORIZED);
    assertThat(refusal("Basic czNjcmV0")).isEqualTo(ErrorCode.UNAUTHORIZED);
  }

  @Test
  void returns_401_for_a_wrong_token_even_one_that_shares_a_prefix() {
    assertThat(refusal("Bearer s3cret")).isEqualTo(ErrorCode.BAD_ACCESS_TOKEN);
    assertThat(refusal("Bearer s3cret-scrape-and-more")).isEqualTo(ErrorCode.BAD_ACCESS_TOKEN);
    assertThat(ErrorCode.BAD_ACCESS_TOKEN.status()).isEqualTo(401);
  }

  @Test
  void returns_403_for_a_valid_token_of_anyone_but_the_superuser() {
    assertThat(refusal("Bearer " + ADMIN_TOKEN)).isEqualTo(ErrorCode.FORBIDDEN);
  }

  @Test
  void accepts_no_scrape_token_when_none_is_configured() {
    ScrapeAccess unset = new ScrapeAccess(" ", TOKENS);

    assertThat(unset.isScrapeToken("")).isFalse();
    assertThat(unset.isScrapeToken(" ")).isFalse();
    assertThatThrownBy(() -> unset.require("Bearer  ")).isInstanceOf(MeridianException.class);
    assertThatCode(() -> unset.require("Bearer " + SUPERUSER_TOKEN)).doesNotThrowAnyException();
  }

  private ErrorCode refusal(String authorization) {
    try {
      access.require(authorization);
    } catch (MeridianException e) {
      return e.code();
    }
    throw new AssertionError("accepted " + authorization);
  }
}
