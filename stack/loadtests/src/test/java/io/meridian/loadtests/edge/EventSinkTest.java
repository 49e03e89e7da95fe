package io.meridian.loadtests.edge;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EventSinkTest {

  @Test
  void the_latency_comes_from_the_sent_at_the_simulator_wrote_plain_or_escaped_in_a_string() {
    EventSink.Tally tally = new EventSink.Tally();
    long sentAt = System.currentTimeMillis() - 5_000;
    tally.record(
        "{\"op\":\"event\",\"event\":\"device_event\",\"payload\":{\"n\":1,\"sent_at\":"
            + sentAt
            + "}}");
    tally.record(
        "{\"event\":\"device_event\",\"payload\":\"{\\\"n\\\":2,\\\"sent_at\\\":"
            + sentAt
            + "}\"}");
    assertThat(tally.count.sum()).isEqualTo(2);
    assertThat(tally.withoutSentAt.sum()).isZero();
    assertThat(tally.percentile(50)).isBetween(5_000L, 6_000L);
  }

  @Test
  void an_event_without_sent_at_is_counted_apart() {
    EventSink.Tally tally = new EventSink.Tally();
    tally.record("{\"event\":\"device_event\",\"payload\":{\"n\":1}}");
    assertThat(tally.count.sum()).isEqualTo(1);
    assertThat(tally.withoutSentAt.sum()).isEqualTo(1);
    assertThat(tally.percentile(99)).isEqualTo(-1);
  }
}
