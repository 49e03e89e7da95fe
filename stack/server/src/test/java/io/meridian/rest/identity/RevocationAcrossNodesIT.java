package io.meridian.rest.identity;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.TwoNodeIT;
import org.junit.jupiter.api.Test;

/** A token revoked through one server node stops working on another within a second. */
class RevocationAcrossNodesIT extends TwoNodeIT {
  private static final long BOUND_MILLIS = 1500;

  @Test
  void a_token_revoked_through_one_node_fails_on_the_other_within_a_second() throws Exception {
    Identities.user(api, org, app, "ann");
    String token = Identities.userToken(api, org, app, "ann");
    ApiClient onSecond = second.withToken(token);
    assertThat(onSecond.get(path("roles")).status()).isEqualTo(200);

    Reply revoked = api.put(path("users") + "/ann/revoketokens", "");
    long revokedAt = System.nanoTime();

    assertThat(revoked.status()).as(revoked.body()).isEqualTo(200);
    Reply last = onSecond.get(path("roles"));
    while (last.status() == 200 && millisSince(revokedAt) <= BOUND_MILLIS) {
      Thread.sleep(10);
      last = onSecond.get(path("roles"));
    }
    long tookMillis = millisSince(revokedAt);
    System.out.println("Revocation reached the second node after " + tookMillis + " ms");
    assertThat(last.status()).as(last.body()).isEqualTo(401);
    assertThat(last.error()).isEqualTo("auth_bad_access_token");
    assertThat(tookMillis).isLessThanOrEqualTo(BOUND_MILLIS);
    String fresh = Identities.userToken(second, org, app, "ann");
    assertThat(api.withToken(fresh).get(path("roles")).status()).isEqualTo(200);
  }

  private static long millisSince(long nanos) {
    return (System.nanoTime() - nanos) / 1_000_000;
  }
}
