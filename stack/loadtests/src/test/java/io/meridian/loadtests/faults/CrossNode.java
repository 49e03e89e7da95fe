package io.meridian.loadtests.faults;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.loadtests.load.MeridianClient;
import io.meridian.loadtests.load.MeridianClient.App;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Checks that what one REST node does is seen by another, sent to each node directly (never through
 * a load balancer): a token issued by the first works on the second, a revocation on the first
 * reaches the second, and so does a new fence. The latencies are measured from the moment the first
 * node acknowledged, by polling the second every {@value #POLL_MILLIS} ms.
 */
public final class CrossNode {
  static final long POLL_MILLIS = 20;

  /** Where the checks' fences go; each is a small square at a random place of its own. */
  static final String FENCES = "faultfences";

  private final URI first;
  private final URI second;
  private final App app;
  private final String appToken;
  private final NodeHttp http = new NodeHttp(NodeHttp.DEFAULT_TIMEOUT);

  /** Checks from {@code first} to {@code second}, administering {@code app} with its token. */
  public CrossNode(URI first, URI second, App app, String appToken) {
    List<URI> nodes = NodeHttp.requireLoopback(List.of(first, second));
    this.first = nodes.get(0);
    this.second = nodes.get(1);
    this.app = app;
    this.appToken = appToken;
  }

  /**
   * One measurement: what was checked, whether the second node showed it before the limit, after
   * how long, how many requests to the second node that took, and what it answered last.
   */
  public record Check(String what, boolean reached, Duration latency, int polls, String detail) {
    public String line() {
      return String.format(
          Locale.ROOT,
          "[cross-node] %s: %s in %d ms (%d %s; %s)",
          what,
          reached ? "reached" : "NOT reached",
          latency.toMillis(),
          polls,
          polls == 1 ? "request" : "requests",
          detail);
    }

    public void print() {
      System.out.println(line());
    }
  }

  /**
   * Creates an application user through the first node, signs it in there (password grant), and
   * reads {@code /users/me} with that token on the second node, once: a token is self-contained, so
   * it must work there at once.
   */
  public Check tokenWorksOnOtherNode() throws IOException, InterruptedException {
    User user = createUser();
    String token = signIn(user);
    long started = System.nanoTime();
    NodeHttp.Reply me = get(second, "/users/me", token);
    Duration took = Duration.ofNanos(System.nanoTime() - started);
    String username = me.json().path("entities").path(0).path("username").asText();
    boolean works = me.ok() && username.equals(user.username);
    Check check =
        new Check(
            "token from " + first + " on " + second,
            works,
            took,
            1,
            me.status() + (works ? " as " + username : " " + me.error()));
    check.print();
    return check;
  }

  /**
   * Signs a new user in through the first node, checks that the second accepts the token, revokes
   * it through the first ({@code PUT /users/{user}/revoketoken?token=}), and polls the second until
   * it answers 401 or {@code limit} passes.
   */
  public Check revocationReachesOtherNode(Duration limit) throws IOException, InterruptedException {
    User user = createUser();
    String token = signIn(user);
    NodeHttp.Reply before = get(second, "/users/me", token);
    if (!before.ok()) {
      throw new IllegalStateException(
          "The token was refused by " + second + " before it was revoked: " + before);
    }
    long sent = System.nanoTime();
    NodeHttp.Reply revoked =
        http.send(
            "PUT",
            NodeHttp.url(
                first,
                app.path()
                    + "/users/"
                    + user.username
                    + "/revoketoken?token="
                    + MeridianClient.encode(token)),
            null,
            appToken);
    requireOk(revoked, "revoke the token through " + first);
    long acknowledged = System.nanoTime();
    long revokeMillis = (acknowledged - sent) / 1_000_000;
    Poll poll =
        poll(
            acknowledged,
            limit,
            () -> {
              NodeHttp.Reply reply = get(second, "/users/me", token);
              return new Answer(reply.status() == 401, reply.status() + " " + reply.error());
            });
    Check check =
        new Check(
            "revocation on " + first + " seen by " + second,
            poll.reached,
            poll.latency,
            poll.polls,
            poll.last + ", the revocation took " + revokeMillis + " ms");
    check.print();
    return check;
  }

  /**
   * Looks up a random place on the second node once (so that the measure is not its first lookup),
   * creates a fence there (a small square) through the first node and polls the second node's batch
   * lookup ({@code POST /faultfences/_contains}) for its centre until the fence is in the answer or
   * {@code limit} passes.
   */
  public Check fenceReachesOtherNode(Duration limit) throws IOException, InterruptedException {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    double latitude = round(random.nextDouble(-60, 60));
    double longitude = round(random.nextDouble(-170, 170));
    double half = 0.001;
    ObjectNode fence = MeridianClient.JSON.createObjectNode();
    fence.put("title", "fault harness fence");
    ObjectNode geometry = fence.putObject("geometry");
    geometry.put("type", "Polygon");
    ArrayNode ring = geometry.putArray("coordinates").addArray();
    double[][] corners = {
      {longitude - half, latitude - half},
      {longitude + half, latitude - half},
      {longitude + half, latitude + half},
      {longitude - half, latitude + half},
      {longitude - half, latitude - half}
    };
    for (double[] corner : corners) {
      ring.addArray().add(round(corner[0])).add(round(corner[1]));
    }
    ObjectNode lookup = MeridianClient.JSON.createObjectNode();
    lookup.putArray("points").addObject().put("latitude", latitude).put("longitude", longitude);
    lookup.put("limit", 1000);
    URI lookupUrl = NodeHttp.url(second, app.path() + "/" + FENCES + "/_contains");
    // The first lookup of a node can take a second by itself (a cold JVM); it is not propagation.
    http.send("POST", lookupUrl, lookup.toString(), appToken);
    NodeHttp.Reply created =
        http.send(
            "POST", NodeHttp.url(first, app.path() + "/" + FENCES), fence.toString(), appToken);
    requireOk(created, "create a fence through " + first);
    long acknowledged = System.nanoTime();
    String uuid = created.json().path("entities").path(0).path("uuid").asText();
    Poll poll =
        poll(
            acknowledged,
            limit,
            () -> {
              NodeHttp.Reply reply = http.send("POST", lookupUrl, lookup.toString(), appToken);
              if (!reply.ok()) {
                return new Answer(false, reply.status() + " " + reply.error());
              }
              JsonNode entities = reply.json().path("results").path(0).path("entities");
              for (JsonNode entity : entities) {
                if (entity.path("uuid").asText().equals(uuid)) {
                  return new Answer(true, "200 with the fence");
                }
              }
              return new Answer(false, "200 with " + entities.size() + " other fences");
            });
    Check check =
        new Check(
            "fence created on " + first + " seen by " + second,
            poll.reached,
            poll.latency,
            poll.polls,
            poll.last);
    check.print();
    return check;
  }

  private record User(String username, String password) {}

  private record Answer(boolean reached, String detail) {}

  private record Poll(boolean reached, Duration latency, int polls, String last) {}

  @FunctionalInterface
  private interface Probe {
    Answer ask() throws IOException, InterruptedException;
  }

  /**
   * Asks {@code probe} every {@value #POLL_MILLIS} ms until it reports the change, or {@code limit}
   * after {@code since}; a connection failure counts as a "not yet".
   */
  private static Poll poll(long since, Duration limit, Probe probe) throws InterruptedException {
    long deadline = since + limit.toNanos();
    int polls = 0;
    String last;
    while (true) {
      polls++;
      long asked = System.nanoTime();
      Answer answer;
      try {
        answer = probe.ask();
      } catch (IOException e) {
        answer = new Answer(false, NodeHttp.outcomeOf(e));
      }
      long now = System.nanoTime();
      last = answer.detail();
      if (answer.reached() || now > deadline) {
        return new Poll(
            answer.reached(),
            Duration.ofNanos(now - since),
            polls,
            last + " in " + (now - asked) / 1_000_000 + " ms");
      }
      Thread.sleep(POLL_MILLIS);
    }
  }

  private User createUser() throws IOException, InterruptedException {
    String username = "fault-" + WriteLoad.newRunId();
    String password = MeridianClient.randomText(18);
    ObjectNode body =
        MeridianClient.JSON
            .createObjectNode()
            .put("username", username)
            .put("email", username + "@example.com")
            .put("password", password);
    requireOk(
        http.send("POST", NodeHttp.url(first, app.path() + "/users"), body.toString(), appToken),
        "create user " + username + " through " + first);
    return new User(username, password);
  }

  private String signIn(User user) throws IOException, InterruptedException {
    ObjectNode grant =
        MeridianClient.JSON
            .createObjectNode()
            .put("grant_type", "password")
            .put("username", user.username)
            .put("password", user.password);
    NodeHttp.Reply reply =
        http.send("POST", NodeHttp.url(first, app.path() + "/token"), grant.toString(), null);
    requireOk(reply, "sign " + user.username + " in through " + first);
    return reply.json().path("access_token").asText();
  }

  private NodeHttp.Reply get(URI node, String pathInApp, String token)
      throws IOException, InterruptedException {
    return http.send("GET", NodeHttp.url(node, app.path() + pathInApp), null, token);
  }

  private static void requireOk(NodeHttp.Reply reply, String what) {
    if (!reply.ok()) {
      throw new IllegalStateException(
          "Could not " + what + ": " + reply.status() + " " + reply.body());
    }
  }

  private static double round(double degrees) {
    return Math.round(degrees * 1e6) / 1e6;
  }
}
