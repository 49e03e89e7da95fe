package io.meridian.loadtests.scenarios;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.bodyString;
import static io.gatling.javaapi.core.CoreDsl.doIf;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.group;
import static io.gatling.javaapi.core.CoreDsl.jsonPath;
import static io.gatling.javaapi.core.CoreDsl.repeat;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Session;
import io.meridian.loadtests.generators.Places;
import io.meridian.loadtests.load.Dataset;
import io.meridian.loadtests.load.MeridianClient;
import java.io.IOException;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Geo2Tag's study on Meridian (docs/location-tags.md): the tags grow from {@code start} to {@code
 * max} in steps; at each count, LoadTags (tags of two channels within R of a point, in a time
 * window, newest first) runs {@code loads} times, then WriteTag adds the next step: {@code singles}
 * tags one by one (the measured WriteTag) and the rest in bulk arrays. Each step is a Gatling group
 * named by the tag count, so the report gives the latency per count. Every LoadTags answer is
 * compared with a brute force over the tags written so far.
 */
public final class LocationTags {
  private static final double SLACK = 1.0;

  private final String collection;
  private final Dataset.Source source;
  private final double[] lat;
  private final double[] lon;
  private final long[] time;
  private final int[] channel;
  private final double[] centres;
  private final int radius;
  private final int limit;

  public LocationTags(String appPath, int max, long seed, int radius, int limit) {
    this.collection = appPath + "/" + Dataset.TAGS.collection();
    this.source = Dataset.TAGS.generate(seed, max);
    this.lat = new double[max];
    this.lon = new double[max];
    this.time = new long[max];
    this.channel = new int[max];
    for (int i = 0; i < max; i++) {
      JsonNode tag = source.entity(i);
      lat[i] = tag.path("location").path("latitude").asDouble();
      lon[i] = tag.path("location").path("longitude").asDouble();
      time[i] = tag.path("time").asLong();
      channel[i] = Integer.parseInt(tag.path("channel").asText().substring("channel-".length()));
    }
    this.centres = Places.queryPoints(10_000, seed + 29);
    this.radius = radius;
    this.limit = limit;
  }

  /** The group of the step at {@code count} tags. */
  public static String stepName(int count) {
    return String.format(Locale.ROOT, "tags %07d", count);
  }

  /** The whole study, for one virtual user already signed in. */
  public ChainBuilder grow(int start, int max, int step, int loads, int singles) {
    int steps = (max - start) / step;
    return exec(session -> session.set("n", start).set("k", 0L))
        .exec(
            repeat(steps + 1)
                .on(
                    group(session -> stepName(session.getInt("n")))
                        .on(
                            // An application's collection exists from its first entity on, so
                            // LoadTags is measured from the first step's count.
                            doIf(session -> session.getInt("n") > 0)
                                .then(repeat(loads).on(exec(this::nextLoad).exec(loadTags()))),
                            doIf(session -> session.getInt("n") < max)
                                .then(writes(Math.min(step, max - start), singles)))));
  }

  private ChainBuilder loadTags() {
    return exec(
        http("LoadTags")
            .get(collection)
            .queryParam(
                "ql",
                "select * where location within "
                    + radius
                    + " of #{lat}, #{lon} and time >= #{from} and time <= #{to}"
                    + " and (channel = 'channel-#{a}' or channel = 'channel-#{b}') order by time desc")
            .queryParam("limit", limit)
            .check(status().is(200), bodyString().transformWithSession(this::problem).is("")));
  }

  private ChainBuilder writes(int step, int singles) {
    int single = Math.min(singles, step);
    ChainBuilder chain =
        repeat(single)
            .on(
                exec(http("WriteTag")
                        .post(collection)
                        .body(StringBody(session -> source.entity(session.getInt("n")).toString()))
                        .check(status().is(200), jsonPath("$.entities[0].uuid").exists()))
                    .exec(session -> session.set("n", session.getInt("n") + 1)));
    for (int rest = step - single; rest > 0; rest -= 1000) {
      int size = Math.min(1000, rest);
      chain =
          chain
              .exec(
                  http("WriteTag (bulk)")
                      .post(collection)
                      .body(StringBody(session -> bulk(session.getInt("n"), size)))
                      .check(status().is(200), jsonPath("$.entities[*]").count().is(size)))
              .exec(session -> session.set("n", session.getInt("n") + size));
    }
    return chain;
  }

  private String bulk(int from, int size) {
    ArrayNode array = MeridianClient.JSON.createArrayNode();
    for (int i = from; i < from + size; i++) {
      array.add(source.entity(i));
    }
    return array.toString();
  }

  private Session nextLoad(Session session) {
    long k = session.getLong("k");
    SplittableRandom random = new SplittableRandom(k * 31 + 7);
    int n = session.getInt("n");
    int point = (int) Math.floorMod(k, (long) centres.length / 2);
    int a = random.nextInt(Dataset.TAG_CHANNELS);
    int b = (a + 1 + random.nextInt(Dataset.TAG_CHANNELS - 1)) % Dataset.TAG_CHANNELS;
    long from = Dataset.TAG_EPOCH + 1000L * (n / 2);
    long to = Dataset.TAG_EPOCH + 1000L * Math.max(0, n - 1);
    return session
        .set("k", k + 1)
        .set("lat", Double.toString(centres[2 * point]))
        .set("lon", Double.toString(centres[2 * point + 1]))
        .set("from", from)
        .set("to", to)
        .set("a", a)
        .set("b", b);
  }

  private String problem(String body, Session session) {
    double qLat = Double.parseDouble(session.getString("lat"));
    double qLon = Double.parseDouble(session.getString("lon"));
    long from = session.getLong("from");
    long to = session.getLong("to");
    int a = session.getInt("a");
    int b = session.getInt("b");
    int n = session.getInt("n");
    JsonNode entities;
    try {
      entities = MeridianClient.JSON.readTree(body).path("entities");
    } catch (IOException e) {
      return "not JSON: " + e.getMessage();
    }
    if (entities.size() > limit) {
      return entities.size() + " tags for limit " + limit;
    }
    Set<String> returned = new HashSet<>();
    long previous = Long.MAX_VALUE;
    for (JsonNode tag : entities) {
      int i = Dataset.TAGS.index(tag.path("name").asText());
      if (i < 0 || i >= n) {
        return "unexpected tag " + tag.path("name").asText() + " with " + n + " written";
      }
      if (time[i] > previous) {
        return "not newest first at " + tag.path("name").asText();
      }
      previous = time[i];
      if (!(channel[i] == a || channel[i] == b) || time[i] < from || time[i] > to) {
        return tag.path("name").asText() + " is outside the channels or the window";
      }
      if (Distances.meters(qLat, qLon, lat[i], lon[i]) > radius + SLACK) {
        return tag.path("name").asText() + " is beyond " + radius + " m";
      }
      returned.add(tag.path("name").asText());
    }
    // Every tag that surely matches and is newer than the last returned one must be there.
    long oldest = entities.size() == limit ? previous : Long.MIN_VALUE;
    for (int i = n - 1; i >= 0 && time[i] >= from; i--) {
      if (time[i] > to || time[i] < oldest || !(channel[i] == a || channel[i] == b)) {
        continue;
      }
      if (Distances.meters(qLat, qLon, lat[i], lon[i]) <= radius - SLACK
          && !returned.contains(Dataset.TAGS.name(i))) {
        return "missing " + Dataset.TAGS.name(i);
      }
    }
    return "";
  }
}
