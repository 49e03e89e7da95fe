package io.meridian.rest.counter;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.Eventually;
import io.meridian.rest.support.MeridianIT;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Usergrid's events and counters: {@code POST /events}, {@code GET /counters}. */
class CountersIT extends MeridianIT {
  private static final long MINUTE = 60_000;
  private static final long HOUR = 60 * MINUTE;

  /** 2026-01-15T10:17:30Z: inside a minute, an hour and a day, none starting at it. */
  private static final long T = Instant.parse("2026-01-15T10:17:30Z").toEpochMilli();

  private Reply event(long timestamp, String counters) {
    Reply posted =
        api.post(path("events"), "{\"timestamp\":" + timestamp + ",\"counters\":" + counters + "}");
    assertThat(posted.status()).as(posted.body()).isEqualTo(200);
    return posted;
  }

  private Reply counters(String query) {
    Reply reply = api.get(path("counters") + "?" + query);
    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    return reply;
  }

  /** The values of the first counter in a reply, bucket start to value, in order. */
  private static Map<Long, Long> values(Reply reply) {
    Map<Long, Long> values = new LinkedHashMap<>();
    for (JsonNode value : reply.json().path("counters").path(0).path("values")) {
      values.put(value.path("timestamp").asLong(), value.path("value").asLong());
    }
    return values;
  }

  @Test
  void an_event_adds_its_counters_to_the_total_and_to_every_resolutions_bucket() {
    event(T, "{\"clicks\":3,\"views\":1}");
    event(T + 2 * MINUTE, "{\"clicks\":2}");
    event(T + 2 * HOUR, "{\"clicks\":10}");

    assertThat(values(counters("counter=clicks"))).containsExactly(Map.entry(1L, 15L));
    String range = "&start_time=" + (T - HOUR) + "&end_time=" + (T + 3 * HOUR);
    long minute = T - T % MINUTE;
    assertThat(values(counters("counter=clicks&resolution=minute" + range)))
        .containsExactly(
            Map.entry(minute, 3L),
            Map.entry(minute + 2 * MINUTE, 2L),
            Map.entry(minute + 2 * HOUR, 10L));
    long hour = T - T % HOUR;
    assertThat(values(counters("counter=clicks&resolution=hour" + range)))
        .containsExactly(Map.entry(hour, 5L), Map.entry(hour + 2 * HOUR, 10L));
    long day = T - T % (24 * HOUR);
    assertThat(values(counters("counter=clicks&resolution=DAY" + range)))
        .containsExactly(Map.entry(day, 15L));
    assertThat(values(counters("counter=views&resolution=five_minutes" + range)))
        .containsExactly(Map.entry(T - T % (5 * MINUTE), 1L));
  }

  @Test
  void a_read_has_usergrids_shape_with_one_series_per_counter_asked() {
    event(T, "{\"a\":1,\"b\":-4}");

    Reply reply = counters("counter=a&counter=b&counter=never");
    JsonNode json = reply.json();
    assertThat(json.path("action").asText()).isEqualTo("get");
    assertThat(json.path("count").asInt()).isZero();
    assertThat(json.path("entities").isArray()).isTrue();
    assertThat(json.path("params").path("counter").toString()).isEqualTo("[\"a\",\"b\",\"never\"]");
    List<String> names = new ArrayList<>();
    json.path("counters").forEach(series -> names.add(series.path("name").asText()));
    assertThat(names).containsExactly("a", "b", "never");
    assertThat(json.path("counters").path(1).path("values").toString())
        .isEqualTo("[{\"timestamp\":1,\"value\":-4}]");
    assertThat(json.path("counters").path(2).path("values").toString()).isEqualTo("[]");
  }

  @Test
  void pad_fills_every_bucket_of_the_range_with_zeros() {
    event(T, "{\"pads\":7}");
    long minute = T - T % MINUTE;

    Reply padded =
        counters(
            "counter=pads&resolution=minute&pad=true&start_time="
                + (minute - MINUTE)
                + "&end_time="
                + (minute + 2 * MINUTE + 5));

    assertThat(values(padded))
        .containsExactly(
            Map.entry(minute - MINUTE, 0L),
            Map.entry(minute, 7L),
            Map.entry(minute + MINUTE, 0L),
            Map.entry(minute + 2 * MINUTE, 0L));
    assertThat(values(counters("counter=pads&pad=true"))).containsExactly(Map.entry(1L, 7L));
  }

  @Test
  void a_timestamp_of_zero_or_none_counts_now() {
    long before = System.currentTimeMillis();
    event(0, "{\"now\":1}");
    Reply posted = api.post(path("events"), "{\"counters\":{\"now\":1}}");
    assertThat(posted.status()).as(posted.body()).isEqualTo(200);
    long after = System.currentTimeMillis();

    assertThat(posted.entity().path("timestamp").asLong()).isBetween(before, after);
    Map<Long, Long> days =
        values(counters("counter=now&resolution=day&start_time=" + before + "&end_time=" + after));
    assertThat(days.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(2);
  }

  @Test
  void the_event_is_stored_and_listed_under_events() {
    Reply posted = event(T, "{\"stored\":1}");
    JsonNode event = posted.entity();
    assertThat(event.path("type").asText()).isEqualTo("event");
    assertThat(event.path("timestamp").asLong()).isEqualTo(T);
    assertThat(event.path("counters").path("stored").asLong()).isEqualTo(1);

    Reply listed = api.get(path("events"));
    assertThat(listed.uuids()).containsExactly(event.path("uuid").asText());
    assertThat(api.get(path("events/" + event.path("uuid").asText())).status()).isEqualTo(200);
  }

  @Test
  void without_counter_the_names_of_all_counters_are_listed_as_data() {
    event(T, "{\"Zeta\":1,\"alpha\":1}");
    api.post(path("dogs"), "{\"name\":\"rex\"}");

    List<String> names =
        Eventually.within(
            Duration.ofSeconds(10),
            () -> {
              List<String> found = new ArrayList<>();
              api.get(path("counters")).json().path("data").forEach(n -> found.add(n.asText()));
              assertThat(found).contains("application.collection.dogs");
              return found;
            });
    assertThat(names)
        .containsSubsequence(
            "alpha", "application.collection.dogs", "application.entities", "Zeta");
  }

  @Test
  void creating_and_deleting_entities_keeps_the_collection_counters() {
    api.post(path("cats"), "[{\"name\":\"tom\"},{\"name\":\"felix\"},{\"name\":\"garfield\"}]");
    api.delete(path("cats/tom"));

    Eventually.within(
        Duration.ofSeconds(10),
        () -> {
          assertThat(values(counters("counter=application.collection.cats")))
              .containsExactly(Map.entry(1L, 2L));
          List<String> collections = new ArrayList<>();
          api.get(path("counters"))
              .json()
              .path("data")
              .forEach(
                  name -> {
                    if (name.asText().startsWith("application.collection.")) {
                      collections.add("counter=" + name.asText());
                    }
                  });
          long sum = 0;
          for (JsonNode series : counters(String.join("&", collections)).json().path("counters")) {
            sum += series.path("values").path(0).path("value").asLong();
          }
          assertThat(values(counters("counter=application.entities")))
              .containsExactly(Map.entry(1L, sum));
        });
  }

  @Test
  void a_bad_event_is_400_and_neither_stores_nor_counts_anything() {
    event(T, "{\"kept\":1}");
    List<String> bad =
        List.of(
            "{\"timestamp\":" + T + ",\"counters\":{\"kept\":\"five\"}}",
            "{\"timestamp\":" + T + ",\"counters\":{\"kept\":1.5}}",
            "{\"timestamp\":" + T + ",\"counters\":{\"kept\":99999999999999999999999}}",
            "{\"timestamp\":" + T + ",\"counters\":{\"kept\":1,\"other\":null}}",
            "{\"timestamp\":" + T + ",\"counters\":[\"kept\"]}",
            "{\"timestamp\":" + T + ",\"counters\":{\"\":1}}",
            "{\"timestamp\":\"yesterday\",\"counters\":{\"kept\":1}}",
            "{\"timestamp\":null,\"counters\":{\"kept\":1}}",
            "{\"timestamp\":" + T + ",\"counters\":null}",
            "{\"timestamp\":-5,\"counters\":{\"kept\":1}}",
            "{\"timestamp\":" + T + ",\"counters\":" + tooManyCounters() + "}",
            "[{\"timestamp\":" + T + ",\"counters\":{\"kept\":1}}]");
    for (String body : bad) {
      Reply refused = api.post(path("events"), body);
      assertThat(refused.status()).as(body + " -> " + refused.body()).isEqualTo(400);
      assertThat(refused.json().path("error_description").asText()).isNotBlank();
      assertThat(refused.body()).doesNotContain("Exception", "java.");
    }

    assertThat(values(counters("counter=kept"))).containsExactly(Map.entry(1L, 1L));
    assertThat(api.get(path("events")).uuids()).hasSize(1);
    assertThat(values(counters("counter=c0"))).isEmpty();
  }

  private static String tooManyCounters() {
    StringBuilder counters = new StringBuilder("{");
    for (int i = 0; i <= 100; i++) {
      counters.append(i == 0 ? "" : ",").append("\"c").append(i).append("\":1");
    }
    return counters.append("}").toString();
  }

  @Test
  void a_bad_read_is_400() {
    long now = System.currentTimeMillis();
    List<String> bad =
        List.of(
            "counter=x&resolution=fortnight",
            "counter=x&start_time=soon",
            "counter=x&end_time=1.5",
            "counter=x&start_time=-1",
            "counter=x&start_time=" + (now + HOUR) + "&end_time=" + now,
            "counter=x&start_time=" + (now + HOUR),
            "counter=x&resolution=minute&pad=true&start_time=0&end_time=" + now,
            "counter=x&pad=maybe",
            "counter=",
            "resolution=nope");
    for (String query : bad) {
      Reply refused = api.get(path("counters") + "?" + query);
      assertThat(refused.status()).as(query + " -> " + refused.body()).isEqualTo(400);
      assertThat(refused.error()).isEqualTo("illegal_argument");
    }
    StringBuilder many = new StringBuilder();
    for (int i = 0; i <= 100; i++) {
      many.append("&counter=n").append(i);
    }
    assertThat(api.get(path("counters") + "?" + many.substring(1)).status()).isEqualTo(400);
  }

  @Test
  void a_read_of_more_stored_buckets_than_a_reply_holds_is_400_not_a_truncated_answer() {
    List<Thread> posters = new ArrayList<>();
    for (int part = 0; part < 4; part++) {
      int first = part;
      Thread poster =
          new Thread(
              () -> {
                for (int minute = first; minute <= 1000; minute += 4) {
                  event(T + minute * MINUTE, "{\"dense\":1}");
                }
              });
      posters.add(poster);
      poster.start();
    }
    posters.forEach(CountersIT::join);

    String range = "&start_time=" + T + "&end_time=" + (T + 1000 * MINUTE);
    Reply refused = api.get(path("counters") + "?counter=dense&resolution=minute" + range);
    assertThat(refused.status()).as(refused.body()).isEqualTo(400);
    assertThat(values(counters("counter=dense&resolution=hour" + range)).values())
        .allMatch(value -> value <= 60)
        .hasSize(17);
    assertThat(values(counters("counter=dense"))).containsExactly(Map.entry(1L, 1001L));
  }

  private static void join(Thread thread) {
    try {
      thread.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  @Test
  void events_of_another_application_are_not_counted_here() {
    event(T, "{\"mine\":2}");
    ApiClient other =
        api.anonymous()
            .withToken(
                io.meridian.rest.support.Identities.clientToken(
                    api.anonymous(),
                    org,
                    "other",
                    io.meridian.rest.support.Identities.application(
                        api.anonymous(), organization, "other")));
    Reply theirs = other.post("/" + org + "/other/events", "{\"counters\":{\"mine\":5}}");
    assertThat(theirs.status()).as(theirs.body()).isEqualTo(200);

    assertThat(values(counters("counter=mine"))).containsExactly(Map.entry(1L, 2L));
  }
}
