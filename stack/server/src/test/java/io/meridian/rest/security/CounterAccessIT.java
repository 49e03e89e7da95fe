package io.meridian.rest.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.AppAccess;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.MeridianIT;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Threats: a caller counts events it may not post, or reads counters (an application's usage) it
 * may not read. Events and counters are paths like any other: {@code post:/events} and {@code
 * get:/counters} decide, for guests, app users and other tenants alike.
 */
class CounterAccessIT extends MeridianIT {
  private AppAccess access;

  @BeforeEach
  void a_counter_with_a_value() {
    access = new AppAccess(api, org, app);
    Reply posted = api.post(path("events"), "{\"counters\":{\"secret_sales\":42}}");
    assertThat(posted.status()).as(posted.body()).isEqualTo(200);
  }

  private long sales() {
    Reply read = api.get(path("counters") + "?counter=secret_sales");
    assertThat(read.status()).as(read.body()).isEqualTo(200);
    return read.json().path("counters").path(0).path("values").path(0).path("value").asLong();
  }

  @Test
  void an_anonymous_caller_may_neither_post_events_nor_read_counters_by_default() {
    ApiClient guest = api.anonymous();

    Reply post = guest.post(path("events"), "{\"counters\":{\"secret_sales\":1000}}");
    Reply read = guest.get(path("counters") + "?counter=secret_sales");
    Reply names = guest.get(path("counters"));
    Reply events = guest.get(path("events"));

    assertThat(post.status()).as(post.body()).isEqualTo(401);
    assertThat(read.status()).as(read.body()).isEqualTo(401);
    assertThat(names.status()).as(names.body()).isEqualTo(401);
    assertThat(events.status()).as(events.body()).isEqualTo(401);
    // The refusal names no counter and carries no value (its timestamp and id are digits too).
    assertThat(read.json().has("counters")).isFalse();
    assertThat(read.body()).doesNotContain("secret_sales");
    assertThat(sales()).isEqualTo(42);
  }

  @Test
  void a_user_who_may_only_post_events_cannot_read_counters_and_the_reverse() {
    access.user("poster");
    access.user("reader");
    access.restrictDefaultRole("get:/users/${user}");
    access.grant("users/poster", "post:/events");
    access.grant("users/reader", "get:/counters");
    ApiClient poster = access.signIn("poster");
    ApiClient reader = access.signIn("reader");
    AppAccess.awaitStatus(403, () -> reader.get(path("events")));

    Reply posted = poster.post(path("events"), "{\"counters\":{\"secret_sales\":1}}");
    Reply peeked = poster.get(path("counters") + "?counter=secret_sales");
    Reply forged = reader.post(path("events"), "{\"counters\":{\"secret_sales\":1000}}");
    Reply read = reader.get(path("counters") + "?counter=secret_sales");

    assertThat(posted.status()).as(posted.body()).isEqualTo(200);
    assertThat(peeked.status()).as(peeked.body()).isEqualTo(403);
    assertThat(forged.status()).as(forged.body()).isEqualTo(403);
    assertThat(read.status()).as(read.body()).isEqualTo(200);
    assertThat(sales()).isEqualTo(43);
  }

  @Test
  void the_singular_path_is_checked_and_served_as_events() {
    access.user("poster");
    access.restrictDefaultRole("get:/users/${user}", "post:/events");
    ApiClient poster = access.signIn("poster");
    AppAccess.awaitStatus(403, () -> poster.get(path("counters")));

    Reply singular = poster.post(path("event"), "{\"counters\":{\"secret_sales\":1}}");

    assertThat(singular.status()).as(singular.body()).isEqualTo(200);
    assertThat(singular.entity().path("type").asText()).isEqualTo("event");
    assertThat(sales()).isEqualTo(43);
  }

  @Test
  void another_applications_credentials_read_nothing_here() {
    Identities.Credentials otherCredentials =
        Identities.application(api.anonymous(), organization, "elsewhere");
    ApiClient other =
        api.withToken(Identities.clientToken(api.anonymous(), org, "elsewhere", otherCredentials));

    Reply read = other.get(path("counters") + "?counter=secret_sales");
    Reply post = other.post(path("events"), "{\"counters\":{\"secret_sales\":1000}}");

    assertThat(read.status()).as(read.body()).isIn(401, 403);
    assertThat(post.status()).as(post.body()).isIn(401, 403);
    // The refusal names no counter and carries no value (its timestamp and id are digits too).
    assertThat(read.json().has("counters")).isFalse();
    assertThat(read.body()).doesNotContain("secret_sales");
    assertThat(sales()).isEqualTo(42);
  }
}
