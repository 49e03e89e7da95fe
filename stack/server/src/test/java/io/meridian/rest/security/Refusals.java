package io.meridian.rest.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ApiClient.Reply;

/** Assertions on the refusals the adversarial tests expect: Usergrid's error body, never a 500. */
final class Refusals {
  private Refusals() {}

  /** A {@code 4xx} with {@code error} and the whole Usergrid error body. */
  static Reply assertRefused(Reply reply, int status, String error) {
    assertThat(reply.status()).as(reply.body()).isEqualTo(status);
    assertThat(reply.error()).as(reply.body()).isEqualTo(error);
    assertThat(reply.json().has("error_description")).as(reply.body()).isTrue();
    assertThat(reply.json().has("timestamp")).as(reply.body()).isTrue();
    assertThat(reply.json().has("duration")).as(reply.body()).isTrue();
    assertThat(reply.json().has("error_id")).as(reply.body()).isTrue();
    return reply;
  }

  /** A {@code 429 too_many_requests} with a {@code Retry-After} of at least a second. */
  static long assertThrottled(Reply reply) {
    assertRefused(reply, 429, "too_many_requests");
    assertThat(reply.header("Retry-After")).as("Retry-After of " + reply.body()).isNotNull();
    long retryAfter = Long.parseLong(reply.header("Retry-After"));
    assertThat(retryAfter).isGreaterThanOrEqualTo(1);
    return retryAfter;
  }
}
