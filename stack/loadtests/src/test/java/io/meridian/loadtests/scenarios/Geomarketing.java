package io.meridian.loadtests.scenarios;

import static io.gatling.javaapi.core.CoreDsl.bodyString;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.jsonPath;
import static io.gatling.javaapi.core.CoreDsl.pace;
import static io.gatling.javaapi.core.CoreDsl.repeat;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;
import static io.gatling.javaapi.http.HttpDsl.ws;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Session;
import io.meridian.loadtests.generators.Hexagons;
import io.meridian.loadtests.generators.Region;
import io.meridian.loadtests.load.Dataset;
import io.meridian.loadtests.load.MeridianClient;
import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Kuzzle's geomarketing benchmark on Meridian: a device signs in once, then reports positions, each
 * a new point drawn uniformly over the fences' region, and gets back the ads whose fence contains
 * it ({@code geometry contains}), over HTTP ({@link #positions}) or over its one real-time socket
 * ({@link #positionsOverSocket}, docs/realtime.md). Each answer, whichever way it came, is checked
 * against the same independent oracle: every ad returned contains the point, none twice, and there
 * are as many as the limit allows.
 */
public final class Geomarketing {
  private final String appPath;
  private final Dataset dataset;
  private final Region region;
  private final FenceOracle oracle;
  private final long seed;
  private final int limit;
  private final Duration interval;
  private final Throughput answered;

  /**
   * The first {@code fences} fences of {@code dataset} (a fence data set) for {@code seed}; each
   * device sends a position every {@code interval} (zero: the next as soon as the answer is in),
   * and every answer is counted in {@code answered}.
   */
  public Geomarketing(
      String appPath,
      Dataset dataset,
      int fences,
      long seed,
      int limit,
      Duration interval,
      Throughput answered) {
    this.appPath = appPath;
    this.dataset = dataset;
    this.region = dataset.fenceSize().region();
    this.oracle = new FenceOracle(Hexagons.generate(dataset.fenceSize(), fences, seed));
    this.seed = seed;
    this.limit = limit;
    this.interval = interval;
    this.answered = answered;
  }

  /** Sends {@code positions} positions as HTTP GETs, each checked. */
  public ChainBuilder positions(int positions) {
    return exec(this::startPositions)
        .exec(
            repeat(positions)
                .on(
                    paced(
                        exec(this::nextPosition)
                            .exec(
                                http("ads at position")
                                    .get(appPath + "/" + dataset.collection())
                                    .queryParam(
                                        "ql", "select name where geometry contains #{lat}, #{lon}")
                                    .queryParam("limit", limit)
                                    .check(
                                        status().is(200),
                                        bodyString()
                                            .transformWithSession(this::httpProblem)
                                            .is("")))
                            .exec(this::countAnswer))));
  }

  /**
   * Opens the device's socket with its token ({@code #{token}}, from the sign-in), sends {@code
   * positions} positions as {@code request} messages, each awaiting the {@code response} with its
   * id and checked, then closes the socket.
   */
  public ChainBuilder positionsOverSocket(int positions, Duration timeout) {
    return exec(this::startPositions)
        .exec(ws("open socket").connect(appPath + "/_realtime?access_token=#{token}"))
        .exec(
            repeat(positions, "position")
                .on(
                    paced(
                        exec(this::nextPosition)
                            .exec(
                                ws("position sent")
                                    .sendText(this::request)
                                    .await(timeout)
                                    .on(
                                        ws.checkTextMessage("ads at position")
                                            .matching(
                                                jsonPath("$.id")
                                                    .is(
                                                        session ->
                                                            Integer.toString(
                                                                session.getInt("position"))))
                                            .check(
                                                bodyString()
                                                    .transformWithSession(this::frameProblem)
                                                    .is(""))))
                            .exec(this::countAnswer))))
        .exec(ws("close socket").close());
  }

  private ChainBuilder paced(ChainBuilder position) {
    return interval.isZero() ? position : exec(pace(interval)).exec(position);
  }

  private Session startPositions(Session session) {
    return session.set("positions", new SplittableRandom(seed * 1_000_003L + session.userId()));
  }

  private Session nextPosition(Session session) {
    double[] point = region.draw((SplittableRandom) session.get("positions"));
    return session.set("lat", Double.toString(point[0])).set("lon", Double.toString(point[1]));
  }

  private Session countAnswer(Session session) {
    answered.record();
    return session;
  }

  /** The {@code request} message of the session's position. */
  private String request(Session session) {
    ObjectNode request =
        MeridianClient.JSON
            .createObjectNode()
            .put("op", "request")
            .put("id", Integer.toString(session.getInt("position")))
            .put("method", "GET")
            .put("path", "/" + dataset.collection());
    request
        .putObject("query")
        .put(
            "ql",
            "select name where geometry contains "
                + session.getString("lat")
                + ", "
                + session.getString("lon"))
        .put("limit", Integer.toString(limit));
    return request.toString();
  }

  private String httpProblem(String body, Session session) {
    try {
      return problem(MeridianClient.JSON.readTree(body), session);
    } catch (IOException e) {
      return "not JSON: " + e.getMessage();
    }
  }

  /** "" when a {@code response} message carries a right answer, else what is wrong with it. */
  private String frameProblem(String frame, Session session) {
    JsonNode message;
    try {
      message = MeridianClient.JSON.readTree(frame);
    } catch (IOException e) {
      return "not JSON: " + e.getMessage();
    }
    if (!message.path("op").asText().equals("response")) {
      return "expected a response, got " + frame;
    }
    if (message.path("status").asInt() != 200) {
      return "status " + message.path("status") + ": " + message.path("body");
    }
    return problem(message.path("body"), session);
  }

  /** "" when the REST answer holds the right ads for the session's position, else the problem. */
  private String problem(JsonNode answer, Session session) {
    double lat = Double.parseDouble(session.getString("lat"));
    double lon = Double.parseDouble(session.getString("lon"));
    int[] expected = oracle.containing(lat, lon);
    // select name answers entities holding only uuid, type, name and metadata (Usergrid 2's shape).
    JsonNode ads = answer.path("entities");
    int want = Math.min(limit, expected.length);
    if (ads.size() != want) {
      return "expected " + want + " ads of " + expected.length + " fences, got " + ads.size();
    }
    Set<String> seen = new HashSet<>();
    for (JsonNode ad : ads) {
      String name = ad.path("name").asText();
      if (!seen.add(name)) {
        return "ad " + name + " twice";
      }
      int index = dataset.index(name);
      if (index < 0 || Arrays.binarySearch(expected, index) < 0) {
        return "ad " + name + " does not contain " + lat + ", " + lon;
      }
    }
    return "";
  }
}
