package io.meridian.loadtests.scenarios;

import static io.gatling.javaapi.core.CoreDsl.bodyString;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import com.fasterxml.jackson.databind.JsonNode;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Session;
import io.meridian.loadtests.generators.Places;
import io.meridian.loadtests.load.Dataset;
import io.meridian.loadtests.load.MeridianClient;
import java.io.IOException;
import java.util.Locale;

/**
 * "Places near me": {@code within R of lat, lon} with limit 25, R cycling through 0.5, 2, 5, 10, 25
 * and 50 km, centres drawn from the places' own distribution (a new point per request). Each answer
 * must be nearest first, within R, and carry its distance. When the data set is small enough
 * ({@code exactUpTo}), each answer is also compared with a brute force over every place.
 */
public final class PlacesNear {
  public static final int[] RADII = {500, 2_000, 5_000, 10_000, 25_000, 50_000};
  private static final double SLACK = 1.0; // metres: rounding between two haversine codes

  private final String collection;
  private final Places places;
  private final boolean exact;
  private final double[] centres;
  private final int limit;

  public PlacesNear(String appPath, int count, long seed, int limit, int exactUpTo) {
    this.collection = appPath + "/" + Dataset.PLACES.collection();
    this.places = Places.generate(count, seed);
    this.exact = count <= exactUpTo;
    this.centres = Places.queryPoints(100_000, seed + 17);
    this.limit = limit;
  }

  public static String requestName(int radius) {
    return String.format(
        Locale.ROOT,
        "within %s km",
        radius % 1000 == 0 ? radius / 1000 + "" : radius / 1000.0 + "");
  }

  /** One query at the next radius, from the next centre. */
  public ChainBuilder query() {
    return exec(this::next)
        .exec(
            http(session -> requestName(session.getInt("radius")))
                .get(collection)
                .queryParam("ql", "select * where location within #{radius} of #{lat}, #{lon}")
                .queryParam("limit", limit)
                .check(status().is(200), bodyString().transformWithSession(this::problem).is("")));
  }

  private Session next(Session session) {
    long k = session.contains("k") ? session.getLong("k") + 1 : session.userId() * 7_919L;
    int point = (int) Math.floorMod(k, (long) centres.length / 2);
    return session
        .set("k", k)
        .set("radius", RADII[(int) Math.floorMod(k, (long) RADII.length)])
        .set("lat", Double.toString(centres[2 * point]))
        .set("lon", Double.toString(centres[2 * point + 1]));
  }

  private String problem(String body, Session session) {
    double lat = Double.parseDouble(session.getString("lat"));
    double lon = Double.parseDouble(session.getString("lon"));
    int radius = session.getInt("radius");
    JsonNode entities;
    try {
      entities = MeridianClient.JSON.readTree(body).path("entities");
    } catch (IOException e) {
      return "not JSON: " + e.getMessage();
    }
    if (entities.size() > limit) {
      return entities.size() + " entities for limit " + limit;
    }
    double previous = 0;
    for (JsonNode entity : entities) {
      JsonNode distance = entity.path("metadata").path("distance");
      if (!distance.isNumber()) {
        return entity.path("name").asText() + " has no metadata.distance";
      }
      double d = distance.asDouble();
      if (d > radius + SLACK || d < previous - SLACK) {
        return "distance " + d + " out of order or beyond " + radius;
      }
      double mine =
          Distances.meters(
              lat,
              lon,
              entity.path("location").path("latitude").asDouble(),
              entity.path("location").path("longitude").asDouble());
      if (Math.abs(mine - d) > SLACK) {
        return entity.path("name").asText() + " is " + mine + " m away, not " + d;
      }
      previous = d;
    }
    return exact ? exactProblem(entities, lat, lon, radius) : "";
  }

  /** Compares the answer's size and its last distance with every place's distance. */
  private String exactProblem(JsonNode entities, double lat, double lon, int radius) {
    int inside = 0;
    int surelyInside = 0;
    for (int i = 0; i < places.size(); i++) {
      double d = Distances.meters(lat, lon, places.latitude(i), places.longitude(i));
      if (d <= radius + SLACK) {
        inside++;
      }
      if (d <= radius - SLACK) {
        surelyInside++;
      }
    }
    int got = entities.size();
    if (got < Math.min(limit, surelyInside) || got > Math.min(limit, inside)) {
      return "got " + got + " places; " + surelyInside + " to " + inside + " are within " + radius;
    }
    if (got == limit) {
      double last = entities.get(got - 1).path("metadata").path("distance").asDouble();
      int closer = 0;
      for (int i = 0; i < places.size(); i++) {
        if (Distances.meters(lat, lon, places.latitude(i), places.longitude(i)) < last - SLACK) {
          closer++;
        }
      }
      if (closer >= limit) {
        return closer + " places are nearer than the last one returned (" + last + " m)";
      }
    }
    return "";
  }
}
