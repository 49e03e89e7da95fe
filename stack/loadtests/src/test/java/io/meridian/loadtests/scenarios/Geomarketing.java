package io.meridian.loadtests.scenarios;

import static io.gatling.javaapi.core.CoreDsl.bodyString;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.repeat;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import com.fasterxml.jackson.databind.JsonNode;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Session;
import io.meridian.loadtests.generators.Hexagons;
import io.meridian.loadtests.generators.Region;
import io.meridian.loadtests.load.Dataset;
import io.meridian.loadtests.load.MeridianClient;
import java.io.IOException;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Kuzzle's geomarketing benchmark on Meridian: a device signs in once, then reports positions, each
 * a new point drawn uniformly over the fences' region, and gets back the ads whose fence contains
 * it ({@code geometry contains}). Each answer is checked against an independent oracle: every ad
 * returned contains the point, none twice, and there are as many as the limit allows.
 */
public final class Geomarketing {
  private final String collection;
  private final FenceOracle oracle;
  private final long seed;
  private final int limit;

  public Geomarketing(String appPath, int fences, long seed, int limit) {
    this.collection = appPath + "/" + Dataset.FENCES.collection();
    this.oracle = new FenceOracle(Hexagons.generate(Hexagons.Size.LARGE, fences, seed));
    this.seed = seed;
    this.limit = limit;
  }

  /** Sends {@code positions} positions, each checked. */
  public ChainBuilder positions(int positions) {
    return exec(session ->
            session.set("positions", new SplittableRandom(seed * 1_000_003L + session.userId())))
        .exec(
            repeat(positions)
                .on(
                    exec(Geomarketing::nextPosition)
                        .exec(
                            http("ads at position")
                                .get(collection)
                                .queryParam(
                                    "ql", "select name where geometry contains #{lat}, #{lon}")
                                .queryParam("limit", limit)
                                .check(
                                    status().is(200),
                                    bodyString().transformWithSession(this::problem).is("")))));
  }

  private static Session nextPosition(Session session) {
    SplittableRandom random = (SplittableRandom) session.get("positions");
    double lat =
        Region.MIN_LATITUDE + (Region.MAX_LATITUDE - Region.MIN_LATITUDE) * random.nextDouble();
    double lon =
        Region.MIN_LONGITUDE + (Region.MAX_LONGITUDE - Region.MIN_LONGITUDE) * random.nextDouble();
    return session.set("lat", Double.toString(lat)).set("lon", Double.toString(lon));
  }

  /** "" when the answer is right, else what is wrong with it. */
  private String problem(String body, Session session) {
    double lat = Double.parseDouble(session.getString("lat"));
    double lon = Double.parseDouble(session.getString("lon"));
    int[] expected = oracle.containing(lat, lon);
    JsonNode list;
    try {
      list = MeridianClient.JSON.readTree(body).path("list");
    } catch (IOException e) {
      return "not JSON: " + e.getMessage();
    }
    int want = Math.min(limit, expected.length);
    if (list.size() != want) {
      return "expected " + want + " ads of " + expected.length + " fences, got " + list.size();
    }
    Set<String> seen = new HashSet<>();
    for (JsonNode row : list) {
      String name = row.path(0).asText();
      if (!seen.add(name)) {
        return "ad " + name + " twice";
      }
      int index = Dataset.FENCES.index(name);
      if (index < 0 || Arrays.binarySearch(expected, index) < 0) {
        return "ad " + name + " does not contain " + lat + ", " + lon;
      }
    }
    return "";
  }
}
